import { z } from 'zod';
import { listSearch, queryPage } from '../schemas/query';
import { declare } from './define';

/** `GET /api/media?q=&page=`. */
export const mediaListQuerySchema = z.object({
  q: listSearch().optional().meta({ description: 'Words in the file name or path.' }),
  page: queryPage(),
});

export const media = declare({
  // The media library (docs/content.md "Media"): reading it is part of the dashboard; deleting a file is a pending change.
  list: {
    method: 'GET',
    path: '/api/media',
    access: 'dashboard.read',
    tag: 'media',
    en: 'The media library: uploaded files, published and pending, with the pages that use them',
    fa: 'کتابخانهٔ رسانه: پرونده‌های بارگذاری‌شده، منتشرشده و در انتظار، با صفحه‌هایی که به کارشان برده‌اند',
    query: mediaListQuerySchema,
  },
  upload: {
    method: 'POST',
    path: '/api/media',
    access: 'commits.create',
    tag: 'media',
    en: 'Upload an image into the open build',
    fa: 'بارگذاری تصویر در ساخت باز',
    form: z.object({ file: z.file() }),
    status: 201,
    errors: [413, 415],
  },
  variants: {
    method: 'POST',
    path: '/api/media/variants',
    access: 'commits.create',
    tag: 'media',
    en: 'Hand in the WebP copies of an uploaded image that the upload asked for (`variants`: Workers, where the server cannot encode images); each is checked, and all are kept or none',
    fa: 'فرستادن نسخه‌های WebP تصویر بارگذاری‌شده که بارگذاری خواسته بود (`variants`: در Workers که سرور نمی‌تواند تصویر بسازد)؛ هر نسخه بررسی می‌شود و یا همه نگه داشته می‌شوند یا هیچ‌کدام',
    form: z.object({
      path: z
        .string()
        .meta({ description: "The image's address below `/media/`, as the upload answered it (`2026/05/cat-1a2b3c4d.jpg`)." }),
      file: z.array(z.file()).meta({ description: 'The copies, WebP, one a planned width (common/image-variants.ts).' }),
    }),
    errors: [400, 404, 409, 413, 415, 422],
  },
  delete: {
    method: 'DELETE',
    path: '/api/media/:path{.+}',
    access: 'commits.create',
    tag: 'media',
    en: 'Delete a media file in the open build; refused (409, naming the pages) while a page or a setting uses it',
    fa: 'حذف پروندهٔ رسانه در ساخت باز؛ تا صفحه یا تنظیمی آن را به کار می‌برد پذیرفته نمی‌شود (۴۰۹ با نام صفحه‌ها)',
    params: z.object({
      path: z.string().meta({ description: 'The file address below `/media/` (`2026/05/banner-1a2b3c4d.png`).' }),
    }),
    errors: [400, 404, 409],
  },
});
