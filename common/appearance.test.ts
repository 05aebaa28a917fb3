import { describe, expect, it } from 'vitest';
import { themeManifests } from '../themes/manifests';
import {
  accentStyle,
  checkAppearance,
  contrastRatio,
  customCssProblem,
  customCssVersion,
  defaultAppearance,
  MIN_CONTRAST,
  type ThemeManifest,
} from './appearance';
import { translateMessage } from './messages';

const ok = (value: unknown) => checkAppearance(value, themeManifests);
const firstProblem = (value: unknown) => {
  const checked = ok(value);
  if (checked.ok) throw new Error('expected a refusal');
  return checked.problems[0]!;
};

describe('theme manifests', () => {
  it('three themes, each named like its folder, with labels and descriptions in both languages', () => {
    expect(themeManifests.map((theme) => theme.name)).toEqual(['reading', 'magazine', 'notes']);
    for (const theme of themeManifests) {
      expect(theme.name).toMatch(/^[a-z][a-z0-9-]*$/);
      for (const text of [theme.label, theme.description]) {
        expect(text.fa).toMatch(/[\u0600-\u06ff]/);
        expect(text.en).toMatch(/[a-z]/i);
      }
    }
  });

  it("each option's default is one of its choices, keys are unique, and the theme's own accent passes its own contrast check", () => {
    for (const theme of themeManifests) {
      const keys = theme.options.map((option) => option.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const option of theme.options) {
        expect(option.key).toMatch(/^[a-z][a-z0-9-]*$/);
        expect(option.choices.map((choice) => choice.value)).toContain(option.default);
      }
      expect(ok({ theme: theme.name, options: {}, accent: theme.accent, customCss: '' }).ok, theme.name).toBe(true);
    }
  });

  it('the check fills in option defaults and refuses unknown themes, options and choices', () => {
    const checked = ok({ theme: 'magazine' });
    expect(checked).toEqual({
      ok: true,
      value: {
        theme: 'magazine',
        options: { home: 'lead', header: 'bar' },
        accent: null,
        customCss: '',
        logo: null,
        favicon: null,
      },
    });
    expect(ok(defaultAppearance)).toEqual({ ok: true, value: defaultAppearance });
    expect(firstProblem({ theme: 'nope' })).toMatchObject({ path: 'theme' });
    expect(firstProblem({ theme: '../reading' })).toMatchObject({ path: 'theme' });
    expect(firstProblem({ theme: 'magazine', options: { sidebar: 'left' } })).toMatchObject({ path: 'options.sidebar' });
    expect(firstProblem({ theme: 'magazine', options: { home: 'carousel' } })).toMatchObject({ path: 'options.home' });
    expect(firstProblem({ theme: 'reading', options: { home: 'lead' } })).toMatchObject({ path: 'options.home' });
    for (const hostile of [null, 42, 'reading', [], { theme: 7 }, { theme: 'reading', options: { home: 1 } }])
      expect(ok(hostile).ok, JSON.stringify(hostile)).toBe(false);
  });

  it('a fourth theme is checked by its own manifest alone', () => {
    const fourth: ThemeManifest = {
      name: 'zine',
      label: { fa: 'زین', en: 'Zine' },
      description: { fa: 'آزمایشی', en: 'Test' },
      accent: { light: '#000000', dark: '#ffffff' },
      contrastWith: { light: ['#ffffff'], dark: ['#000000'] },
      options: [
        {
          key: 'cols',
          label: { fa: 'ستون', en: 'Columns' },
          default: '2',
          choices: [{ value: '2', label: { fa: '۲', en: '2' } }],
        },
      ],
    };
    expect(checkAppearance({ theme: 'zine' }, [...themeManifests, fourth])).toMatchObject({
      ok: true,
      value: { options: { cols: '2' } },
    });
  });
});

