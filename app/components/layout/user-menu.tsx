import { LayoutDashboard, LogIn, LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../common/paths';
import { useRootData } from '../../lib/root-data';
import { useSession } from '../../lib/session';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';

/**
 * Sign-in state in the header. Rendered only once the session is known (after hydration), so a
 * cached page is the same for everyone until then.
 */
// On phones each control is its icon alone (its name stays for screen readers and as a tooltip),
// so the signed-in header keeps one row beside the wordmark at 375 px.
const phoneIcon = 'max-sm:w-8 max-sm:justify-center max-sm:px-0';

export function UserMenu() {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { authReady, user, logout } = useSession();
  const navigate = useNavigate();
  if (!authReady) return <span aria-hidden className="inline-block w-16" />;
  if (!user) {
    return (
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.login(locale)}>
          <LogIn aria-hidden className="size-4 rtl:-scale-x-100" />
          {t('auth.loginLink')}
        </Link>
      </Button>
    );
  }
  return (
    <nav aria-label={t('auth.userMenu')} className="flex items-center gap-1">
      {user.permissions.includes('dashboard.read') ? (
        <Button asChild variant="ghost" size="sm" className={phoneIcon}>
          <Link to={paths.manage(locale)} aria-label={t('auth.dashboard')} title={t('auth.dashboard')}>
            <LayoutDashboard aria-hidden className="size-4" />
            <span className="max-sm:sr-only">{t('auth.dashboard')}</span>
          </Link>
        </Button>
      ) : null}
      <Button asChild variant="ghost" size="sm" className={phoneIcon}>
        <Link to={paths.profile(locale)} title={user.displayName} aria-label={t('auth.profile')}>
          <UserRound aria-hidden className="size-4" />
          <span className="max-sm:sr-only">{t('auth.profile')}</span>
        </Link>
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className={phoneIcon}
        title={t('auth.logout')}
        onClick={async () => {
          await logout();
          toast({ title: t('auth.loggedOut'), color: 'info' });
          navigate(paths.home(locale));
        }}
      >
        <LogOut aria-hidden className="size-4 rtl:-scale-x-100" />
        <span className="max-sm:sr-only">{t('auth.logout')}</span>
      </Button>
    </nav>
  );
}
