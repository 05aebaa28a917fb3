import { z } from 'zod';
import { commentBulkSchema, commentCreateSchema, commentUpdateSchema } from '../../common/comments';
import { locales } from '../../common/locales';
import { outgoingWebhookSchema, outgoingWebhookUpdateSchema } from '../../common/outgoing-webhooks';
import {
  publicPageListSchema,
  publicPageParamsSchema,
  publicPageSchema,
  publicPagesQuerySchema,
  publicTagListSchema,
  publicTagsQuerySchema,
} from '../../common/public-api';
import {
  accountRequestSchema,
  emailChangeSchema,
  emailConfirmSchema,
  forgotPasswordSchema,
  loginSchema,
  notificationPrefsSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  registerRequestSchema,
} from '../../common/schemas/account';
import {
  createRoleSchema,
  createUserSchema,
  passwordResetSchema,
  updateRoleSchema,
  userListQuerySchema,
  userRolesSchema,
} from '../../common/schemas/admin';
import { siteSettingsSchema } from '../../common/schemas/settings';
import { passkeyProofSchema, passkeyRegisterSchema, securitySettingsSchema, twoFactorCodeSchema } from '../../common/two-factor';
import { analyticsQuerySchema } from './analytics';
import { publishSchema } from './builds';
import { commentThreadQuerySchema, manageCommentsQuerySchema } from './comments';
import { contentSyncQuerySchema } from './content';
import { mediaListQuerySchema } from './media';
import {
  issueSchema,
  subscriberExportQuerySchema,
  subscriberListQuerySchema,
  subscribeSchema,
  tokenSchema,
  unsubscribeQuerySchema,
} from './newsletter';
import { deliveriesQuerySchema } from './outgoing-webhooks';
import {
  bulkSchema,
  historyQuerySchema,
  moveSchema,
  pageListQuerySchema,
  previewLinkSchema,
  previewSchema,
  saveSchema,
} from './pages';
import { searchQuerySchema } from './search';

/**
 * What each API route does, for the OpenAPI document (`GET /api/openapi.json`, server/http/openapi.ts)
 * and the dashboard's API reference: one line per route of route-access.ts, with the zod schemas
 * its handler validates with. A test fails when a route of the access table has no line here (and
 * the other way round), so describing a route is part of adding it (docs/recipes.md).
 */
export type RouteDoc = {
  tag: ApiTag;
  /** One line in each language: what the call does. */
  en: string;
  fa: string;
  /** The query string, path parameters and JSON body, as the handler's zod schemas. */
  query?: z.ZodObject;
  params?: z.ZodObject;
  body?: z.ZodType;
  /** The body may be left out (the one-click unsubscribe carries its token in the query instead). */
  bodyOptional?: true;
  /** Another body than JSON: an upload's form fields. */
  form?: z.ZodObject;
  /** The success answer: its status (200 unless said) and, when there is one, its named schema. */
  status?: 200 | 201 | 202 | 204;
  response?: { name: string; schema: z.ZodType };
  /** The success answer's media type when it is not JSON (a CSV export, a backup archive). */
  produces?: string;
  /** Refusals beyond those the access rule and the schemas imply (409 conflict, 429 throttled…). */
  errors?: number[];
};

/** The groups of the reference, in the order it shows them. */
export const apiTags = {
  public: { en: 'Headless content API', fa: 'API محتوای عمومی' },
  search: { en: 'Search', fa: 'جست‌وجو' },
  comments: { en: 'Comments', fa: 'دیدگاه‌ها' },
  newsletter: { en: 'Newsletter', fa: 'خبرنامه' },
  auth: { en: 'Sign-in and sessions', fa: 'ورود و نشست' },
  profile: { en: 'Profile', fa: 'نمایه' },
  pages: { en: 'Pages and the editor', fa: 'صفحه‌ها و ویرایشگر' },
  builds: { en: 'Builds and publishing', fa: 'ساخت‌ها و انتشار' },
  media: { en: 'Media', fa: 'رسانه' },
  users: { en: 'Users', fa: 'کاربران' },
  roles: { en: 'Roles', fa: 'نقش‌ها' },
  settings: { en: 'Settings', fa: 'تنظیمات' },
  analytics: { en: 'Analytics', fa: 'آمار بازدید' },
  'outgoing-webhooks': { en: 'Outgoing webhooks', fa: 'وب‌هوک‌های خروجی' },
  operating: { en: 'Operating', fa: 'نگهداری' },
  install: { en: 'Installer', fa: 'نصب' },
} as const satisfies Record<string, { en: string; fa: string }>;
export type ApiTag = keyof typeof apiTags;

