import { installOwnerSchema } from '../schemas/settings';
import { declare } from './define';

export const install = declare({
  status: {
    method: 'GET',
    path: '/api/install/status',
    access: 'public',
    tag: 'install',
    en: 'How far installation has come',
    fa: 'نصب تا کجا پیش رفته است',
  },
  databaseConnection: {
    method: 'GET',
    path: '/api/install/database-connections',
    access: 'public',
    tag: 'install',
    en: 'Check the database connection',
    fa: 'بررسی اتصال پایگاه‌داده',
    errors: [503],
  },
  verifyToken: {
    method: 'POST',
    path: '/api/install/verify-token',
    access: 'setup',
    tag: 'install',
    en: 'Check the setup token',
    fa: 'بررسی رمز راه‌اندازی',
  },
  runMigrations: {
    method: 'POST',
    path: '/api/install/migrations-run',
    access: 'setup',
    tag: 'install',
    en: 'Create the database tables',
    fa: 'ساختن جدول‌های پایگاه‌داده',
  },
  loadDatabase: {
    method: 'POST',
    path: '/api/install/database-loading',
    access: 'setup',
    tag: 'install',
    en: 'Load the default data',
    fa: 'بارگذاری داده‌های پیش‌فرض',
  },
  createOwner: {
    method: 'POST',
    path: '/api/install/admin-loading',
    access: 'setup',
    tag: 'install',
    en: 'Create the owner account',
    fa: 'ساختن حساب مالک',
    body: installOwnerSchema,
  },
});
