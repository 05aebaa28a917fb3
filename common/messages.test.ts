import { describe, expect, it } from 'vitest';
import { sharedMessages, translateMessage } from './messages';

describe('shared messages', () => {
  it('has the same keys in fa and en', () => {
    for (const group of Object.keys(sharedMessages.en) as (keyof typeof sharedMessages.en)[]) {
      expect(Object.keys(sharedMessages.fa[group]).sort()).toEqual(Object.keys(sharedMessages.en[group]).sort());
    }
  });
  it('translates keys and passes plain text through', () => {
    expect(translateMessage('en', 'validation.passwordsMismatch')).toBe('Passwords do not match');
    expect(translateMessage('fa', 'validation.passwordsMismatch')).toBe('گذرواژه‌ها یکسان نیستند');
    expect(translateMessage('en', 'Something else')).toBe('Something else');
  });
});

describe('messages with values', () => {
  it('say the real limit, in each language’s digits', async () => {
    const { accountFields } = await import('./schemas/account');
    const issue = accountFields.firstName.safeParse('x'.repeat(65)).error?.issues[0];
    expect(issue && translateMessage('en', issue.message)).toBe('Must be at most 64 characters');
    expect(issue && translateMessage('fa', issue.message)).toBe('حداکثر ۶۴ نویسه مجاز است');
    const short = accountFields.userName.safeParse('ab').error?.issues[0];
    expect(short && translateMessage('en', short.message)).toBe('Must be at least 3 characters');
  });

  it('leave unknown keys and plain text alone', () => {
    expect(translateMessage('en', 'validation.nope')).toBe('validation.nope');
    expect(translateMessage('en', 'Already translated?')).toBe('Already translated?');
  });
});
