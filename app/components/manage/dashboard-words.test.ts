import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n';
import { readablePath } from '../layout/error-view';
import { automaticTitle } from './builds/automatic-title';
import { roleLabel } from './users/role-picker';

/* Words the Persian dashboard used to show in English, and the 404 page's path (issue 30, D16, D17). */
describe('dashboard words in the page language', () => {
  const fa = createI18n('fa').t;
  const en = createI18n('en').t;

  it('reads the default roles in Persian, and a role someone named as named', () => {
    expect(roleLabel({ id: 'owner', name: 'owner' }, fa)).toBe('مالک');
    expect(roleLabel({ id: 'editor', name: 'editor' }, fa)).toBe('ویراستار');
    expect(roleLabel({ id: 'member', name: 'member' }, en)).toBe('Member');
    expect(roleLabel({ id: 'translators', name: 'translators' }, fa)).toBe('translators');
  });

  it('reads an automatic build title in Persian, with the path isolated and Persian digits', () => {
    expect(automaticTitle('Create en/logs/hello and 2 more', fa, 'fa')).toBe('ساخت \u2068en/logs/hello\u2069 و ۲ مورد دیگر');
    expect(automaticTitle('Delete fa/about', fa, 'fa')).toBe('حذف \u2068fa/about\u2069');
    expect(automaticTitle('Update en/logs/hello', en, 'en')).toBe('Update \u2068en/logs/hello\u2069');
    expect(automaticTitle('Upload my photo.png', fa, 'fa')).toBe('بارگذاری \u2068my photo.png\u2069');
    // A revert reads in the screen's language, the reverted title read the same way (D20).
    expect(automaticTitle('Revert "Delete fa/logs/سفر-به-اصفهان"', fa, 'fa')).toBe(
      'بازگرداندن «\u2068حذف \u2068fa/logs/سفر-به-اصفهان\u2069\u2069»',
    );
    expect(automaticTitle('Revert "Spring issue"', en, 'en')).toBe('Revert “\u2068Spring issue\u2069”');
    expect(automaticTitle('Revert "build 0b4f"', fa, 'fa')).toBe('بازگرداندن «\u2068ساخت 0b4f\u2069»');
    // A title someone wrote is left alone.
    expect(automaticTitle('Spring issue, first draft', fa, 'fa')).toBe('Spring issue, first draft');
  });

  it('shows a 404 path decoded, and a malformed one as it came', () => {
    expect(readablePath('/en/%D8%A2%D8%B2%D9%85%D9%88%D9%86')).toBe('/en/آزمون');
    expect(readablePath('/en/%E0%A4%A')).toBe('/en/%E0%A4%A');
  });
});
