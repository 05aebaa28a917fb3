import { Loader2, Search, ShieldAlert, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import { localeDirection } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { useListSearch, withListQuery } from '../../components/manage/list-pagination';
import { CreateUserDialog } from '../../components/manage/users/create-user-dialog';
import { isolate } from '../../components/manage/users/isolate';
import { RoleDialog } from '../../components/manage/users/role-dialog';
import { RolesTable } from '../../components/manage/users/roles-table';
import { UsersTable } from '../../components/manage/users/users-table';
import { EmptyState } from '../../components/profile/empty-state';
import { Alert } from '../../components/ui/alert';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatNumber } from '../../lib/format';
import { pageMetaFor } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/users';
import { loadUsers } from './users.server';

export async function loader(args: Route.LoaderArgs) {
  return loadUsers(args);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.users');

/** Users and roles (docs/spec.md: /manage/users/{tab}): accounts on one tab, roles on the other. */
export default function ManageUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const navigate = useNavigate();
  const { tab, roles, me, can } = loaderData;
  return (
    <section aria-labelledby="users-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="users-heading" className="text-2xl font-bold">
          {t('manage.sections.users')}
        </h1>
        {tab === 'all' && can.createUser ? <CreateUserDialog roles={roles} me={me} mayInvite={can.invite} /> : null}
        {tab === 'roles' && can.createRole ? <RoleDialog me={me} /> : null}
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => navigate(paths.manage(locale, `users/${value}`))}
        dir={localeDirection[locale]}
        className="mt-6"
      >
        <TabsList aria-label={t('users.tabs.label')}>
          <TabsTrigger value="all">{t('users.tabs.all')}</TabsTrigger>
          <TabsTrigger value="roles">{t('users.tabs.roles')}</TabsTrigger>
        </TabsList>
        <TabsContent value="all">{tab === 'all' ? <UsersTab data={loaderData} /> : null}</TabsContent>
        <TabsContent value="roles">
          {tab !== 'roles' ? null : can.readRoles ? (
            <>
              <p className="mb-3 text-sm text-fg-muted">
                {t('users.roles.count', { total: formatNumber(locale, roles.length) })}
              </p>
              <RolesTable roles={roles} me={me} can={can} />
            </>
          ) : (
            <Alert tone="info" title={t('users.roles.noAccess')} />
          )}
        </TabsContent>
      </Tabs>
    </section>
  );
}

function UsersTab({ data }: { data: Route.ComponentProps['loaderData'] }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { users, total, query, role, page, pageSize, roles, me, can } = data;
  const [search] = useSearchParams();
  const _navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const [text, setText] = useListSearch(query);

  const roleName = roles.find((r) => r.id === role)?.name ?? role;
  return (
    <div aria-busy={loading}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-fg-muted" aria-live="polite">
          {loading ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {loading ? t('users.loading') : t('users.count', { total: formatNumber(locale, total) })}
        </p>
        <div className="relative w-full sm:w-72">
          <label htmlFor="users-search" className="sr-only">
            {t('users.search')}
          </label>
          <Search aria-hidden className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-fg-muted" />
          <input
            id="users-search"
            type="search"
            dir="auto"
            maxLength={64}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('users.searchPlaceholder')}
            className="block h-9 w-full rounded-md border border-border bg-surface ps-9 pe-3 text-sm placeholder:text-fg-muted focus:border-secondary focus:outline-none"
          />
        </div>
      </div>
      {role ? (
        <p className="mb-3 flex flex-wrap items-center gap-2 text-sm">
          <span>{t('users.roleFilter', { role: isolate(roleName) })}</span>
          <Link to={withListQuery(search, { role: undefined, page: undefined })} className="text-primary-strong hover:underline">
            {t('users.clearFilter')}
          </Link>
        </p>
      ) : null}
      <UsersTable
        items={users}
        roles={roles}
        me={me}
        can={can}
        loading={loading}
        pagination={{ page, pages, search, locale, label: t('users.pagination.label') }}
        empty={
          <EmptyState
            icon={query ? ShieldAlert : Users}
            title={total ? t('users.empty.pageTitle') : query ? t('users.empty.searchTitle', { query }) : t('users.empty.title')}
            hint={
              total
                ? t('users.empty.pageHint', { pages: formatNumber(locale, pages) })
                : query
                  ? t('users.empty.searchHint')
                  : t('users.empty.hint')
            }
          />
        }
      />
    </div>
  );
}
