import { LockKeyhole, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Locale } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { Button } from '../ui/button';

/**
 * Where a members page stops for a reader who is not signed in (docs/content.md "Members-only
 * pages"): the page's first block is above it, the rest is not in the HTML at all. Signing in (or
 * registering) comes back to this page. The same for every such reader, so the page stays cacheable.
 */
export function MembersNote({ locale, path }: { locale: Locale; path: string }) {
  const { t } = useTranslation();
  return (
    <aside
      data-testid="members-note"
      className="mt-8 flex flex-col items-center gap-4 rounded-xl border border-border bg-muted p-6 text-center"
    >
      <LockKeyhole className="size-6 text-primary-strong" aria-hidden />
      <p className="text-lg font-semibold">{t('content.membersRest')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to={paths.login(locale, path)} rel="nofollow" data-testid="members-sign-in">
            <LogIn aria-hidden className="size-4 rtl:-scale-x-100" />
            {t('content.membersSignIn')}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.register(locale, path)} rel="nofollow">
            {t('content.membersRegister')}
          </Link>
        </Button>
      </div>
    </aside>
  );
}
