import { DEFAULT_TIME_ZONE } from './format';
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
  /** Category slugs, in the order readers see them (front matter `cat:` names one). */
  cats: string[];
  /** Each category's name per locale, keyed by slug: one entry for every slug in `cats`. */
  catLabels: Record<string, Record<Locale, string>>;
  /** False: every page says `noindex` and robots.txt disallows everything (a private or staging site). */
  indexable: boolean;
  /**
   * The site's clock: an IANA zone name every time is shown in, on every screen, in mail and in
   * the CLI (common/format.ts `formatTime`). Sites from before the setting read `Asia/Tehran`.
   */
  timeZone: string;
  /**
   * Persian pages show the numbers of their Persian text in Persian digits (common/persian-digits.ts:
   * never in code, addresses, attributes or Latin words). Off: numbers as the author typed them.
   */
  persianDigits: boolean;
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
    { label: { fa: 'رسانه', en: 'Media' }, to: '/manage/media' },
    { label: { fa: 'دیدگاه‌ها', en: 'Comments' }, to: '/manage/comments' },
    { label: { fa: 'خبرنامه', en: 'Newsletter' }, to: '/manage/newsletter' },
    { label: { fa: 'کاربران', en: 'Users' }, to: '/manage/users' },
    { label: { fa: 'ساخت‌ها', en: 'Builds' }, to: '/manage/builds' },
    { label: { fa: 'تنظیمات', en: 'Settings' }, to: '/manage/settings' },
    // API keys: shown to holders of integrations.manage (common/page-access.ts).
    { label: { fa: 'اتصال‌ها', en: 'Integrations' }, to: '/manage/integrations' },
    // Shown to those who may change the settings (common/page-access.ts).
    { label: { fa: 'تغییر مسیرها', en: 'Redirects' }, to: '/manage/redirects' },
    // Shown to the owner only (common/page-access.ts).
    { label: { fa: 'وب‌هوک‌ها', en: 'Webhooks' }, to: '/manage/webhooks' },
    { label: { fa: 'راهنمای API', en: 'API reference' }, to: '/manage/api' },
  ],
  cats: ['library', 'notes', 'projects', 'tuts'],
  catLabels: {
    library: { fa: 'کتابخانه', en: 'Library' },
    notes: { fa: 'یادداشت‌ها', en: 'Notes' },
    projects: { fa: 'پروژه‌ها', en: 'Projects' },
    tuts: { fa: 'آموزش‌ها', en: 'Tutorials' },
  },
  indexable: true,
  timeZone: DEFAULT_TIME_ZONE,
  persianDigits: false,
};

/** A category's name in a locale; its slug when the settings give none. */
export function categoryName(settings: SiteSettings, locale: Locale, cat: string): string {
  return settings.catLabels[cat]?.[locale] || cat;
}

/** A menu target that leaves the site (`https://…`); anything else is a locale-less site path. */
export function isExternalTarget(to: string): boolean {
  return /^https?:\/\//i.test(to);
}

/** Page title form (docs/spec.md §1): 'page - site name • description'. */
export function pageTitle(settings: SiteSettings, locale: Locale, page?: string): string {
  const site = `${settings.siteName[locale]} • ${settings.description[locale]}`;
  return page ? `${page} - ${site}` : site;
}
