import { describe, expect, it } from 'vitest';
import { parseUnifiedDiff } from './diff-view';

describe('parseUnifiedDiff', () => {
  it('keeps hunks and their lines, drops the file headers', () => {
    const diff = [
      '===================================================================',
      '--- a/content/fa/about.md',
      '+++ b/content/fa/about.md',
      '@@ -1,3 +1,3 @@',
      ' ---',
      '-title: درباره',
      '+title: دربارهٔ دفتر',
      '\\ No newline at end of file',
      '',
    ].join('\n');
    expect(parseUnifiedDiff(diff)).toEqual([
      { kind: 'hunk', text: '@@ -1,3 +1,3 @@' },
      { kind: 'context', text: '---' },
      { kind: 'remove', text: 'title: درباره' },
      { kind: 'add', text: 'title: دربارهٔ دفتر' },
    ]);
  });

  it('finds nothing in a diff without hunks (a move that kept the text)', () => {
    expect(parseUnifiedDiff('--- a/content/en/a.md\n+++ b/content/en/b.md\n')).toEqual([]);
  });
});
