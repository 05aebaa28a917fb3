import { data } from 'react-router';
import type { RepositoryDamagePage } from '../../common/content-sync';
import { isLocale } from '../../common/locales';
import { translateMessage } from '../../common/messages';
import { RepositoryDamagedError } from '../../server/content/repository';

/**
 * For a loader's `catch`: a damaged content repository (server/content/repository.ts) becomes an
 * error page that says so — which file and object, restore from a backup — in the page's language,
 * and the log gets the whole English message; anything else is thrown on as it was.
 */
export function rethrowRepositoryDamage(error: unknown, locale: string | undefined): never {
  if (!(error instanceof RepositoryDamagedError)) throw error;
  console.error(error.message);
  const page: RepositoryDamagePage = {
    kind: 'repositoryDamaged',
    message: translateMessage(isLocale(locale) ? locale : 'en', error.messageKey, error.values),
  };
  throw data(page, { status: 500 });
}
