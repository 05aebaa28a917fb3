import { Editor, type InputRule, inputRulesPlugin } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../../server/content/render';
import { editorExtensions } from './extensions';
import { imageMarkdown, insertImageAt, typeBesideFigure } from './image-node';
import { createMarkdownConverter } from './markdown';

const converter = createMarkdownConverter(editorExtensions());
const roundTrip = (markdown: string) => converter.toMarkdown(converter.toDocument(markdown));
const html = (markdown: string) => renderMarkdown(markdown, 'en').html;

let editor: Editor | undefined;
afterEach(() => {
  editor?.destroy();
  editor = undefined;
});

/** An editor without a view (Tiptap 3 runs unmounted) over Markdown, the caret at the end. */
function editorAtEnd(markdown: string) {
  editor = new Editor({ element: null, extensions: editorExtensions(), content: markdown, contentType: 'markdown' });
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.atEnd(editor.state.doc)));
  return editor;
}

/**
 * Types text as the browser does: each character goes to the plugins' handleTextInput (the input
 * rules as Tiptap builds them for a mounted view, then our own plugins), else it is inserted.
 */
function type(current: Editor, text: string) {
  const rules = current.extensionManager.plugins.filter((plugin) => plugin.props.handleTextInput);
  const inputRules = inputRulesPlugin({
    editor: current,
    rules: current.extensionManager.extensions.flatMap((extension) => {
      const add = extension.config.addInputRules as ((this: unknown) => InputRule[]) | undefined;
      return add
        ? add.call({
            name: extension.name,
            options: extension.options,
            storage: extension.storage,
            editor: current,
            type: current.schema.nodes[extension.name] ?? current.schema.marks[extension.name],
            parent: undefined,
          } as never)
        : [];
    }),
  });
  for (const char of text) {
    const { from, to } = current.state.selection;
    const handled = [inputRules, ...rules].some((plugin) =>
      plugin.props.handleTextInput?.call(plugin, current.view, from, to, char, () => current.state.tr.insertText(char, from, to)),
    );
    if (!handled) current.view.dispatch(current.state.tr.insertText(char, from, to));
  }
}

