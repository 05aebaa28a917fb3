import { TokenAction } from '../../components/newsletter/token-action';
import { api } from '../../lib/api-client';
import { pageMetaFor } from '../../lib/meta';
import type { Route } from './+types/notifications-unsubscribe';

// A personal link: kept out of search engines.
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMetaFor(matches, 'recovery.unsubscribe.title'),
  { name: 'robots', content: 'noindex' },
];

/** /{locale}/notifications/unsubscribe?token=…: a notification mail's link; the button turns that kind off. */
export default function NotificationsUnsubscribe() {
  return <TokenAction kind="unsubscribe" call={api.profile.unsubscribeNotifications} words="recovery.unsubscribe" />;
}
