import { describe, expect, it } from 'vitest';
import { isFilePath, isRedirectTargetPath, isReservedSlug, isSiteRoutePath, paths } from './paths';

describe('paths', () => {
  it('builds page and archive addresses, encoding Persian segments', () => {
    expect(paths.page('fa', '')).toBe('/fa');
    expect(paths.page('fa', 'نوشته‌ها/سلام')).toBe(`/fa/${encodeURIComponent('نوشته‌ها')}/${encodeURIComponent('سلام')}`);
    expect(paths.logs('en')).toBe('/en/logs');
    expect(paths.logs('en', 1)).toBe('/en/logs');
    expect(paths.logs('en', 3)).toBe('/en/logs?page=3');
    expect(paths.category('fa', 'a b', 2)).toBe('/fa/cats/a%20b?page=2');
  });

  it('carries the return path of login and register', () => {
    expect(paths.login('en')).toBe('/en/login');
    expect(paths.login('en', '/en/manage/users?tab=roles')).toBe('/en/login?redirectTo=%2Fen%2Fmanage%2Fusers%3Ftab%3Droles');
    expect(paths.register('fa', null)).toBe('/fa/register');
  });

  it('makes locale-less app paths absolute', () => {
    expect(paths.inLocale('fa', '/')).toBe('/fa');
    expect(paths.inLocale('en', 'logs')).toBe('/en/logs');
    expect(paths.manage('en', 'users')).toBe('/en/manage/users');
  });

  it('knows which slugs belong to the product', () => {
    for (const slug of ['manage', 'login/x', 'Logs', '403', 'api', 'media/a.png', 'builds', 'cats/x'])
      expect(isReservedSlug(slug)).toBe(true);
    for (const slug of ['about', 'logs/hello', 'logs-of-mine', 'managers']) expect(isReservedSlug(slug)).toBe(false);
  });

  it('tells files from pages', () => {
    expect(isFilePath('/fa/feed.xml')).toBe(true);
    expect(isFilePath('/fa/logs/hello')).toBe(false);
  });
});

describe('isSiteRoutePath (security F-43: imports and redirects never take the site own routes)', () => {
  it('refuses the product routes however they are spelled', () => {
    for (const path of [
      '/',
      '/en',
      '/fa/',
      '/en/login',
      '/EN/Login/',
      '/en/./login',
      '/en/%6Cogin',
      '/fa/manage/pages',
      '/en/register',
      '/en/profile',
      '/en/search',
      '/fa/feed.xml',
      '/en/sitemap-2.xml',
      '/en/tags/books/feed.xml',
      '/en/cats/notes',
      '/en/logs',
      '/api/pages',
      '/media/a.webp',
      '/robots.txt',
      '/sitemap.xml',
      '/assets/app.js',
      '/%',
      // Without a locale the app sends them to the visitor's language: still the product's.
      '/login',
      '/Manage/users',
      '/feed.xml',
      '/__manifest',
      '/__daftar/page-cache/x',
    ])
      expect(isSiteRoutePath(path), path).toBe(true);
  });
  it('leaves content and old addresses free', () => {
    for (const path of [
      '/en/about',
      '/fa/logs/hello',
      '/blog/2018/10/02/hello-world/',
      '/category/news/',
      '/about',
      '/en/logs-of-mine',
      // WordPress's plain addresses: the home with one of its query names is an old address, not the home.
      '/?p=12',
      '/?page_id=3&x=1',
    ])
      expect(isSiteRoutePath(path), path).toBe(false);
  });
  it('keeps the home with any other query (or none) the site’s own', () => {
    for (const path of ['/?x=1', '/?p=', '/?'] as const) expect(isSiteRoutePath(path), path).toBe(true);
  });
});

describe('isRedirectTargetPath: where a redirect may lead', () => {
  it('allows pages, the public reading pages and media files', () => {
    for (const path of [
      '/en',
      '/fa/',
      '/en/about',
      '/fa/logs/سلام',
      '/en/logs',
      '/en/cats/notes',
      '/en/tags/books',
      '/en/tags/books/feed.xml',
      '/fa/authors/ali',
      '/en/feed.xml',
      '/en/search',
      '/media/pic.jpg',
    ])
      expect(isRedirectTargetPath(path), path).toBe(true);
  });
  it('refuses the private sections, the API, server files and paths outside the locales', () => {
    for (const path of [
      '/en/login',
      '/EN/Login',
      '/en/%6Cogin',
      '/fa/manage',
      '/fa/manage/settings',
      '/en/register',
      '/en/profile',
      '/en/preview/abc',
      '/en/403',
      '/en/sitemap.xml',
      '/en/cats/notes/extra',
      '/en/logs/../login',
      '/api/backup',
      '/assets/app.js',
      '/robots.txt',
      '/media',
      '/about',
      '/',
      '/%',
    ])
      expect(isRedirectTargetPath(path), path).toBe(false);
  });
});