describe('accent contrast (WCAG AA)', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // Tailwind's green-500 on white, the pair decision 0003 refused: about 2.2:1.
    expect(contrastRatio('#22c55e', '#ffffff')).toBeCloseTo(2.28, 1);
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it('refuses a light accent that fails on a light background, and says which pair and the ratio, in both languages', () => {
    const problem = firstProblem({ theme: 'reading', accent: { light: '#22C55E', dark: '#4ade80' } });
    expect(problem.path).toBe('accent.light');
    expect(translateMessage('en', problem.message)).toBe(
      'In light mode #22c55e on #ffffff has a contrast of 2.2:1; text needs at least 4.5:1 (WCAG AA). Choose a darker colour.',
    );
    expect(translateMessage('fa', problem.message)).toContain('در حالت روشن');
    expect(translateMessage('fa', problem.message)).toContain('رنگی تیره‌تر');
  });

  it('refuses a dark accent that fails on the dark backgrounds, and a near miss is never shown as passing', () => {
    const problem = firstProblem({ theme: 'reading', accent: { light: '#1d4ed8', dark: '#1d4ed8' } });
    expect(problem.path).toBe('accent.dark');
    expect(translateMessage('en', problem.message)).toMatch(/^In dark mode #1d4ed8 on #171717 has a contrast of \d\.\d:1/);
    // #777777 on white is 4.48:1: refused, and shown as 4.4, not rounded up to 4.5.
    const near = firstProblem({ theme: 'reading', accent: { light: '#777777', dark: '#ffffff' } });
    expect(translateMessage('en', near.message)).toContain('4.4:1');
  });

  it("is judged against the chosen theme's own backgrounds", () => {
    // Passes on the reading theme's white but not on the notes theme's paper.
    const accent = { light: '#6f6f6f', dark: '#e5e5e5' };
    expect(ok({ theme: 'reading', accent }).ok).toBe(true);
    expect(contrastRatio('#6f6f6f', '#f4f1ea')).toBeLessThan(MIN_CONTRAST);
    expect(firstProblem({ theme: 'notes', accent })).toMatchObject({ path: 'accent.light' });
  });

  it('accepts only #rrggbb, and writes the style only from checked values', () => {
    for (const light of ['red', '#fff', '#12345g', 'rgb(0,0,0)', '#000000;}body{display:none', '#0000001', ''])
      expect(firstProblem({ theme: 'reading', accent: { light, dark: '#ffffff' } }).path, light).toBe('accent.light');
    expect(accentStyle({ light: '#123456', dark: '#abcdef' })).toBe(
      ':root{--ui-primary:#123456;--ui-primary-strong:#123456}:root.dark{--ui-primary:#abcdef;--ui-primary-strong:#abcdef}',
    );
    expect(accentStyle({ light: '#123456;}</style><script>', dark: '#abcdef' })).toBeNull();
    expect(accentStyle(null)).toBeNull();
  });
});

describe('logo and favicon', () => {
  it('accept a picture on this site, or nothing; refuse any other address', () => {
    expect(ok({ theme: 'reading', logo: '/media/2026/logo.png', favicon: ' ' })).toMatchObject({
      ok: true,
      value: { logo: '/media/2026/logo.png', favicon: null },
    });
    for (const hostile of [
      'https://cdn.example/logo.png',
      '//evil.example/logo.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/media/a.png" onload="x',
      '/media/a b.png',
      '/\\evil.example/x.png',
      '/media/../../etc/passwd',
    ])
      expect(firstProblem({ theme: 'reading', favicon: hostile }).path, hostile).toBe('favicon');
  });
});

describe('custom CSS', () => {
  const reason = (css: string) => {
    const problem = customCssProblem(css);
    return problem
      ? translateMessage(
          'en',
          problem.values
            ? `${problem.key}?${new URLSearchParams(Object.entries(problem.values).map(([k, v]) => [k, String(v)]))}`
            : problem.key,
        )
      : null;
  };

  it('accepts ordinary CSS, site paths and https addresses', () => {
    for (const css of [
      '',
      'body { letter-spacing: .01em }',
      '.prose h2 { color: var(--ui-primary-strong); } /* headings */',
      '@media (min-width: 40rem) { main { padding: 2rem } }',
      'header { background: url(/media/2026/paper.webp) }',
      "header { background: url('https://cdn.example.org/bg.png') }",
      '[dir="rtl"] blockquote { border-inline-start: 3px solid }',
    ])
      expect(reason(css), css).toBeNull();
  });

  it('refuses every hostile case with its reason', () => {
    const cases: [string, RegExp][] = [
      ['</style><script>alert(1)</script>', /may not contain </],
      ['body{} </STYLE >', /may not contain </],
      ['@import url(https://evil.example/x.css);', /@import is not accepted/],
      ['@IMPORT "https://evil.example/x.css";', /@import is not accepted/],
      ['@im/**/port "x.css";', /@import is not accepted/],
      ['div { width: expression(alert(1)) }', /expression\( runs code/],
      ['div { width: expr/* hidden */ession(alert(1)) }', /runs code/],
      ['div { behavior: url(x.htc) }', /behavior: runs code/],
      ['div { -moz-binding: url(x.xml#x) }', /-moz-binding runs code/],
      ['div { background: url(javascript:alert(1)) }', /javascript: runs code/],
      ['div { background: url( "JavaScript:alert(1)" ) }', /javascript: runs code/],
      ['div { background: url(\\6a avascript:alert(1)) }', /Backslash escapes/],
      ['div { background: url(http://tracker.example/p.gif) }', /url\(\) may only name .* not http:\/\/tracker/],
      ['div { background: url(//tracker.example/p.gif) }', /url\(\) may only name/],
      ['div { background: url(data:image/svg+xml,abc) }', /url\(\) may only name/],
      ['div { color: red } /* never closed', /never closed/],
      ['div { color: red }\u202e', /invisible/],
      ['a'.repeat(8001), /at most 8000 characters/],
    ];
    for (const [css, pattern] of cases) expect(reason(css), css).toMatch(pattern);
  });

  it('the check refuses it through checkAppearance too, and its version changes with its text', () => {
    expect(firstProblem({ theme: 'reading', customCss: '@import "x"' }).path).toBe('customCss');
    expect(customCssVersion('a{}')).toBe(customCssVersion('a{}'));
    expect(customCssVersion('a{}')).not.toBe(customCssVersion('b{}'));
  });
});
