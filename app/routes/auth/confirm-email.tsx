import { paths } from '../../../common/paths';
import { TokenAction } from '../../components/newsletter/token-action';
import { api } from '../../lib/api-client';
import { pageMetaFor } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/confirm-email';

// A personal link: kept out of search engines, never sent on as a referrer.
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMetaFor(matches, 'recovery.confirm.title'),
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

/** /{locale}/confirm-email?token=…: a new address's mailed link lands here; the button confirms it. */
export default function ConfirmEmail() {
  const { locale } = useRootData();
  return <TokenAction kind="confirm" call={api.auth.confirmEmail} words="recovery.confirm" home={paths.profile(locale)} />;
}
