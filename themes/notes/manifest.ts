import type { ThemeManifest } from '../../common/appearance';

/** A personal notebook: a narrow column, titles and dates, nothing else in the way. */
export const manifest = {
  name: 'notes',
  label: { fa: 'یادداشت', en: 'Notes' },
  description: {
    fa: 'دفترچه‌ای شخصی و کمینه: ستونی باریک، عنوان‌ها و تاریخ‌ها، بی هیچ چیز اضافه.',
    en: 'A minimal personal notebook: a narrow column, titles and dates, nothing in the way.',
  },
  accent: { light: '#4338ca', dark: '#a5b4fc' },
  contrastWith: { light: ['#fffdf8', '#ffffff', '#f4f1ea'], dark: ['#141414', '#0a0a0a', '#222222'] },
  options: [
    {
      key: 'home',
      label: { fa: 'فهرست صفحهٔ نخست', en: 'Home list' },
      default: 'dated',
      choices: [
        { value: 'dated', label: { fa: 'عنوان با تاریخ و چکیده', en: 'Titles with dates and summaries' } },
        { value: 'titles', label: { fa: 'تنها عنوان و تاریخ', en: 'Titles and dates only' } },
      ],
    },
  ],
} as const satisfies ThemeManifest;
