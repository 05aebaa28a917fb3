import { themeManifests } from '../../themes/manifests';
import { appearanceSchema } from '../appearance';
import { headCodeInputSchema } from '../head-code';
import { siteSettingsSchema } from '../schemas/settings';
import { securitySettingsSchema } from '../two-factor';
import { declare } from './define';

const appearanceInputSchema = appearanceSchema(themeManifests);

export const settings = declare({
  // Whether staff must sign in with two factors: an owner's decision, like the backup.
  security: {
    method: 'GET',
    path: '/api/settings/security',
    access: 'owner',
    tag: 'settings',
    en: 'Whether staff must sign in with two factors',
    fa: 'آیا کارکنان باید دومرحله‌ای وارد شوند',
  },
  saveSecurity: {
    method: 'PUT',
    path: '/api/settings/security',
    access: 'owner',
    tag: 'settings',
    en: 'Require two factors of every account holding a dashboard permission, or not',
    fa: 'لازم دانستن یا ندانستن ورود دومرحله‌ای برای هر حسابی که اجازه‌ای از پیشخوان دارد',
    body: securitySettingsSchema,
  },
  // The site's own head code (verification tags, analytics scripts): scripts on every public page are the owner's call.
  code: {
    method: 'GET',
    path: '/api/settings/code',
    access: 'owner',
    tag: 'settings',
    en: 'The head code added to every public page (meta and link tags, scripts by address)',
    fa: 'کد سرصفحه‌ای که به هر صفحهٔ عمومی افزوده می‌شود (برچسب‌های meta و link، اسکریپت‌ها با نشانی)',
  },
  saveCode: {
    method: 'PUT',
    path: '/api/settings/code',
    access: 'owner',
    tag: 'settings',
    en: "Replace the head code; the policy (CSP) then names exactly its scripts' origins",
    fa: 'جایگزین کردن کد سرصفحه؛ سپس سیاست امنیت محتوا (CSP) دقیقاً خاستگاه اسکریپت‌های آن را نام می‌برد',
    body: headCodeInputSchema,
  },
  // The public site's look (docs/themes.md): read by those who may read the settings, changed by those who may edit them.
  appearance: {
    method: 'GET',
    path: '/api/settings/appearance',
    access: 'settings.read',
    tag: 'settings',
    en: "The public site's theme, its options, the accent colour and the custom CSS",
    fa: 'پوستهٔ سایت عمومی، گزینه‌های آن، رنگ تأکید و CSS سفارشی',
  },
  saveAppearance: {
    method: 'PUT',
    path: '/api/settings/appearance',
    access: 'settings.edit',
    tag: 'settings',
    en: 'Replace the appearance; an accent under WCAG AA contrast or unsafe CSS is refused with the reason',
    fa: 'جایگزین کردن نمای سایت؛ رنگ تأکیدی با کنتراست کمتر از WCAG AA یا CSS ناامن با دلیلش رد می‌شود',
    body: appearanceInputSchema,
  },
  get: {
    method: 'GET',
    path: '/api/settings',
    access: 'settings.read',
    tag: 'settings',
    en: 'The site settings',
    fa: 'تنظیمات سایت',
  },
  save: {
    method: 'PUT',
    path: '/api/settings',
    access: 'settings.edit',
    tag: 'settings',
    en: 'Save the site settings',
    fa: 'ذخیرهٔ تنظیمات سایت',
    body: siteSettingsSchema,
    errors: [409, 412],
  },
});
