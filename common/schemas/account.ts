import { z } from 'zod';
import { EMAIL_MAX, optionalEmailSchema } from '../email';
import { locales } from '../locales';
import { tooLong, tooShort } from '../messages';
import { userNameProblem } from '../user-name';

/*
 * Account fields (docs/spec.md §5). Messages are keys into common/messages.ts so the browser and the
 * server show the same words in either language.
 */
export const accountFields = {
  firstName: z.string().trim().min(2, tooShort(2)).max(64, tooLong(64)),
  // One letter is a last name too («لو», Li, Wu: issue 30); the spec's 3 refused real people.
  lastName: z.string().trim().min(1, 'validation.required').max(64, tooLong(64)),
  // Optional: a few words about oneself, which many leave for later.
  about: z.string().trim().max(500, tooLong(500)),
  // Letters and digits of one script, `_ . -`, half-spaces inside a Persian name; stored NFC (common/user-name.ts).
  userName: z
    .string()
    .trim()
    .normalize('NFC')
    .min(3, tooShort(3))
    .max(32, tooLong(32))
    .superRefine((name, ctx) => {
      const problem = userNameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: `validation.${problem}` });
    }),
  password: z.string().min(6, 'validation.passwordMin').max(200, 'validation.passwordMax'),
  // Optional (issue 27): for a forgotten password and notifications; confirmed by a mailed link.
  email: optionalEmailSchema,
};

/** A device's secp256k1 x-only public key, hex (docs/spec.md §3 device identity). */
export const pubkeySchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/i, 'validation.pubkey')
  .transform((value) => value.toLowerCase());

/** The name a browser gave itself (its local device identity), shown in the owner's device list. */
export const deviceNameSchema = z.string().trim().max(80, 'validation.invalid').optional();

/** Body of POST /api/install/admin-loading (docs/spec.md §7): the form without confirmPassword. */
export const accountRequestSchema = z.object({
  ...accountFields,
  about: accountFields.about.default(''),
  pub: pubkeySchema.optional(),
});
export type AccountRequest = z.infer<typeof accountRequestSchema>;

/** The account form (docs/spec.md §5): the installer's owner and registration both fill it. */
export const accountFormSchema = z
  .object({
    ...accountFields,
    confirmPassword: z.string().min(6, 'validation.confirmPasswordMin'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsMismatch',
  });
export type AccountFormValues = z.infer<typeof accountFormSchema>;

/** Registration as the API receives it; the browser fills `accountFormSchema`, as the installer does. */
export const registerRequestSchema = z.object({
  ...accountFields,
  about: accountFields.about.default(''),
  pub: pubkeySchema.optional(),
  deviceName: deviceNameSchema,
  turnstileToken: z.string().max(4096).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginSchema = z.object({
  userName: z.string().trim().min(1, 'validation.required').max(64, tooLong(64)),
  password: z.string().min(1, 'validation.required').max(200, 'validation.passwordMax'),
  pub: pubkeySchema.optional(),
  deviceName: deviceNameSchema,
  turnstileToken: z.string().max(4096).optional(),
});
export type LoginRequest = z.infer<typeof loginSchema>;

/** Body of PUT /api/profile/email and PUT /api/users/:id/email: the new address, or '' for none. */
export const emailChangeSchema = z.object({ email: optionalEmailSchema });
export type EmailChange = z.infer<typeof emailChangeSchema>;

/** Body of POST /api/auth/forgot-password: a user name (any spelling that folds to it) or an address. */
export const forgotPasswordSchema = z.object({
  userNameOrEmail: z.string().trim().min(1, 'validation.required').max(EMAIL_MAX, tooLong(EMAIL_MAX)),
  /** The page's language: the mail is written in it. */
  locale: z.enum(locales).optional(),
  turnstileToken: z.string().max(4096).optional(),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordSchema>;

/** Body of POST /api/auth/confirm-email: the token from the mailed link. */
export const emailConfirmSchema = z.object({ token: z.string().min(1, 'validation.required').max(200, 'validation.invalid') });

/** Body of PUT /api/profile/notifications: which mails the account wants (all off by default). */
/** `digest`: the owner's weekly digest, offered to owners only (absent for the others, and unchanged when absent). */
export const notificationPrefsSchema = z.object({
  replies: z.boolean(),
  moderation: z.boolean(),
  digest: z.boolean().optional(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

export const profileUpdateSchema = z.object({
  firstName: accountFields.firstName,
  lastName: accountFields.lastName,
  about: accountFields.about,
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, 'validation.required'),
    password: accountFields.password,
    confirmPassword: z.string().min(6, 'validation.confirmPasswordMin'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsMismatch',
  });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
