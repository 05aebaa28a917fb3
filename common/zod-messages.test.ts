import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translateMessage } from './messages';
import './zod-messages';

/** The first issue's message of parsing `input`, as each language shows it. */
function said(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a refusal');
  const message = result.error.issues[0]?.message ?? '';
  return { en: translateMessage('en', message), fa: translateMessage('fa', message) };
}

describe("zod's default messages, in the spec's words", () => {
  const form = z.object({ name: z.string(), email: z.email(), code: z.string().min(3).max(5), age: z.number() });

  it('a missing field is Required', () => {
    expect(said(form.pick({ name: true }), {})).toEqual({ en: 'Required', fa: 'الزامی است' });
  });

  it('a wrong type says what was expected and what came', () => {
    expect(said(form.pick({ age: true }), { age: 'ten' })).toEqual({
      en: 'Expected number, received string',
      fa: 'باید از نوع number باشد، اما string آمده است',
    });
    expect(said(form.pick({ name: true }), { name: null }).en).toBe('Expected string, received null');
    expect(said(form.pick({ name: true }), { name: [] }).en).toBe('Expected string, received array');
  });

  it('string lengths count characters, with Persian digits in Persian', () => {
    expect(said(form.pick({ code: true }), { code: 'ab' })).toEqual({
      en: 'String must contain at least 3 character(s)',
      fa: 'متن باید دست‌کم ۳ نویسه داشته باشد',
    });
    expect(said(form.pick({ code: true }), { code: 'abcdef' }).en).toBe('String must contain at most 5 character(s)');
  });

  it('a malformed email is Invalid email', () => {
    expect(said(form.pick({ email: true }), { email: 'not-an-address' })).toEqual({
      en: 'Invalid email',
      fa: 'ایمیل نامعتبر است',
    });
  });

  it("a schema's own message wins over the default", () => {
    expect(said(z.string().min(2, 'validation.passwordsMismatch'), 'a').en).toBe('Passwords do not match');
  });
});
