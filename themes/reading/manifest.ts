import type { ThemeManifest } from '../../common/appearance';

/**
 * Daftar's own look: a centred reading column, the intro page and the latest logs on the home.
 * It has no stylesheet or components of its own (app/styles/app.css is it), so a site that keeps
 * it serves exactly the pages it served before themes existed.
 */
export const manifest = {
  name: 'reading',
  label: { fa: 'خواندنی', en: 'Reading' },
  description: {
    fa: 'ستونی آرام برای خواندن: معرفی سایت و تازه‌ترین نوشته‌ها در صفحهٔ نخست.',
    en: 'A calm reading column: the site’s intro and the latest logs on the home page.',
  },
  // Tailwind's green-700 and green-400, as app/styles/app.css has them.
  accent: { light: '#008236', dark: '#05df72' },
  // Surface, canvas and the hover fill; white is also the text on filled buttons (neutral-950 in dark mode).
  contrastWith: { light: ['#ffffff', '#fafafa', '#f5f5f5'], dark: ['#171717', '#0a0a0a', '#262626'] },
  options: [],
} as const satisfies ThemeManifest;
