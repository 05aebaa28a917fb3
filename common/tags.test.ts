import { describe, expect, it } from 'vitest';
import { pagePathProblem } from './authoring';
import { parseTags, TAGS_PER_PAGE_MAX, tagKey, tagName, tagSlug } from './tags';

describe('tags fold like search (common/tags.ts)', () => {
  it('gives one slug to the spellings of one Persian tag', () => {
    const one = ['كتاب', 'کتاب', ' کتاب ', 'كـتاب', 'کِتاب'];
    expect(new Set(one.map(tagSlug))).toEqual(new Set(['کتاب']));
    // Half-space, space and hyphen between the parts of a word are one.
    expect(new Set(['کتاب‌ها', 'کتاب ها', 'کتاب-ها', 'كتاب  ها'].map(tagSlug))).toEqual(new Set(['کتاب-ها']));
    expect(tagSlug('سال ۱۴۰۳')).toBe(tagSlug('سال 1403'));
    expect(tagSlug('آینده')).toBe(tagSlug('اینده'));
    expect(tagSlug('Books')).toBe('books');
    expect(tagSlug('Machine Learning!')).toBe('machine-learning');
  });

  it('gives one key to spellings that join or part the words, and keeps the first of them on a page', () => {
    const one = ['کتابخوانی', 'کتاب‌خوانی', 'کتاب خوانی', 'كتابخواني', 'کتاب-خوانی', 'کتابھا'.replace('ھا', 'خوانی')];
    expect(new Set(one.map(tagKey))).toEqual(new Set(['کتابخوانی']));
    expect(tagKey('Book club')).toBe(tagKey('bookclub'));
    expect(tagKey('!!')).toBe('');
    expect(parseTags(['کتاب‌خوانی', 'کتابخوانی', 'سفر'])).toEqual({
      tags: [
        { slug: 'کتاب-خوانی', name: 'کتاب‌خوانی' },
        { slug: 'سفر', name: 'سفر' },
      ],
    });
  });

  it('makes a valid address segment of hostile names, or nothing', () => {
    for (const name of [
      '../../etc/passwd',
      'a/b',
      '%2e%2e',
      '?q=1#x',
      '<script>alert(1)</script>',
      'a\u202eb',
      'x\u0000y',
      '.hidden',
    ])
      expect(pagePathProblem(tagSlug(name)), name).toBeUndefined();
    expect(tagSlug('../../etc/passwd')).toBe('etc-passwd');
    expect(tagSlug('<script>alert(1)</script>')).toBe('script-alert-1-script');
    for (const name of ['!!!', '   ', '\u200c', '\u064b', '---']) expect(tagSlug(name), JSON.stringify(name)).toBe('');
  });

  it('shows a tag under its name with Persian letters, and refuses empty, long and too many tags', () => {
    expect(tagName('  كتاب   خوب ')).toBe('کتاب خوب');
    expect(parseTags(['كتاب', 'کتاب', 'Books', 'books'])).toEqual({
      tags: [
        { slug: 'کتاب', name: 'کتاب' },
        { slug: 'books', name: 'Books' },
      ],
    });
    expect(parseTags(['ok', '!!!'])).toEqual({ problem: 'tagEmpty', index: 1 });
    expect(parseTags(['x'.repeat(101)])).toEqual({ problem: 'tagTooLong', index: 0 });
    const many = Array.from({ length: TAGS_PER_PAGE_MAX + 1 }, (_, i) => `t${i}`);
    expect(parseTags(many)).toEqual({ problem: 'tooManyTags' });
    expect(parseTags(many.slice(1))).toHaveProperty('tags');
  });
});
