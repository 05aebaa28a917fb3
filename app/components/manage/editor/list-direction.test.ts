import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { blockDirections, editorExtensions } from './extensions';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

/** The `dir` each top-level block gets in the editor of a page in `direction`. */
function directions(markdown: string, direction: 'rtl' | 'ltr') {
  editor = new Editor({
    element: null,
    extensions: editorExtensions({ pageDirection: direction }),
    content: markdown,
    contentType: 'markdown',
  });
  const doc = editor.state.doc;
  const found = blockDirections(doc, direction).find();
  return found.map((decoration) => ({
    text: doc.nodeAt(decoration.from)?.textContent,
    dir: (decoration as unknown as { type: { attrs: { dir: string } } }).type.attrs.dir,
  }));
}

describe('the editor’s block directions (issue 37, D1): as the published page lays them out', () => {
  it('leaves Persian blocks starting with a Latin word, and their lists, to the Persian page', () => {
    expect(
      directions('# React در ۱۰ دقیقه\n\nDocker را نصب کنید.\n\n- Node.js نسخهٔ ۲۴ لازم است.\n- مرورگر Chrome.\n', 'rtl'),
    ).toEqual([]);
  });
  it('turns only wholly Latin blocks on a Persian page, a list as one block (no item of its own)', () => {
    expect(directions('فارسی\n\nnpm install react\n\n- one\n- two\n\n* یک\n* two\n', 'rtl')).toEqual([
      { text: 'npm install react', dir: 'ltr' },
      { text: 'onetwo', dir: 'ltr' },
    ]);
  });
  it('turns a wholly Persian paragraph on an English page; tables and code never', () => {
    expect(directions('سلام دنیا\n\n| قلم | یادداشت |\n| --- | --- |\n| ۱ | ۲ |\n\n```\nسلام\n```\n', 'ltr')).toEqual([
      { text: 'سلام دنیا', dir: 'rtl' },
    ]);
  });
});