describe('images in the editor (issue 26)', () => {
  it('a paragraph holding only an image is a valid document (D8: it was an image at the top level)', () => {
    for (const markdown of ['Text\n\n![a](/media/a.webp#10x10)', '![a](/media/a.webp)', '![a](/m.webp "A caption")\n\ntext']) {
      expect(() => converter.toDocument(markdown).check()).not.toThrow();
      expect(roundTrip(markdown)).toBe(markdown);
    }
  });

  it('an image put in with the caret inside a code block goes after the block, which stays whole (D11)', () => {
    const code = '```\nnpm start\nnpm test\n```';
    const current = editorAtEnd(`Before\n\n${code}\n\nAfter`);
    let inCode = -1;
    current.state.doc.descendants((node, pos) => {
      if (node.type.name === 'codeBlock') inCode = pos + 1 + 'npm start'.length;
    });
    current.view.dispatch(current.state.tr.setSelection(TextSelection.create(current.state.doc, inCode)));
    insertImageAt(current, { src: '/media/cat.webp#800x600', alt: '' });
    expect(() => current.state.doc.check()).not.toThrow();
    expect(current.getMarkdown()).toBe(`Before\n\n${code}\n\n![](/media/cat.webp#800x600)\n\nAfter`);
    // The new image is selected, for its panel to ask for the alt text.
    expect(current.state.selection.from).toBeGreaterThan(inCode);
    // A drop inside the code block too.
    insertImageAt(current, { src: '/media/dog.webp#10x10', alt: '' }, inCode);
    expect(current.getMarkdown()).toBe(
      `Before\n\n${code}\n\n![](/media/dog.webp#10x10)\n\n![](/media/cat.webp#800x600)\n\nAfter`,
    );
  });

  it('Ctrl+End then typing after a final image starts a new paragraph (D8)', () => {
    const current = editorAtEnd('Before\n\n![a cat](/media/cat.webp#800x600 "Our cat")');
    type(current, 'After');
    expect(() => current.state.doc.check()).not.toThrow();
    expect(current.getMarkdown()).toBe('Before\n\n![a cat](/media/cat.webp#800x600 "Our cat")\n\nAfter');
    // Typing before a figure's image puts the text above it; in the middle of text nothing changes.
    const $start = current.state.doc.resolve(current.state.doc.child(0).nodeSize + 1);
    expect(typeBesideFigure(current.state, $start.pos, $start.pos, 'x')?.doc.child(1).textContent).toBe('x');
    expect(typeBesideFigure(current.state, 2, 2, 'x')).toBeNull();
  });

  it.each([
    ['![alt](/media/x.webp)', '![alt](/media/x.webp)'],
    ['see ![alt](/media/x.webp#800x600)', 'see ![alt](/media/x.webp#800x600)'],
    ['![a \\] b](/media/x.webp "A \\"quoted\\" caption")', '![a \\] b](/media/x.webp "A \\"quoted\\" caption")'],
  ])('typing %s makes an image and leaves no stray )', (typed, markdown) => {
    const current = editorAtEnd('Start');
    current.commands.splitBlock();
    type(current, typed);
    expect(current.state.doc.lastChild?.content.content.some((node) => node.type.name === 'image')).toBe(true);
    expect(current.getMarkdown()).toBe(`Start\n\n${markdown}`);
  });

  it.each([
    '![A cat on a mat](/media/cat.webp#800x600 "Our cat, in the garden")',
    '![wide](/media/cat.webp#800x600,wide)',
    '![full](/media/cat.webp#full "Full width")',
    '![](/media/cat.webp)',
    '![alt with \\[brackets\\]](/media/cat.webp "a \\"quote\\" and a \\\\ backslash")',
    'Text with ![an inline image](/media/icon.png "icon") inside',
  ])('round-trips %s exactly and renders the same', (markdown) => {
    expect(roundTrip(markdown)).toBe(markdown);
    expect(html(roundTrip(markdown))).toBe(html(markdown));
  });

  it('writes alt text and captions that cannot end the Markdown early', () => {
    expect(imageMarkdown({ src: '/media/a b.webp', alt: 'x](javascript:alert(1))', title: 'c") ![y](z' })).toBe(
      '![x\\](javascript:alert(1))](</media/a b.webp> "c\\") ![y](z")',
    );
    const rendered = html(imageMarkdown({ src: '/media/a.webp', alt: 'x](javascript:alert(1))', title: 'c") ![y](z' }));
    expect(rendered).not.toContain('<a');
    expect(rendered).toContain('alt="x](javascript:alert(1))"');
    expect(rendered).toContain('<figcaption>c") ![y](z</figcaption>');
  });
});

describe('figures as readers see them', () => {
  it('an image alone with a caption is a figure; its width is a class; the size fragment is gone', () => {
    expect(html('![A cat](/media/cat.webp#800x600,wide "Our cat")')).toMatch(
      /^<figure class="figure-wide"><img src="\/media\/cat\.webp" alt="A cat" width="800" height="600"[^>]*><figcaption>Our cat<\/figcaption><\/figure>$/,
    );
    expect(html('![A cat](/media/cat.webp#full)')).toBe(
      '<figure class="figure-full"><img src="/media/cat.webp" alt="A cat" loading="lazy" decoding="async"></figure>',
    );
  });

  it('an image inside text or without caption and width stays an image', () => {
    expect(html('![A cat](/media/cat.webp)')).toBe(
      '<p><img src="/media/cat.webp" alt="A cat" loading="lazy" decoding="async"></p>',
    );
    expect(html('A ![cat](/c.png "t") here')).toContain('<p>A <img src="/c.png" alt="cat" title="t"');
  });
});
