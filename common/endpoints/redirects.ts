import { z } from 'zod';
import { redirectImportSchema, redirectSchema } from '../redirects';
import { listSearch, queryPage } from '../schemas/query';
import { declare, idParam } from './define';

/** `?query=&page=` of the redirects list and of the 404 log. */
export const redirectListQuerySchema = z.object({ query: listSearch().optional(), page: queryPage() });

// Redirects and the 404 log (docs/content.md "Redirects"): those who may change the settings mend
// the site's addresses too (settings.edit), reading included: the 404 log shows what was asked for.
export const redirects = declare({
  list: {
    method: 'GET',
    path: '/api/redirects',
    access: 'settings.edit',
    tag: 'redirects',
    en: 'List redirects (moves, imports and those made by hand), newest change first; `query` searches sources and targets',
    fa: 'فهرست تغییر مسیرها (از جابه‌جایی‌ها، درون‌ریزی‌ها و آن‌ها که دستی ساخته شده‌اند)، تازه‌ترین تغییر نخست؛ `query` در مبدأ و مقصد جست‌وجو می‌کند',
    query: redirectListQuerySchema,
  },
  create: {
    method: 'POST',
    path: '/api/redirects',
    access: 'settings.edit',
    tag: 'redirects',
    en: "Add a redirect from a path of this site to a path or an http(s) address (301 or 302); loops, chains and the site's own routes are refused",
    fa: 'افزودن تغییر مسیر از نشانی‌ای در این سایت به نشانی‌ای در آن یا یک نشانی http(s)‏ (۳۰۱ یا ۳۰۲)؛ حلقه، زنجیره و نشانی‌های خود سایت پذیرفته نمی‌شوند',
    body: redirectSchema,
    status: 201,
    errors: [409],
  },
  update: {
    method: 'PUT',
    path: '/api/redirects/:id',
    access: 'settings.edit',
    tag: 'redirects',
    en: 'Change a redirect (by the same rules as adding one)',
    fa: 'ویرایش یک تغییر مسیر (با همان قاعده‌های افزودن)',
    params: idParam,
    body: redirectSchema,
    errors: [409],
  },
  delete: {
    method: 'DELETE',
    path: '/api/redirects/:id',
    access: 'settings.edit',
    tag: 'redirects',
    en: 'Delete a redirect',
    fa: 'حذف یک تغییر مسیر',
    params: idParam,
  },
  export: {
    method: 'GET',
    path: '/api/redirects/export',
    access: 'settings.edit',
    tag: 'redirects',
    en: 'Every redirect as CSV (from, to, status), the file the import reads',
    fa: 'همهٔ تغییر مسیرها در یک فایل CSV (مبدأ، مقصد، کد)، همان فایلی که درون‌ریزی می‌خواند',
    produces: 'text/csv',
  },
  import: {
    method: 'POST',
    path: '/api/redirects/import',
    access: 'settings.edit',
    tag: 'redirects',
    en: 'Import redirects from CSV text (from, to and optionally 301 or 302 per line): all or nothing, every problem listed by line',
    fa: 'درون‌ریزی تغییر مسیرها از متن CSV (در هر سطر مبدأ، مقصد و در صورت نیاز ۳۰۱ یا ۳۰۲): همه یا هیچ، با فهرست همهٔ ایرادها به ترتیب سطر',
    body: redirectImportSchema,
  },
  notFound: {
    method: 'GET',
    path: '/api/not-found',
    access: 'settings.edit',
    tag: 'redirects',
    en: 'The 404 log: paths that answered 404 in the last 30 days, most asked for by people first, with bots counted apart',
    fa: 'گزارش ۴۰۴: نشانی‌هایی که در ۳۰ روز گذشته ۴۰۴ پاسخ داده‌اند، پرتکرارترین برای مردم نخست، و ربات‌ها جداگانه شمرده‌شده',
    query: redirectListQuerySchema,
  },
});
