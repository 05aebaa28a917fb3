import { z } from 'zod';

/*
 * E-mail addresses on accounts (issue 27): optional, unique compared lower-cased, and ASCII only
 * (zod's address rule: no spaces, CR/LF or other control characters, so an address can never add
 * a mail header, and no look-alike Unicode letters). Stored as typed; `emailKey` is the form that
 * uniqueness and forgot-password compare.
 */

/** The longest address SMTP carries (RFC 5321: 254 in a path). */
export const EMAIL_MAX = 254;

/** One address, required. */
export const emailSchema = z.string().trim().max(EMAIL_MAX, 'validation.email').pipe(z.email('validation.email'));

/** An optional address: empty (or absent) is none. */
export const optionalEmailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX, 'validation.email')
  .transform((value) => value || undefined)
  .pipe(z.email('validation.email').optional())
  .optional();

/** What two addresses compare as: the same letters in any case are one address. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether a typed sign-in name looks like an address rather than a user name (user names hold no `@`). */
export function looksLikeEmail(value: string): boolean {
  return value.includes('@');
}
