import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api';
import { createPageSchema, movePageSchema, withFormFields } from './page-form';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('page forms', () => {
  it('accepts a Persian or Latin path, folders included', () => {
    expect(createPageSchema.safeParse({ locale: 'fa', title: 'سلام', path: 'یادداشت‌ها/سلام', cat: '' }).success).toBe(true);
    expect(movePageSchema.safeParse({ locale: 'en', path: 'guides/hello-world' }).success).toBe(true);
  });

  it('gives a path typed with Arabic letters in the Persian spelling, half-spaces and digits as typed (issue 37)', () => {
    const created = createPageSchema.safeParse({ locale: 'fa', title: 'x', path: ' logs/كتاب-عربي-ھادى\u200cها-۱۲ ', cat: '' });
    expect(created.data?.path).toBe('logs/کتاب-عربی-هادی\u200cها-۱۲');
    expect(movePageSchema.safeParse({ locale: 'fa', path: 'كار' }).data?.path).toBe('کار');
    // Bidi controls and zero-width joiners are no part of a path: refused, not folded away.
    expect(issues(createPageSchema.safeParse({ locale: 'fa', title: 'x', path: '\u202eكتاب', cat: '' }))).toEqual([
      ['path', 'api.pagePathInvalid'],
    ]);
    expect(issues(movePageSchema.safeParse({ locale: 'fa', path: 'كت\u200dاب' }))).toEqual([['path', 'api.pagePathInvalid']]);
  });

  it('refuses malformed and reserved paths with message keys', () => {
    expect(issues(createPageSchema.safeParse({ locale: 'en', title: 'x', path: 'a b.md', cat: '' }))).toEqual([
      ['path', 'api.pagePathInvalid'],
    ]);
    expect(issues(movePageSchema.safeParse({ locale: 'fa', path: 'manage' }))).toEqual([
      ['path', 'api.pagePathReserved?path=%2Ffa%2Fmanage'],
    ]);
    expect(issues(createPageSchema.safeParse({ locale: 'en', title: ' ', path: 'ok', cat: '' }))).toEqual([
      ['title', 'validation.required'],
    ]);
  });

  it("puts the API's front-matter issues on the form's fields", () => {
    const error = withFormFields(
      new ApiRequestError({
        statusCode: 400,
        message: 'Please correct the highlighted fields',
        data: { issues: [{ path: ['frontMatter', 'title'], message: 'Must be text' }] },
      }),
    );
    expect((error as ApiRequestError).failure.data?.issues).toEqual([{ path: ['title'], message: 'Must be text' }]);
  });
});
