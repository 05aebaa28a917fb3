import { TokenAction } from '../../components/newsletter/token-action';
import { pageMetaFor } from '../../lib/meta';
import type { Route } from './+types/newsletter-unsubscribe';

// A personal link: kept out of search engines.
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMetaFor(matches, 'newsletter.unsubscribe.title'),
  { name: 'robots', content: 'noindex' },
];

/** /{locale}/newsletter/unsubscribe?token=…: the mail's link lands here; the button does the work. */
export default function NewsletterUnsubscribe() {
  return <TokenAction kind="unsubscribe" />;
}
