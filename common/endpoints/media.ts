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
