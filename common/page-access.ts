import type { Locale } from './locales';
import { paths } from './paths';
import { OWNER_ROLE, type Permission, type SessionUser } from './permissions';
import { sameSitePath } from './site-path';

/**
 * Dashboard pages and the permission each needs (docs/spec.md §6), or every permission of a list.
 * The editor needs `commits.create`: an editor no one may save from would be a trap
 * (docs/decisions). The dashboard's middleware reads this table, and the dashboard's menu and
 * overview show a page only to those it lets in (D8: nobody is offered a screen that refuses
 * them); a page missing from it is refused.
 */
export const pageAccess = {
  manage: 'dashboard.read',
  'manage/pages': 'dashboard.read',
  'manage/media': 'dashboard.read',
  // The spec's dashboard.read, and the settings themselves (settings.read, as GET /api/settings): nothing else is on the screen.
  'manage/settings': ['dashboard.read', 'settings.read'],
  'manage/builds': 'builds.read',
  // The spec's comments.edit, and the subscribers and issues the screen is made of (newsletter.read, as their API).
  'manage/newsletter': ['comments.edit', 'newsletter.read'],
  'manage/comments': 'comments.edit',
  'manage/users': 'users.edit',
  'manage/editor': 'commits.create',
  // A page's history and preview links (issue 26): reading is the dashboard's; restoring and sharing need commits.create.
  'manage/history': 'dashboard.read',
  // The API reference: every route and who may call it (the OpenAPI document is public anyway).
  'manage/api': 'dashboard.read',
  // Redirects and the 404 log (issue 36): those who may change the settings, as their API (common/endpoints/redirects.ts).
  'manage/redirects': 'settings.edit',
  // Outgoing webhooks: the owner's alone, as their API is (an endpoint receives subscribers' addresses).
  'manage/webhooks': 'owner',
  // API keys for integrations (issue 42), as their API (common/endpoints/api-keys.ts).
  'manage/integrations': 'integrations.manage',
} as const satisfies Record<string, PageAccess>;
type PageAccess = Permission | 'owner' | readonly Permission[];
export type ManagedPage = keyof typeof pageAccess;

/**
 * Whether a user may open a dashboard page: the permission (every one of a list) of their roles,
 * or the owner role itself. The one rule of the route guard, the menu and the overview's links.
 */
export function mayOpenPage(user: Pick<SessionUser, 'permissions' | 'roles'>, page: ManagedPage): boolean {
  const access: PageAccess = pageAccess[page];
  if (access === 'owner') return user.roles.includes(OWNER_ROLE);
  return typeof access === 'string' ? user.permissions.includes(access) : access.every((p) => user.permissions.includes(p));
}

/**
 * The dashboard page of a route React Router matched, from its pattern
 * (`/:locale/manage/users/:tab?` → `manage/users`): the router's own match, so no spelling of
 * the URL (`%75sers`, `USERS`, `.data`) can land on a page under a weaker rule. The longest
 * entry of the table wins; a route outside it gives undefined (refused).
 */
export function managedPageFor(pattern: string): ManagedPage | undefined {
  const rest = pattern
    .split('/')
    .filter((segment) => segment && !segment.startsWith(':') && segment !== '*')
    .join('/');
  return (Object.keys(pageAccess) as ManagedPage[])
    .filter((page) => rest === page || rest.startsWith(`${page}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * A return path (`redirectTo` after sign-in) is used only when it stays on this site, by the one
 * site-path rule (common/site-path.ts): normalised first, then checked, so `/.//evil.example`,
 * `/%2e//evil.example` or `/\\evil.example` cannot become `//evil.example`. The normalised path is
 * returned; anything else falls back to the locale's home. The server's redirect and the
 * browser's navigation after the login form both use this.
 */
export function safeReturnPath(value: string | null | undefined, locale: Locale): string {
  return (value ? sameSitePath(value) : undefined) ?? paths.home(locale);
}

/** Where a signed-in user goes instead of the login or register page. */
export function homeForUser(permissions: readonly Permission[], locale: Locale): string {
  return permissions.includes('dashboard.read') ? paths.manage(locale) : paths.profile(locale);
}
