import { Editor, getSchema } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../../server/content/render';
import { besideCode, embedMarkdown, insertEmbed, pasteEmbed, typeBesideEmbed } from './embed-node';
import { editorExtensions } from './extensions';
import { createMarkdownConverter } from './markdown';

const converter = createMarkdownConverter(editorExtensions());
const roundTrip = (markdown: string) => converter.toMarkdown(converter.toDocument(markdown));
const embeds = (markdown: string) => {
  const found: string[] = [];
  const doc = converter.toDocument(markdown);
  doc.check();
  doc.descendants((node) => {
    if (node.type.name === 'videoEmbed') found.push(node.attrs.url);
  });
  return found;
};
const YT = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

let editor: Editor | undefined;
afterEach(() => {
  editor?.destroy();
  editor = undefined;
});

describe('video embeds in the editor (issue 26 item 7)', () => {
  it.each([
    [YT, YT],
    [`[${YT}](${YT})`, YT],
    [`<${YT}>`, YT],
    ['https://vimeo.com/76979871', 'https://vimeo.com/76979871'],
    ['https://www.aparat.com/v/abc123', 'https://www.aparat.com/v/abc123'],
  ])('%s alone on its line is the embed node and comes back as the bare address', (markdown, url) => {
    expect(embeds(`Before\n\n${markdown}\n\nAfter`)).toEqual([url]);
    expect(roundTrip(`Before\n\n${markdown}\n\nAfter`)).toBe(`Before\n\n${url}\n\nAfter`);
    // The renderer still makes the bare line an embed.
    expect(renderMarkdown(roundTrip(markdown), 'en').html).toContain('data-embed');
  });

  it.each([
    [`Watch ${YT} now`],
    [`Watch [${YT}](${YT}) now`],
    [`[the video](${YT})`],
    [`**${YT}**`],
    ['https://example.com/watch?v=dQw4w9WgXcQ'],
    ['https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ'],
    ['https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ'],
    ['[javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ](javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ)'],
    ['https://www.youtube.com/watch?v=short'],
    [`\`${YT}\``],
  ])('%s is not an embed and keeps its Markdown meaning', (markdown) => {
    expect(embeds(markdown)).toEqual([]);
  });

  it('a URL inside a sentence stays a link through the round trip', () => {
    // Written bare inside a sentence (GFM links it; D25), never an embed.
    expect(roundTrip(`Watch [${YT}](${YT}) now`)).toBe(`Watch ${YT} now`);
    expect(roundTrip(`Watch ${YT} now`)).toBe(`Watch ${YT} now`);
    expect(converter.toDocument(`Watch ${YT} now`).firstChild?.type.name).toBe('paragraph');
    expect(roundTrip('[a site](https://example.com/watch?v=dQw4w9WgXcQ)')).toBe(
      '[a site](https://example.com/watch?v=dQw4w9WgXcQ)',
    );
  });

  it('embeds inside lists and quotes leave a valid document', () => {
    for (const [markdown, back] of [
      [`- ${YT}`, `- [${YT}](${YT})`],
      [`- a\n\n- ${YT}\n\n- b`, `- a\n- [${YT}](${YT})\n- b`],
      [`> ${YT}`, `> ${YT}`],
      [`1. x\n\n   ${YT}`, `1. x\n   ${YT}`],
      [`1. a\n\n2. ${YT}`, `1. a\n2. [${YT}](${YT})`],
    ] as const) {
      expect(() => converter.toDocument(markdown).check()).not.toThrow();
      expect(roundTrip(markdown)).toBe(back);
    }
  });

  it('the card names the provider and shows the address left to right, with no iframe or image', () => {
    const schema = getSchema(editorExtensions({ videoLabel: 'ویدیو' }));
    const spec = JSON.stringify(schema.nodes.videoEmbed!.spec.toDOM!(schema.nodes.videoEmbed!.create({ url: YT })));
    expect(JSON.parse(spec)).toEqual([
      'div',
      { 'data-video-embed': YT, class: 'editor-embed', contenteditable: 'false', 'data-testid': 'video-embed' },
      ['span', { class: 'editor-embed-label' }, '▶ ویدیو · ', ['bdi', { dir: 'ltr' }, 'YouTube']],
      ['bdi', { class: 'editor-embed-url', dir: 'ltr' }, YT],
    ]);
    // Pasted HTML with a hostile address is not an embed.
    const parse = schema.nodes.videoEmbed!.spec.parseDOM![0]!.getAttrs!;
    const element = (url: string) => ({ getAttribute: () => url }) as unknown as HTMLElement;
    expect(parse(element('javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ'))).toBe(false);
    expect(parse(element('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ'))).toBe(false);
    expect(parse(element(YT))).toEqual({ url: YT });
  });

  it('typing after a final embed (Ctrl+End) or with it selected starts a new paragraph', () => {
    editor = new Editor({ element: null, extensions: editorExtensions(), content: `Before\n\n${YT}`, contentType: 'markdown' });
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.atEnd(editor.state.doc)));
    for (const char of 'After') editor.view.dispatch(typeBesideEmbed(editor.state, char) ?? editor.state.tr.insertText(char));
    expect(editor.getMarkdown()).toBe(`Before\n\n${YT}\n\nAfter`);
    editor.view.dispatch(
      editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, editor.state.doc.child(0).nodeSize)),
    );
    editor.view.dispatch(typeBesideEmbed(editor.state, 'x')!);
    expect(editor.getMarkdown()).toBe(`Before\n\n${YT}\n\nx\n\nAfter`);
    // Inside ordinary text nothing changes.
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 2)));
    expect(typeBesideEmbed(editor.state, 'x')).toBeNull();
    // Backspace on the selected embed deletes it.
    editor.view.dispatch(
      editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, editor.state.doc.child(0).nodeSize)),
    );
    editor.commands.deleteSelection();
    expect(editor.getMarkdown()).toBe('Before\n\nx\n\nAfter');
  });

  it('an embed inserted with the caret inside a code block goes after the block, which stays whole (D11)', () => {
    const code = '```js\nconst a = 1;\nconst b = 2;\n```';
    editor = new Editor({
      element: null,
      extensions: editorExtensions(),
      content: `Before\n\n${code}\n\nAfter`,
      contentType: 'markdown',
    });
    // The caret between the two lines of code, as a writer leaves it.
    let inCode = -1;
    editor.state.doc.descendants((node, pos) => {
      if (node.type.name === 'codeBlock') inCode = pos + 1 + 'const a = 1;'.length;
    });
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, inCode)));
    expect(besideCode(editor.state)).toBeDefined();
    insertEmbed(editor, YT);
    expect(editor.getMarkdown()).toBe(`Before\n\n${code}\n\n${YT}\n\nAfter`);
    // Outside code it goes where the caret is, as before.
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 'Before'.length + 1)));
    expect(besideCode(editor.state)).toBeUndefined();
  });

  it('an address a bare line could cut short is written inside <…>', () => {
    expect(embedMarkdown(YT)).toBe(YT);
    expect(embedMarkdown('https://youtu.be/dQw4w9WgXcQ?t=1.')).toBe('<https://youtu.be/dQw4w9WgXcQ?t=1.>');
  });

  it('pasting an embeddable address on an empty line makes the embed; anything else is left to the editor', () => {
    editor = new Editor({ element: null, extensions: editorExtensions(), content: 'Text\n\n', contentType: 'markdown' });
    const empty = () => {
      editor!.commands.setContent({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Text' }] }, { type: 'paragraph' }],
      });
      editor!.view.dispatch(editor!.state.tr.setSelection(TextSelection.atEnd(editor!.state.doc)));
      return editor!.state;
    };
    for (const hostile of [
      'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      `${YT} and more`,
    ])
      expect(pasteEmbed(empty(), hostile)).toBeNull();
    editor.view.dispatch(pasteEmbed(empty(), ` ${YT}\n`)!);
    expect(editor.getMarkdown()).toBe(`Text\n\n${YT}`);
    // Not on a line that already has text.
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 3)));
    expect(pasteEmbed(editor.state, YT)).toBeNull();
  });
});
