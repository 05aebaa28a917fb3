import type { ThemeManifest } from '../../common/appearance';

/** A magazine: a lead story and cards with featured images on the home, a bolder header. */
export const manifest = {
  name: 'magazine',
  label: { fa: 'مجله', en: 'Magazine' },
  description: {
    fa: 'صفحهٔ نخستی با نوشتهٔ برگزیده و کارت‌هایی با تصویر شاخص؛ برای سایت‌هایی که زیاد می‌نویسند.',
    en: 'A home page with a lead story and cards with featured images, for sites that publish often.',
  },
  accent: { light: '#b42318', dark: '#fda29b' },
  contrastWith: { light: ['#ffffff', '#f7f5f2', '#efebe6'], dark: ['#1c1917', '#0c0a09', '#292524', '#0a0a0a'] },
  options: [
    {
      key: 'home',
      label: { fa: 'چیدمان صفحهٔ نخست', en: 'Home layout' },
      default: 'lead',
      choices: [
        { value: 'lead', label: { fa: 'نوشتهٔ برگزیده و کارت‌ها', en: 'Lead story and cards' } },
        { value: 'grid', label: { fa: 'تنها کارت‌ها', en: 'Cards only' } },
      ],
    },
    {
      key: 'header',
      label: { fa: 'سبک سرصفحه', en: 'Header style' },
      default: 'bar',
      choices: [
        { value: 'bar', label: { fa: 'نوار', en: 'Bar' } },
        { value: 'accent', label: { fa: 'نوار رنگی', en: 'Accent bar' } },
      ],
    },
  ],
} as const satisfies ThemeManifest;
