import { z } from 'zod';
import { outgoingWebhookSchema, outgoingWebhookUpdateSchema } from '../outgoing-webhooks';
import { queryPage } from '../schemas/query';
import { declare, idParam } from './define';

export const deliveriesQuerySchema = z.object({ page: queryPage() });

export const outgoingWebhooks = declare({
  // Outgoing webhooks (docs/outgoing-webhooks.md): the owner's alone — an endpoint receives every
  // subscriber's address and every comment, and its secret signs for the site.
  list: {
    method: 'GET',
    path: '/api/outgoing-webhooks',
    access: 'owner',
    tag: 'outgoing-webhooks',
    en: 'List outgoing webhook endpoints (without their secrets)',
    fa: 'فهرست نشانی‌های وب‌هوک خروجی (بی رمزشان)',
  },
  create: {
    method: 'POST',
    path: '/api/outgoing-webhooks',
    access: 'owner',
    tag: 'outgoing-webhooks',
    en: 'Add an endpoint; the answer carries its signing secret, shown only this once',
    fa: 'افزودن یک نشانی؛ پاسخ رمز امضای آن را دارد که فقط همین یک بار نشان داده می‌شود',
    body: outgoingWebhookSchema,
    status: 201,
  },
  update: {
    method: 'PATCH',
    path: '/api/outgoing-webhooks/:id',
    access: 'owner',
    tag: 'outgoing-webhooks',
    en: "Change an endpoint's address, events, description or whether it is on",
    fa: 'تغییر نشانی، رویدادها، توضیح یا روشن‌بودن یک نشانی',
    params: idParam,
    body: outgoingWebhookUpdateSchema,
  },
  delete: {
    method: 'DELETE',
    path: '/api/outgoing-webhooks/:id',
    access: 'owner',
    tag: 'outgoing-webhooks',
    en: 'Delete an endpoint and its delivery log',
    fa: 'حذف یک نشانی و گزارش ارسال‌های آن',
    params: idParam,
  },
  newSecret: {
    method: 'POST',
    path: '/api/outgoing-webhooks/:id/secret',
    access: 'owner',
    tag: 'outgoing-webhooks',
    en: 'Make a new signing secret (shown once; the old one stops at once)',
    fa: 'ساختن رمز امضای تازه (یک بار نشان داده می‌شود؛ رمز پیشین همان دم از کار می‌افتد)',
    params: idParam,
  },
  test: {
    method: 'POST',
    path: '/api/outgoing-webhooks/:id/test',
    access: 'owner',
    tag: 'outgoing-webhooks',
    en: 'Send a test event (ping) to an endpoint',
    fa: 'فرستادن یک رویداد آزمایشی (ping) به یک نشانی',
    params: idParam,
    status: 202,
  },
  deliveries: {
    method: 'GET',
    path: '/api/outgoing-webhooks/:id/deliveries',
    access: 'owner',
    tag: 'outgoing-webhooks',
    en: "An endpoint's delivery log, newest first",
    fa: 'گزارش ارسال‌های یک نشانی، تازه‌ترین نخست',
    params: idParam,
    query: deliveriesQuerySchema,
  },
});
