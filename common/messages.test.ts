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
