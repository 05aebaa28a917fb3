import { apiKeyCreateSchema } from '../api-keys';
import { declare, idParam } from './define';

export const apiKeys = declare({
  // API keys for integrations (docs/api.md "API keys"): holders of integrations.manage. A key
  // itself never carries that permission, so keys never make or revoke keys.
  list: {
    method: 'GET',
    path: '/api/keys',
    access: 'integrations.manage',
    tag: 'integrations',
    en: 'List API keys: name, scopes, creator, created, last used, expiry (never a secret)',
    fa: 'فهرست کلیدهای API: نام، اجازه‌ها، سازنده، زمان ساخت، آخرین استفاده و انقضا (هرگز خود کلید)',
  },
  create: {
    method: 'POST',
    path: '/api/keys',
    access: 'integrations.manage',
    tag: 'integrations',
    en: 'Make a key with scopes you hold; the answer carries the key, shown only this once',
    fa: 'ساختن کلیدی با اجازه‌هایی که خودتان دارید؛ پاسخ خود کلید را دارد که فقط همین یک بار نشان داده می‌شود',
    body: apiKeyCreateSchema,
    status: 201,
    errors: [409],
  },
  revoke: {
    method: 'DELETE',
    path: '/api/keys/:id',
    access: 'integrations.manage',
    tag: 'integrations',
    en: 'Revoke a key: every request with it is refused from now on',
    fa: 'باطل کردن یک کلید: از همین دم هر درخواستی با آن رد می‌شود',
    params: idParam,
  },
});
