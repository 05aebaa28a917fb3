import type { Locale } from './locales';

/**
 * Dashboard pages and the permission each needs (spec §6). The editor needs `commits.create`:
 * an editor no one may save from would be a trap. Page loaders read this table; so do the tests.
 */
export const pageAccess = {
  manage: 'dashboard.read',
  'manage/pages': 'dashboard.read',
  'manage/settings': 'dashboard.read',
  'manage/builds': 'builds.read',
  'manage/newsletter': 'comments.edit',
  'manage/comments': 'comments.edit',
  'manage/users': 'users.edit',
  'manage/editor': 'commits.create',
} as const;
export type ManagedPage = keyof typeof pageAccess;

/**
 * A return path is accepted only if it stays on this site: one leading slash, no scheme, no
 * `//` or backslash tricks. Anything else falls back to the locale's home.
 */
export function safeReturnPath(value: string | null | undefined, locale: Locale): string {
  const fallback = `/${locale}`;
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\') || [...value].some((ch) => ch.charCodeAt(0) < 32))
    return fallback;
  try {
    const url = new URL(value, 'http://daftar.invalid');
    if (url.origin !== 'http://daftar.invalid') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** Where a signed-in user goes instead of the login or register page. */
export function homeForUser(permissions: readonly string[], locale: Locale): string {
  return permissions.includes('dashboard.read') ? `/${locale}/manage` : `/${locale}/profile`;
}
