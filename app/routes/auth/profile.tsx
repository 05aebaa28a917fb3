import { useTranslation } from 'react-i18next';
import { localeDirection } from '../../../common/locales';
import { ChangePasswordDialog } from '../../components/profile/change-password-dialog';
import { CommentList } from '../../components/profile/comment-list';
import { DeviceCard } from '../../components/profile/device-card';
import { DeviceList } from '../../components/profile/device-list';
import { EmailCard } from '../../components/profile/email-card';
import { UpdateProfileDialog } from '../../components/profile/update-profile-dialog';
import { ConfirmIdentityProvider } from '../../components/two-factor/confirm-identity';
import { SecuritySection } from '../../components/two-factor/security-section';
import { Avatar } from '../../components/ui/avatar';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatNumber, useClock } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/profile';
import { loadProfile } from './profile.server';

/** The signed-in user's profile (docs/spec.md §2); anonymous visitors sign in first and come back. */
export async function loader(args: Route.LoaderArgs) {
  return loadProfile(args);
}

/** Personal data: never stored by a shared cache. */
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, loaderData?.user.displayName);

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, site } = useRootData();
  const clock = useClock();
  const { user, devices, comments } = loaderData;
  const count = (n: number) =>
    n > 0 ? <span className="rounded-full bg-muted px-1.5 text-xs">{formatNumber(locale, n)}</span> : null;

  const { security } = loaderData;
  return (
    <ConfirmIdentityProvider hasCode={security.totp || security.recoveryCodesLeft > 0}>
      <div>
        <section aria-labelledby="profile-name" className="overflow-hidden rounded-xl border border-border">
          <img src={site.defaultBanner} alt="" className="h-36 w-full bg-muted object-cover sm:h-48 dark:brightness-75" />
          <div className="flex flex-wrap items-center gap-x-4 gap-y-3 px-4 py-4 sm:px-6">
            <Avatar name={user.displayName} src={user.avatarUrl} size="3xl" className="ring-4 ring-primary/10" />
            <div className="min-w-0 flex-1">
              <h1 id="profile-name" className="truncate text-2xl font-bold">
                {user.displayName}
              </h1>
              <p className="text-sm text-fg-muted">
                <bdi dir="auto">@{user.username}</bdi>
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <UpdateProfileDialog user={{ firstName: user.firstName, lastName: user.lastName, about: user.about }} />
              <ChangePasswordDialog username={user.username} />
            </div>
          </div>
          <div className="border-t border-border px-4 py-4 sm:px-6">
            <p dir="auto" className="whitespace-pre-line break-words" data-testid="profile-about">
              {user.about}
            </p>
            <p className="mt-2 text-sm text-fg-muted">{t('profile.memberSince', { date: clock.time(user.createdAt, 'date') })}</p>
          </div>
        </section>

        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <Tabs defaultValue={loaderData.tab} dir={localeDirection[locale]}>
            <TabsList aria-label={t('profile.tabs.label')}>
              <TabsTrigger value="comments">
                {t('profile.tabs.comments')}
                {count(comments.length)}
              </TabsTrigger>
              <TabsTrigger value="devices">
                {t('profile.tabs.devices')}
                {count(devices.length)}
              </TabsTrigger>
              <TabsTrigger value="security">{t('twoFactor.title')}</TabsTrigger>
            </TabsList>
            <TabsContent value="comments">
              <CommentList comments={comments} />
            </TabsContent>
            <TabsContent value="devices">
              <DeviceList devices={devices} currentDeviceId={loaderData.currentDeviceId} />
            </TabsContent>
            <TabsContent value="security">
              <SecuritySection overview={loaderData.security} />
            </TabsContent>
          </Tabs>
          <aside>
            <DeviceCard />
            <EmailCard email={user.email} pendingEmail={user.pendingEmail} notifications={user.notifications} />
          </aside>
        </div>
      </div>
    </ConfirmIdentityProvider>
  );
}
