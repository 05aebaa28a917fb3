import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '../site-settings';
import { siteSettingsSchema } from './settings';

const messageAt = (value: unknown, path: string) => {
  const result = siteSettingsSchema.safeParse(value);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path.join('.') === path)?.message;
};
const withTarget = (to: string) => ({ ...defaultSiteSettings, mainMenu: [{ label: { fa: 'پ', en: 'L' }, to }] });
const withBanner = (defaultBanner: string) => ({ ...defaultSiteSettings, defaultBanner });

describe('siteSettingsSchema', () => {
  it('accepts the defaults as they are', () => {
    expect(siteSettingsSchema.parse(defaultSiteSettings)).toEqual(defaultSiteSettings);
  });

  it.each(['/', '/about', '/logs?page=2', '/درباره', '/guides/start#top', 'https://example.org/a?b=c', 'HTTP://example.org'])(
    'takes the menu target %s',
    (to) => {
      expect(messageAt(withTarget(to), 'mainMenu.0.to')).toBeUndefined();
    },
  );

  it.each([
    ['javascript:alert(1)', 'validation.menuTarget'],
    ['JavaScript:alert(1)', 'validation.menuTarget'],
    ['java\tscript:alert(1)', 'validation.menuTarget'],
    ['data:text/html,<script>alert(1)</script>', 'validation.menuTarget'],
    ['vbscript:msgbox', 'validation.menuTarget'],
    ['//evil.example', 'validation.menuTarget'],
    ['/\\evil.example', 'validation.menuTarget'],
    ['/.//evil.example', 'validation.menuTarget'],
    ['about', 'validation.menuTarget'],
    ['https://exa mple.org\n', 'validation.menuTarget'],
    ['https://', 'validation.menuTarget'],
    ['/en/about', 'validation.menuTargetLocale'],
    ['/fa', 'validation.menuTargetLocale'],
    ['/fa?x=1', 'validation.menuTargetLocale'],
    ['', 'validation.required'],
  ])('refuses the menu target %j', (to, message) => {
    expect(messageAt(withTarget(to), 'mainMenu.0.to')).toBe(message);
  });

  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/a.png', 'images/a.png', 'file:///etc/passwd'])(
    'refuses the image address %j',
    (address) => {
      expect(messageAt(withBanner(address), 'defaultBanner')).toBe('validation.imageAddress');
    },
  );

  it('trims texts and refuses blank ones and overlong ones with the limit in the message', () => {
    const parsed = siteSettingsSchema.parse({ ...defaultSiteSettings, siteName: { fa: '  دفتر  ', en: ' Daftar ' } });
    expect(parsed.siteName).toEqual({ fa: 'دفتر', en: 'Daftar' });
    expect(messageAt({ ...defaultSiteSettings, title: { fa: ' \u00a0 ', en: 'x' } }, 'title.fa')).toBe('validation.required');
    expect(messageAt({ ...defaultSiteSettings, title: { fa: 'x', en: 'x'.repeat(121) } }, 'title.en')).toBe(
      'validation.tooLong?max=120',
    );
  });

  it('refuses more category names than categories may exist', () => {
    const catLabels = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`c${i}`, { fa: 'ن', en: 'N' }]));
    expect(messageAt({ ...defaultSiteSettings, catLabels }, 'catLabels')).toBe('validation.tooMany?max=50');
  });

  it('refuses category slugs that are not one word starting with a letter, and case-only duplicates', () => {
    const cats = ['Notes', 'notes', '2024', 'a b', 'a/b', 'یادداشت'];
    const catLabels = Object.fromEntries(cats.map((cat) => [cat, { fa: 'ن', en: 'N' }]));
    const result = siteSettingsSchema.safeParse({ ...defaultSiteSettings, cats, catLabels });
    const issues = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        'cats.1:validation.duplicate',
        'cats.2:validation.categorySlug',
        'cats.3:validation.categorySlug',
        'cats.4:validation.categorySlug',
      ]),
    );
    expect(issues.some((issue) => issue.startsWith('cats.5:') || issue.startsWith('cats.0:'))).toBe(false);
  });
});
