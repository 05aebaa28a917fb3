import { z } from 'zod';
import { declare } from './define';

export const operating = declare({
  health: {
    method: 'GET',
    path: '/api/health',
    access: 'public',
    tag: 'operating',
    en: 'Whether the server reaches its database',
    fa: 'آیا سرور به پایگاه‌داده دسترسی دارد',
    errors: [503],
  },
  // This API described in OpenAPI 3.1 (server/http/openapi.ts), for API tools and the dashboard's reference.
  openApi: {
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    tag: 'operating',
    en: 'This API described in OpenAPI 3.1',
    fa: 'توصیف همین API در قالب OpenAPI 3.1',
    produces: 'application/json',
  },
  // GitHub's push deliveries: verified by their HMAC signature, not by a session.
  githubWebhook: {
    method: 'POST',
    path: '/api/webhooks/github',
    access: 'public',
    tag: 'operating',
    en: "GitHub's push webhook: re-index the content",
    fa: 'وب‌هوک push گیت‌هاب: نمایه‌سازی دوبارهٔ محتوا',
    body: z.object({ ref: z.string().optional() }).loose(),
    status: 202,
    errors: [401, 503],
  },
  // The dashboard's "download a backup" (docs/operating.md): the whole database, so owners only.
  backup: {
    method: 'GET',
    path: '/api/backup',
    access: 'owner',
    tag: 'operating',
    en: 'Download a backup of the whole site',
    fa: 'بارگیری پشتیبان کامل سایت',
    produces: 'application/gzip',
    errors: [501],
  },
});