const id = z.object({ id: z.string() });
const pageParams = z.object({
  locale: z.enum(locales),
  path: z.string().meta({
    description:
      'The path in the content folder without `.md` (`logs/hello`; the home page is `index`); an invalid or reserved path is a 400.',
  }),
});

export const routeDocs: Record<string, RouteDoc> = {
  'GET /api/health': {
    tag: 'operating',
    en: 'Whether the server reaches its database',
    fa: 'آیا سرور به پایگاه‌داده دسترسی دارد',
    errors: [503],
  },
  'GET /api/install/status': { tag: 'install', en: 'How far installation has come', fa: 'نصب تا کجا پیش رفته است' },
  'GET /api/install/database-connections': {
    tag: 'install',
    en: 'Check the database connection',
    fa: 'بررسی اتصال پایگاه‌داده',
    errors: [503],
  },
  'POST /api/install/verify-token': { tag: 'install', en: 'Check the setup token', fa: 'بررسی رمز راه‌اندازی' },
  'POST /api/install/migrations-run': { tag: 'install', en: 'Create the database tables', fa: 'ساختن جدول‌های پایگاه‌داده' },
  'POST /api/install/database-loading': { tag: 'install', en: 'Load the default data', fa: 'بارگذاری داده‌های پیش‌فرض' },
  'POST /api/install/admin-loading': {
    tag: 'install',
    en: 'Create the owner account',
    fa: 'ساختن حساب مالک',
    body: accountRequestSchema,
  },
  'GET /api/_auth/session': { tag: 'auth', en: 'Who is signed in', fa: 'چه کسی وارد شده است' },
  'DELETE /api/_auth/session': { tag: 'auth', en: 'Sign out', fa: 'خروج از حساب' },
  'POST /api/auth/register': {
    tag: 'auth',
    en: 'Register a member account',
    fa: 'ثبت‌نام حساب عضو',
    body: registerRequestSchema,
    status: 201,
    errors: [409, 429],
  },
  'POST /api/auth/login': { tag: 'auth', en: 'Sign in', fa: 'ورود به حساب', body: loginSchema, errors: [429] },
  'POST /api/auth/password-reset': {
    tag: 'auth',
    en: 'Set a new password with a reset link',
    fa: 'گذاشتن گذرواژهٔ تازه با پیوند بازنشانی',
    body: passwordResetSchema,
  },
  'GET /api/auth/two-factor': {
    tag: 'auth',
    en: 'The second step of signing in: which factors the account offers, or that one must be set up',
    fa: 'گام دوم ورود: حساب کدام عامل‌ها را دارد، یا باید یکی راه‌اندازی شود',
  },
  'DELETE /api/auth/two-factor': { tag: 'auth', en: 'Abandon the second step', fa: 'رها کردن گام دوم ورود' },
  'POST /api/auth/two-factor/verify': {
    tag: 'auth',
    en: 'Finish signing in with an authenticator code or a recovery code',
    fa: 'پایان ورود با کد برنامهٔ احراز هویت یا یک کد بازیابی',
    body: twoFactorCodeSchema,
    errors: [429],
  },
  'POST /api/auth/two-factor/passkey/options': {
    tag: 'auth',
    en: 'A WebAuthn challenge for the second step',
    fa: 'چالش WebAuthn برای گام دوم ورود',
    errors: [409],
  },
  'POST /api/auth/two-factor/passkey': {
    tag: 'auth',
    en: 'Finish signing in with a passkey',
    fa: 'پایان ورود با گذرکلید',
    body: passkeyProofSchema,
  },
  'POST /api/auth/two-factor/totp': {
    tag: 'auth',
    en: 'Required set-up while signing in: a new authenticator secret',
    fa: 'راه‌اندازی لازم هنگام ورود: رمز تازهٔ برنامهٔ احراز هویت',
    errors: [409],
  },
  'POST /api/auth/two-factor/totp/enable': {
    tag: 'auth',
    en: 'Required set-up while signing in: turn the authenticator on with a code, and sign in',
    fa: 'راه‌اندازی لازم هنگام ورود: روشن کردن برنامهٔ احراز هویت با یک کد و ورود',
    body: twoFactorCodeSchema,
    errors: [409],
  },
  'POST /api/auth/two-factor/passkeys/options': {
    tag: 'auth',
    en: 'Required set-up while signing in: a WebAuthn registration challenge',
    fa: 'راه‌اندازی لازم هنگام ورود: چالش ثبت WebAuthn',
  },
  'POST /api/auth/two-factor/passkeys': {
    tag: 'auth',
    en: 'Required set-up while signing in: register a passkey, and sign in',
    fa: 'راه‌اندازی لازم هنگام ورود: ثبت گذرکلید و ورود',
    body: passkeyRegisterSchema,
    errors: [409],
  },
  'POST /api/auth/passkey/options': {
    tag: 'auth',
    en: 'A WebAuthn challenge to sign in with a passkey, without a password',
    fa: 'چالش WebAuthn برای ورود با گذرکلید، بی گذرواژه',
    errors: [429],
  },
  'POST /api/auth/passkey': {
    tag: 'auth',
    en: 'Sign in with a passkey',
    fa: 'ورود با گذرکلید',
    body: passkeyProofSchema,
    errors: [429],
  },
  'GET /api/profile/security': {
    tag: 'profile',
    en: 'Your two-factor sign-in: authenticator, passkeys, recovery codes left',
    fa: 'ورود دومرحله‌ای شما: برنامهٔ احراز هویت، گذرکلیدها، کدهای بازیابی باقی‌مانده',
  },
  'POST /api/profile/security/totp': {
    tag: 'profile',
    en: 'Begin setting up an authenticator app (a new secret and its otpauth:// address)',
    fa: 'آغاز راه‌اندازی برنامهٔ احراز هویت (رمز تازه و نشانی otpauth:// آن)',
    errors: [409],
  },
  'POST /api/profile/security/totp/enable': {
    tag: 'profile',
    en: 'Turn the authenticator app on with a code from it',
    fa: 'روشن کردن برنامهٔ احراز هویت با کدی از آن',
    body: twoFactorCodeSchema,
    errors: [409],
  },
  'DELETE /api/profile/security/totp': {
    tag: 'profile',
    en: 'Turn the authenticator app off',
    fa: 'خاموش کردن برنامهٔ احراز هویت',
  },
  'POST /api/profile/security/recovery-codes': {
    tag: 'profile',
    en: 'Replace your recovery codes with ten new ones',
    fa: 'جایگزینی کدهای بازیابی با ده کد تازه',
  },
  'POST /api/profile/security/passkeys/options': {
    tag: 'profile',
    en: 'A WebAuthn registration challenge for a new passkey',
    fa: 'چالش ثبت WebAuthn برای گذرکلید تازه',
  },
  'POST /api/profile/security/passkeys': {
    tag: 'profile',
    en: 'Register a passkey',
    fa: 'ثبت گذرکلید',
    body: passkeyRegisterSchema,
    status: 201,
    errors: [409],
  },
  'DELETE /api/profile/security/passkeys/:id': { tag: 'profile', en: 'Delete a passkey', fa: 'حذف گذرکلید', params: id },
  'POST /api/users/:id/two-factor-reset': {
    tag: 'users',
    en: "Turn off an account's two-factor sign-in (authenticator, passkeys, recovery codes)",
    fa: 'خاموش کردن ورود دومرحله‌ای یک حساب (برنامهٔ احراز هویت، گذرکلیدها، کدهای بازیابی)',
    params: id,
  },
  'GET /api/settings/security': {
    tag: 'settings',
    en: 'Whether staff must sign in with two factors',
    fa: 'آیا کارکنان باید دومرحله‌ای وارد شوند',
  },
  'PUT /api/settings/security': {
    tag: 'settings',
    en: 'Require two factors of every account holding a dashboard permission, or not',
    fa: 'لازم دانستن یا ندانستن ورود دومرحله‌ای برای هر حسابی که اجازه‌ای از پیشخوان دارد',
    body: securitySettingsSchema,
  },
  'POST /api/auth/forgot-password': {
    tag: 'auth',
    en: 'Ask for a password reset link by mail (always 202, whether or not the name or address is known)',
    fa: 'درخواست پیوند بازنشانی گذرواژه با ایمیل (همیشه ۲۰۲، چه نام یا نشانی شناخته باشد چه نه)',
    body: forgotPasswordSchema,
    status: 202,
    errors: [429, 503],
  },
  'POST /api/auth/confirm-email': {
    tag: 'auth',
    en: 'Confirm an e-mail address with its mailed link',
    fa: 'تأیید نشانی ایمیل با پیوند فرستاده‌شده',
    body: emailConfirmSchema,
    errors: [409, 429],
  },
  'POST /api/notifications/unsubscribe': {
    tag: 'profile',
    en: 'Stop one kind of notification mail (one-click: the token in the query)',
    fa: 'قطع یک گونه از ایمیل‌های آگاه‌سازی (با یک کلیک: رمز در نشانی)',
    query: unsubscribeQuerySchema,
    body: tokenSchema,
    bodyOptional: true,
  },
  'PUT /api/profile/email': {
    tag: 'profile',
    en: 'Set your e-mail address (used once its mailed link is opened) or remove it',
    fa: 'گذاشتن نشانی ایمیل (پس از باز کردن پیوند فرستاده‌شده به کار می‌رود) یا برداشتن آن',
    body: emailChangeSchema,
    errors: [409, 429],
  },
  'POST /api/profile/email/resend': {
    tag: 'profile',
    en: 'Send the confirmation link of your new address again',
    fa: 'فرستادن دوبارهٔ پیوند تأیید نشانی تازه',
    errors: [409, 429, 503],
  },
  'PUT /api/profile/notifications': {
    tag: 'profile',
    en: 'Choose your notification mails',
    fa: 'انتخاب ایمیل‌های آگاه‌سازی',
    body: notificationPrefsSchema,
  },
  'GET /api/profile': { tag: 'profile', en: 'Your profile and signed-in devices', fa: 'نمایه و دستگاه‌های واردشدهٔ شما' },
  'PATCH /api/profile': { tag: 'profile', en: 'Change your profile', fa: 'ویرایش نمایهٔ شما', body: profileUpdateSchema },
  'POST /api/profile/password': {
    tag: 'profile',
    en: 'Change your password',
    fa: 'تغییر گذرواژهٔ شما',
    body: passwordChangeSchema,
  },
  'DELETE /api/profile/devices/:id': { tag: 'profile', en: 'Sign a device out', fa: 'بیرون کردن یک دستگاه از حساب', params: id },
  'GET /api/users': { tag: 'users', en: 'List accounts', fa: 'فهرست حساب‌ها', query: userListQuerySchema },
  'POST /api/users': {
    tag: 'users',
    en: 'Create an account',
    fa: 'ساختن حساب',
    body: createUserSchema,
    status: 201,
    errors: [409],
  },
  'PUT /api/users/:id/roles': {
    tag: 'users',
    en: "Set an account's roles",
    fa: 'تعیین نقش‌های یک حساب',
    params: id,
    body: userRolesSchema,
  },
  'POST /api/users/:id/disable': { tag: 'users', en: 'Disable an account', fa: 'غیرفعال کردن حساب', params: id },
  'POST /api/users/:id/enable': { tag: 'users', en: 'Enable an account', fa: 'فعال کردن حساب', params: id },
  'PUT /api/users/:id/email': {
    tag: 'users',
    en: "Set or remove an account's e-mail address (a new one is used once its mailed link is opened)",
    fa: 'گذاشتن یا برداشتن نشانی ایمیل یک حساب (نشانی تازه پس از باز کردن پیوند فرستاده‌شده به کار می‌رود)',
    params: id,
    body: emailChangeSchema,
    errors: [409, 429],
  },
  'DELETE /api/users/:id': { tag: 'users', en: 'Delete an account', fa: 'حذف حساب', params: id },
  'POST /api/users/:id/password-reset': {
    tag: 'users',
    en: 'Make a one-time password reset link',
    fa: 'ساختن پیوند یک‌بارمصرف بازنشانی گذرواژه',
    params: id,
    status: 201,
  },
  'GET /api/roles': { tag: 'roles', en: 'List roles and their permissions', fa: 'فهرست نقش‌ها و دسترسی‌هایشان' },
  'POST /api/roles': { tag: 'roles', en: 'Create a role', fa: 'ساختن نقش', body: createRoleSchema, status: 201, errors: [409] },
  'PATCH /api/roles/:id': {
    tag: 'roles',
    en: 'Change a role',
    fa: 'ویرایش نقش',
    params: id,
    body: updateRoleSchema,
    errors: [409],
  },
  'DELETE /api/roles/:id': { tag: 'roles', en: 'Delete a role', fa: 'حذف نقش', params: id, errors: [409] },
  'POST /api/content/sync': {
    tag: 'pages',
    en: 'Re-index the content repository',
    fa: 'نمایه‌سازی دوبارهٔ مخزن محتوا',
    query: contentSyncQuerySchema,
  },
  'GET /api/content/sync': { tag: 'pages', en: 'The latest re-index and its progress', fa: 'آخرین نمایه‌سازی دوباره و پیشرفتش' },
  'GET /api/analytics': {
    tag: 'analytics',
    en: 'Page views and visitors',
    fa: 'بازدیدها و بازدیدکنندگان',
    query: analyticsQuerySchema,
  },
  'GET /api/pages': {
    tag: 'pages',
    en: 'List pages with their pending changes',
    fa: 'فهرست صفحه‌ها با تغییرهای در انتظارشان',
    query: pageListQuerySchema,
  },
  'GET /api/pages/:locale/:path{.+}': {
    tag: 'pages',
    en: "A page's source for the editor",
    fa: 'متن منبع یک صفحه برای ویرایشگر',
    params: pageParams,
    // checkPagePath (server/services/pages.ts): an unknown locale is a 404, a bad path a 400.
    errors: [400],
  },
  'POST /api/pages/preview': {
    tag: 'pages',
    en: 'Render unsaved Markdown',
    fa: 'نمایش پیش‌نمایش مارک‌داون ذخیره‌نشده',
    body: previewSchema,
  },
  'POST /api/pages/bulk': {
    tag: 'pages',
    en: 'Delete pages or change their category in the open build, each page reported',
    fa: 'حذف صفحه‌ها یا تغییر دستهٔ آن‌ها در ساخت باز، با گزارش هر صفحه',
    body: bulkSchema,
  },
  'PUT /api/pages/:locale/:path{.+}': {
    tag: 'pages',
    en: 'Save a page into the open build',
    fa: 'ذخیرهٔ صفحه در ساخت باز',
    params: pageParams,
    body: saveSchema,
    errors: [409, 412, 413],
  },
  'DELETE /api/pages/:locale/:path{.+}': {
    tag: 'pages',
    en: 'Delete a page in the open build',
    fa: 'حذف صفحه در ساخت باز',
    params: pageParams,
    errors: [400, 409],
  },
  'GET /api/pages/:locale/:path{.+}/history': {
    tag: 'pages',
    en: "A page's history: the commits that changed its file (following published moves), newest first, 20 a page",
    fa: 'تاریخچهٔ یک صفحه: کامیت‌هایی که پرونده‌اش را تغییر داده‌اند (با دنبال کردن جابه‌جایی‌های منتشرشده)، تازه‌ترین نخست، ۲۰ در هر صفحه',
    params: pageParams,
    query: historyQuerySchema,
    errors: [400],
  },
  'GET /api/pages/:locale/:path{.+}/history/:commit': {
    tag: 'pages',
    en: 'One version of a page: its text and its diff to the current text',
    fa: 'یک نسخه از صفحه: متن آن و تفاوتش با متن کنونی',
    params: pageParams.extend({ commit: z.string().meta({ description: 'The commit (40 hexadecimal digits).' }) }),
    errors: [400],
  },
  'GET /api/pages/:locale/:path{.+}/preview-links': {
    tag: 'pages',
    en: "A page's preview links that still work (without their tokens)",
    fa: 'پیوندهای پیش‌نمایش فعال یک صفحه (بی توکن‌هایشان)',
    params: pageParams,
    errors: [400],
  },
  'POST /api/pages/:locale/:path{.+}/preview-link': {
    tag: 'pages',
    en: 'A shareable link to the pending version, { id, url, expiresAt } (7 days unless days is given, at most 30)',
    fa: 'پیوندی همرسانی‌پذیر به نسخهٔ در انتظار، { id, url, expiresAt } (۷ روز مگر days داده شود، حداکثر ۳۰)',
    params: pageParams,
    body: previewLinkSchema,
    bodyOptional: true,
    status: 201,
    errors: [400],
  },
  'DELETE /api/preview-links/:id': {
    tag: 'pages',
    en: 'Revoke a preview link: it answers 404 from then on',
    fa: 'باطل کردن پیوند پیش‌نمایش: از آن پس ۴۰۴ می‌دهد',
    params: id,
    status: 204,
  },
  'POST /api/pages/:locale/:path{.+}/move': {
    tag: 'pages',
    en: 'Move a page to another path',
    fa: 'جابه‌جا کردن صفحه به نشانی دیگر',
    params: pageParams,
    body: moveSchema,
    errors: [409],
  },
  'GET /api/translations/:locale/:path{.+}': {
    tag: 'pages',
    en: "Whether a page is an out-of-date translation, and its source's changes since",
    fa: 'آیا ترجمهٔ یک صفحه کهنه شده است، و تغییرهای منبعش از آن زمان',
    params: pageParams,
    errors: [400],
  },
  'GET /api/builds': { tag: 'builds', en: 'List builds', fa: 'فهرست ساخت‌ها' },
  'GET /api/builds/open': { tag: 'builds', en: "The open build's pending changes", fa: 'تغییرهای در انتظار ساخت باز' },
  'DELETE /api/builds/open/changes/:id': {
    tag: 'builds',
    en: 'Discard a pending change',
    fa: 'دور انداختن یک تغییر در انتظار',
    params: id,
  },
  'POST /api/builds/publish': {
    tag: 'builds',
    en: 'Publish the open build, now or at a time',
    fa: 'انتشار ساخت باز، همین حالا یا در زمانی معین',
    body: publishSchema,
    status: 200,
    errors: [409],
  },
  'DELETE /api/builds/:id/schedule': {
    tag: 'builds',
    en: 'Cancel a scheduled publish',
    fa: 'لغو انتشار زمان‌بندی‌شده',
    params: id,
    errors: [409],
  },
  'POST /api/builds/:id/revert': {
    tag: 'builds',
    en: 'Revert a published build',
    fa: 'برگرداندن یک ساخت منتشرشده',
    params: id,
    errors: [409],
  },
  'GET /api/media': {
    tag: 'media',
    en: 'The media library: uploaded files, published and pending, with the pages that use them',
    fa: 'کتابخانهٔ رسانه: پرونده‌های بارگذاری‌شده، منتشرشده و در انتظار، با صفحه‌هایی که به کارشان برده‌اند',
    query: mediaListQuerySchema,
  },
  'DELETE /api/media/:path{.+}': {
    tag: 'media',
    en: 'Delete a media file in the open build; refused (409, naming the pages) while a page or a setting uses it',
    fa: 'حذف پروندهٔ رسانه در ساخت باز؛ تا صفحه یا تنظیمی آن را به کار می‌برد پذیرفته نمی‌شود (۴۰۹ با نام صفحه‌ها)',
    params: z.object({
      path: z.string().meta({ description: 'The file address below `/media/` (`2026/05/banner-1a2b3c4d.png`).' }),
    }),
    errors: [400, 404, 409],
  },
  'POST /api/media': {
    tag: 'media',
    en: 'Upload an image into the open build',
    fa: 'بارگذاری تصویر در ساخت باز',
    form: z.object({ file: z.file() }),
    status: 201,
    errors: [413, 415],
  },
  'GET /api/public/pages': {
    tag: 'public',
    en: 'Published pages of a language',
    fa: 'صفحه‌های منتشرشدهٔ یک زبان',
    query: publicPagesQuerySchema,
    response: { name: 'PublicPageList', schema: publicPageListSchema },
    errors: [304],
  },
  'GET /api/public/pages/:locale/:path{.+}': {
    tag: 'public',
    en: 'One published page with its HTML and contents',
    fa: 'یک صفحهٔ منتشرشده با HTML و فهرست مطالبش',
    params: publicPageParamsSchema,
    response: { name: 'PublicPage', schema: publicPageSchema },
    errors: [304],
  },
  'GET /api/public/tags': {
    tag: 'public',
    en: 'The tags of a language, most used first',
    fa: 'برچسب‌های یک زبان، پرکاربردترین در آغاز',
    query: publicTagsQuerySchema,
    response: { name: 'PublicTagList', schema: publicTagListSchema },
    errors: [304],
  },
  'GET /api/search': {
    tag: 'search',
    en: 'Search the published pages',
    fa: 'جست‌وجو در صفحه‌های منتشرشده',
    query: searchQuerySchema,
  },
  'POST /api/webhooks/github': {
    tag: 'operating',
    en: "GitHub's push webhook: re-index the content",
    fa: 'وب‌هوک push گیت‌هاب: نمایه‌سازی دوبارهٔ محتوا',
    body: z.object({ ref: z.string().optional() }).loose(),
    status: 202,
    errors: [401, 503],
  },
  'GET /api/outgoing-webhooks': {
    tag: 'outgoing-webhooks',
    en: 'List outgoing webhook endpoints (without their secrets)',
    fa: 'فهرست نشانی‌های وب‌هوک خروجی (بی رمزشان)',
  },
  'POST /api/outgoing-webhooks': {
    tag: 'outgoing-webhooks',
    en: 'Add an endpoint; the answer carries its signing secret, shown only this once',
    fa: 'افزودن یک نشانی؛ پاسخ رمز امضای آن را دارد که فقط همین یک بار نشان داده می‌شود',
    body: outgoingWebhookSchema,
    status: 201,
  },
  'PATCH /api/outgoing-webhooks/:id': {
    tag: 'outgoing-webhooks',
    en: "Change an endpoint's address, events, description or whether it is on",
    fa: 'تغییر نشانی، رویدادها، توضیح یا روشن‌بودن یک نشانی',
    params: id,
    body: outgoingWebhookUpdateSchema,
  },
  'DELETE /api/outgoing-webhooks/:id': {
    tag: 'outgoing-webhooks',
    en: 'Delete an endpoint and its delivery log',
    fa: 'حذف یک نشانی و گزارش ارسال‌های آن',
    params: id,
  },
  'POST /api/outgoing-webhooks/:id/secret': {
    tag: 'outgoing-webhooks',
    en: 'Make a new signing secret (shown once; the old one stops at once)',
    fa: 'ساختن رمز امضای تازه (یک بار نشان داده می‌شود؛ رمز پیشین همان دم از کار می‌افتد)',
    params: id,
  },
  'POST /api/outgoing-webhooks/:id/test': {
    tag: 'outgoing-webhooks',
    en: 'Send a test event (ping) to an endpoint',
    fa: 'فرستادن یک رویداد آزمایشی (ping) به یک نشانی',
    params: id,
    status: 202,
  },
  'GET /api/outgoing-webhooks/:id/deliveries': {
    tag: 'outgoing-webhooks',
    en: "An endpoint's delivery log, newest first",
    fa: 'گزارش ارسال‌های یک نشانی، تازه‌ترین نخست',
    params: id,
    query: deliveriesQuerySchema,
  },
  'POST /api/newsletter/subscribe': {
    tag: 'newsletter',
    en: 'Subscribe an email address',
    fa: 'عضویت یک نشانی ایمیل',
    body: subscribeSchema,
    status: 202,
    errors: [429, 503],
  },
  'POST /api/newsletter/confirm': {
    tag: 'newsletter',
    en: 'Confirm a subscription',
    fa: 'تأیید عضویت',
    body: tokenSchema,
    errors: [410],
  },
  'POST /api/newsletter/unsubscribe': {
    tag: 'newsletter',
    en: 'Unsubscribe (one-click: the token in the query)',
    fa: 'لغو عضویت (با یک کلیک: رمز در نشانی)',
    query: unsubscribeQuerySchema,
    body: tokenSchema,
    bodyOptional: true,
  },
  'GET /api/newsletter/subscribers': {
    tag: 'newsletter',
    en: 'List subscribers',
    fa: 'فهرست مشترکان',
    query: subscriberListQuerySchema,
  },
  'GET /api/newsletter/subscribers/export': {
    tag: 'newsletter',
    en: 'Export subscribers as CSV',
    fa: 'خروجی CSV مشترکان',
    query: subscriberExportQuerySchema,
    produces: 'text/csv',
  },
  'DELETE /api/newsletter/subscribers/:id': { tag: 'newsletter', en: 'Delete a subscriber', fa: 'حذف مشترک', params: id },
  'POST /api/newsletter/issues': {
    tag: 'newsletter',
    en: 'Send a page as a newsletter issue',
    fa: 'فرستادن یک صفحه به‌عنوان شمارهٔ خبرنامه',
    body: issueSchema,
    status: 202,
    errors: [409, 503],
  },
  'GET /api/newsletter/issues/:id': {
    tag: 'newsletter',
    en: "A newsletter issue's sending progress",
    fa: 'پیشرفت فرستادن یک شمارهٔ خبرنامه',
    params: id,
  },
  'GET /api/comments': {
    tag: 'comments',
    en: "A page's comment thread",
    fa: 'رشتهٔ دیدگاه‌های یک صفحه',
    query: commentThreadQuerySchema,
  },
  'POST /api/comments': {
    tag: 'comments',
    en: 'Post a comment',
    fa: 'فرستادن دیدگاه',
    body: commentCreateSchema,
    status: 201,
    errors: [429],
  },
  'PATCH /api/comments/:id': {
    tag: 'comments',
    en: 'Edit a comment or change its status',
    fa: 'ویرایش دیدگاه یا تغییر وضعیتش',
    params: id,
    body: commentUpdateSchema,
  },
  'DELETE /api/comments/:id': { tag: 'comments', en: 'Delete a comment', fa: 'حذف دیدگاه', params: id },
  'GET /api/manage/comments': {
    tag: 'comments',
    en: 'Comments to moderate',
    fa: 'دیدگاه‌های در انتظار بررسی',
    query: manageCommentsQuerySchema,
  },
  'POST /api/manage/comments/bulk': {
    tag: 'comments',
    en: 'Approve, hold, mark as spam or delete many comments',
    fa: 'پذیرفتن، نگه‌داشتن، هرزنامه دانستن یا حذف چند دیدگاه',
    body: commentBulkSchema,
  },
  'GET /api/settings': { tag: 'settings', en: 'The site settings', fa: 'تنظیمات سایت' },
  'PUT /api/settings': {
    tag: 'settings',
    en: 'Save the site settings',
    fa: 'ذخیرهٔ تنظیمات سایت',
    body: siteSettingsSchema,
    errors: [409, 412],
  },
  'GET /api/backup': {
    tag: 'operating',
    en: 'Download a backup of the whole site',
    fa: 'بارگیری پشتیبان کامل سایت',
    produces: 'application/gzip',
    errors: [501],
  },
  'GET /api/openapi.json': {
    tag: 'operating',
    en: 'This API described in OpenAPI 3.1',
    fa: 'توصیف همین API در قالب OpenAPI 3.1',
    produces: 'application/json',
  },
};
