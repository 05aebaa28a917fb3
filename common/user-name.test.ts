import { describe, expect, it } from 'vitest';
import { accountFields } from './schemas/account';
import { normaliseUserName, userNameKey, userNameProblem } from './user-name';

const ZWNJ = '\u200c';
const problem = (name: string) => userNameProblem(normaliseUserName(name));

describe('user names', () => {
  it.each([
    ['a Persian name with _', 'علی_رضایی'],
    ['a Persian name with a half-space between letters', `علی${ZWNJ}رضا`],
    ['Persian digits', 'سارا۱۳۷۰'],
    ['ASCII digits in a Persian name', 'سارا1370'],
    ['a Latin name with . and -', 'ali.reza-1'],
    ['Latin letters with accents', 'José'],
    ['Persian digits in a Latin name', 'ali۱۲'],
    ['harakat', 'عَلی'],
    ['the Arabic spellings (they fold when compared)', 'علي'],
  ])('accepts %s: %s', (_what, name) => {
    expect(problem(name)).toBeUndefined();
  });

  it.each([
    ['a right-to-left override (U+202E)', 'admin\u202etxt.exe', 'userNameBidi'],
    ['a left-to-right mark', '\u200eعلی', 'userNameBidi'],
    ['a right-to-left isolate', 'ali\u2067x', 'userNameBidi'],
    ['the Arabic letter mark', 'علی\u061c', 'userNameBidi'],
    ['a zero-width joiner at the end', 'ali\u200d', 'userNameInvisible'],
    ['a zero-width joiner at the start', '\u200dعلی', 'userNameInvisible'],
    ['a zero-width space inside', 'a\u200bdmin', 'userNameInvisible'],
    ['a byte-order mark inside', 'ad\ufeffmin', 'userNameInvisible'],
    ['a soft hyphen', 'ad\u00admin', 'userNameInvisible'],
    ['a variation selector', 'admin\ufe0f', 'userNameInvisible'],
    ['a tag character', 'admin\u{e0041}', 'userNameInvisible'],
    ['a kashida', 'علـــی', 'userNameInvisible'],
    ['a half-space at the start', `${ZWNJ}علی`, 'userNameZwnj'],
    ['a half-space at the end', `علی${ZWNJ}`, 'userNameZwnj'],
    ['two half-spaces', `علی${ZWNJ}${ZWNJ}رضا`, 'userNameZwnj'],
    ['a half-space beside _', `علی${ZWNJ}_رضا`, 'userNameZwnj'],
    ['a half-space in a Latin name', `ali${ZWNJ}reza`, 'userNameZwnj'],
    ['Latin and Persian letters', 'aliعلی', 'userNameScript'],
    ['a Latin a beside a Cyrillic а (looks like "paypal")', 'p\u0430ypal', 'userNameScript'],
    ['Cyrillic only', 'админ', 'userNameScript'],
    ['Greek omicron for o', 'r\u03bfot', 'userNameScript'],
    ['a Latin letter with an Arabic mark', 'a\u064eli', 'userNameScript'],
    ['full-width letters (look like admin)', 'ａｄｍｉｎ', 'userNameLetters'],
    ['Arabic presentation forms', '\ufecb\ufee0\ufef2', 'userNameLetters'],
    ['a space', 'ali reza', 'userNameLetters'],
    ['punctuation', 'bad name!', 'userNameLetters'],
    ['an emoji', 'ali😀', 'userNameLetters'],
    ['a control character', 'ali\u0007', 'userNameInvisible'],
  ])('refuses %s', (_what, name, expected) => {
    expect(problem(name)).toBe(expected);
  });

  it('is stored NFC and trimmed; the schema refuses with the message of the rule', () => {
    const decomposed = 'Jose\u0301';
    expect(accountFields.userName.parse(`  ${decomposed} `)).toBe('José');
    const refused = accountFields.userName.safeParse('abc\u202edef');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['validation.userNameBidi']);
    expect(accountFields.userName.safeParse('علی_رضایی').success).toBe(true);
  });

  it('compares a folded key: Arabic letters, digits, half-spaces, case and compatibility forms do not make another name', () => {
    const same: [string, string][] = [
      ['علي', 'علی'],
      ['كاوه', 'کاوه'],
      ['موسى', 'موسی'],
      ['علي_رضايي', 'علی_رضایی'],
      [`علی${ZWNJ}رضا`, 'علیرضا'],
      ['سارا۱۳۷۰', 'سارا1370'],
      ['سارا١٣٧٠', 'سارا1370'],
      ['Ali.Reza', 'ali.reza'],
      ['JOSÉ', 'josé'],
      ['ａｄｍｉｎ', 'admin'],
      ['عَلی', 'علی'],
    ];
    for (const [a, b] of same) expect(userNameKey(a), `${a} ~ ${b}`).toBe(userNameKey(b));
    expect(userNameKey('ali')).not.toBe(userNameKey('all'));
    expect(userNameKey('علی')).not.toBe(userNameKey('عالی'));
  });
});
