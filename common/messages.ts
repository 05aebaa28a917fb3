import type { Locale } from './locales';

/**
 * Messages both the server and the browser produce: validation messages (zod schemas carry these
 * keys) and API error messages. The app merges them into its i18n tables; the server answers in
 * the request's locale. Wording follows the spec.
 */
export const sharedMessages = {
  en: {
    validation: {
      required: 'Required',
      min2: 'Must be at least 2 characters',
      min3: 'Must be at least 3 characters',
      max32: 'Must be at most 32 characters',
      max500: 'Must be at most 500 characters',
      userNameChars: 'Use only English letters, digits, dot, dash and underscore',
      passwordMin: 'Password must be at least 6 characters',
      passwordMax: 'Password must be at most 200 characters',
      confirmPasswordMin: 'Confirm Password must be at least 6 characters',
      passwordsMismatch: 'Passwords do not match',
      pubkey: 'Device key must be 64 hexadecimal characters',
      invalid: 'Invalid value',
    },
    api: {
      validationFailed: 'Please correct the highlighted fields',
      invalidJson: 'The request body is not valid JSON',
      alreadyInstalled: 'Application is already installed',
      setupTokenInvalid: 'The setup token is missing or wrong',
      notMigrated: 'Run the database migrations first',
      defaultsMissing: 'Load the default data first',
      userNameTaken: 'This user name is already taken',
      crossOrigin: 'Cross-origin request refused',
      databaseUnavailable: 'Database unavailable',
      signInRequired: 'Please sign in first',
      forbidden: 'You do not have permission to do this',
      invalidCredentials: 'Invalid username or password',
      tooManyAttempts: 'Too many attempts. Please wait {{minutes}} minutes and try again.',
      captchaFailed: 'The CAPTCHA check failed. Please try again.',
      currentPasswordWrong: 'The current password is not correct',
      notFound: 'Not found',
      lastOwner: 'The site must keep at least one active owner',
      ownerRoleLocked: 'The owner role always has every permission and cannot be deleted',
      roleNameTaken: 'A role with this name already exists',
      unknownRole: 'Unknown role',
      contentRepositoryMissing: 'No content repository is configured',
    },
  },
  fa: {
    validation: {
      required: 'الزامی است',
      min2: 'دست‌کم ۲ نویسه لازم است',
      min3: 'دست‌کم ۳ نویسه لازم است',
      max32: 'حداکثر ۳۲ نویسه مجاز است',
      max500: 'حداکثر ۵۰۰ نویسه مجاز است',
      userNameChars: 'فقط حروف انگلیسی، رقم، نقطه، خط تیره و زیرخط مجاز است',
      passwordMin: 'گذرواژه باید دست‌کم ۶ نویسه باشد',
      passwordMax: 'گذرواژه حداکثر می‌تواند ۲۰۰ نویسه باشد',
      confirmPasswordMin: 'تکرار گذرواژه باید دست‌کم ۶ نویسه باشد',
      passwordsMismatch: 'گذرواژه‌ها یکسان نیستند',
      pubkey: 'کلید دستگاه باید ۶۴ نویسهٔ شانزده‌شانزدهی باشد',
      invalid: 'مقدار نامعتبر',
    },
    api: {
      validationFailed: 'لطفاً خانه‌های مشخص‌شده را درست کنید',
      invalidJson: 'بدنهٔ درخواست JSON معتبر نیست',
      alreadyInstalled: 'برنامه پیش‌تر نصب شده است',
      setupTokenInvalid: 'توکن نصب وارد نشده یا نادرست است',
      notMigrated: 'نخست مهاجرت‌های پایگاه داده را اجرا کنید',
      defaultsMissing: 'نخست داده‌های پیش‌فرض را بارگذاری کنید',
      userNameTaken: 'این نام کاربری پیش‌تر گرفته شده است',
      crossOrigin: 'درخواست از مبدأ دیگر پذیرفته نمی‌شود',
      databaseUnavailable: 'پایگاه داده در دسترس نیست',
      signInRequired: 'لطفاً نخست وارد شوید',
      forbidden: 'شما اجازهٔ انجام این کار را ندارید',
      invalidCredentials: 'نام کاربری یا گذرواژه نادرست است',
      tooManyAttempts: 'تلاش‌ها بیش از حد بود. لطفاً {{minutes}} دقیقه صبر کنید و دوباره تلاش کنید.',
      captchaFailed: 'بررسی کپچا ناموفق بود. لطفاً دوباره تلاش کنید.',
      currentPasswordWrong: 'گذرواژهٔ کنونی درست نیست',
      notFound: 'پیدا نشد',
      lastOwner: 'سایت باید دست‌کم یک مالک فعال داشته باشد',
      ownerRoleLocked: 'نقش مالک همیشه همهٔ اجازه‌ها را دارد و حذف‌شدنی نیست',
      roleNameTaken: 'نقشی با این نام وجود دارد',
      unknownRole: 'نقش ناشناخته',
      contentRepositoryMissing: 'هیچ مخزن محتوایی پیکربندی نشده است',
    },
  },
} as const;

export type MessageKey =
  | `validation.${keyof (typeof sharedMessages)['en']['validation']}`
  | `api.${keyof (typeof sharedMessages)['en']['api']}`;

/** Looks a shared message up and fills `{{name}}` values; unknown keys come back unchanged. */
export function translateMessage(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const [group, name] = key.split('.') as [string, string];
  const table = sharedMessages[locale] as Record<string, Record<string, string>>;
  const text = table[group]?.[name] ?? key;
  return text.replace(/{{\s*(\w+)\s*}}/g, (match, field: string) => String(values[field] ?? match));
}
