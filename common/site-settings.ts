import type { Locale } from './locales';

/** One menu entry (docs/spec.md §3): `to` is locale-less; links add the locale prefix. */
export type MenuEntry = { label: Record<Locale, string>; to: string };

export type SiteSettings = {
  siteName: Record<Locale, string>;
  title: Record<Locale, string>;
  description: Record<Locale, string>;
  footer: Record<Locale, string>;
  defaultBanner: string;
  defaultAvatar: string;
  mainMenu: MenuEntry[];
  dashMenu: MenuEntry[];
  cats: string[];
};

/** Defaults of a fresh site; the installer writes them and editors change them later. */
export const defaultSiteSettings: SiteSettings = {
  siteName: { fa: 'دفتر', en: 'Daftar' },
  title: { fa: 'دفتر', en: 'Daftar' },
  description: { fa: 'دفترچهٔ دوزبانه', en: 'A bilingual notebook' },
  footer: {
    fa: 'ساخته‌شده با دفتر — نوشته‌ها در گیت، به دو زبان.',
    en: 'Made with Daftar — writing kept in git, in two languages.',
  },
  defaultBanner: '/images/default-banner.webp',
  defaultAvatar: '/images/default-avatar.webp',
  mainMenu: [
    { label: { fa: 'خانه', en: 'Home' }, to: '/' },
    { label: { fa: 'نوشته‌ها', en: 'Logs' }, to: '/logs' },
    { label: { fa: 'درباره', en: 'About' }, to: '/about' },
  ],
  dashMenu: [
    { label: { fa: 'پیشخوان', en: 'Dashboard' }, to: '/manage' },
    { label: { fa: 'صفحه‌ها', en: 'Pages' }, to: '/manage/pages' },
    { label: { fa: 'دیدگاه‌ها', en: 'Comments' }, to: '/manage/comments' },
    { label: { fa: 'خبرنامه', en: 'Newsletter' }, to: '/manage/newsletter' },
    { label: { fa: 'کاربران', en: 'Users' }, to: '/manage/users' },
    { label: { fa: 'ساخت‌ها', en: 'Builds' }, to: '/manage/builds' },
    { label: { fa: 'تنظیمات', en: 'Settings' }, to: '/manage/settings' },
  ],
  cats: ['library', 'notes', 'projects', 'tuts'],
};

/** Page title form (docs/spec.md §1): 'page - site name • description'. */
export function pageTitle(settings: SiteSettings, locale: Locale, page?: string): string {
  const site = `${settings.siteName[locale]} • ${settings.description[locale]}`;
  return page ? `${page} - ${site}` : site;
}
