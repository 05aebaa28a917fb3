import { describe, expect, it } from 'vitest';
import { pageHtml } from '../../common/content';
import { type RenderedFields, renderPage } from './render-page';

/*
 * A members page's index row (docs/content.md "Members-only pages"): the columns every public door
 * reads hold the first block only; the whole page is in `membersBody` alone.
 */
const HIDDEN = 'Zanzibarhidden';

function fieldsOf(text: string, locale: 'fa' | 'en' = 'en'): RenderedFields {
  const rendered = renderPage({ text, locale });
  if (!('fields' in rendered)) throw new Error(rendered.problem);
  return rendered.fields;
}

const page = (body: string, front = 'visibility: members\ntoc: true') =>
  `---\ntitle: Club\ndescription: Open words\n${front}\n---\n\n${body}`;

describe('renderPage: members pages', () => {
  it('keeps the first block in the public columns and the whole page in membersBody', () => {
    const fields = fieldsOf(page(`First **open** paragraph.\n\n## Part ${HIDDEN}\n\nMore ${HIDDEN} text.\n`));
    expect(fields.visibility).toBe('members');
    expect(pageHtml(fields.body ?? [], '')).toBe('<p>First <strong>open</strong> paragraph.</p>');
    expect(fields.toc).toBeNull();
    expect(fields.searchText).toContain('First');
    for (const column of [JSON.stringify(fields.body), fields.searchText, JSON.stringify(fields.toc), fields.html])
      expect(column).not.toContain(HIDDEN);
    expect(pageHtml(fields.membersBody?.body ?? [], '')).toContain(`More ${HIDDEN} text.`);
    expect(fields.membersBody?.toc).toEqual([{ depth: 2, id: expect.any(String), text: `Part ${HIDDEN}` }]);
  });

  it('takes whatever block comes first: a heading, a list, a widget, a Persian paragraph', () => {
    expect(pageHtml(fieldsOf(page(`## Opening\n\n${HIDDEN}\n`)).body ?? [], '')).toMatch(/^<h2 id="opening">Opening<\/h2>$/);
    expect(pageHtml(fieldsOf(page(`- one\n- two\n\n${HIDDEN}\n`)).body ?? [], '')).toMatch(/^<ul>[\s\S]*two[\s\S]*<\/ul>$/);
    const widget = fieldsOf(page(`::latest-logs{limit=3}\n\n${HIDDEN}\n`));
    expect(widget.body).toEqual([{ widget: 0 }]);
    expect(widget.widgets?.[0]?.kind).toBe('latest-logs');
    const fa = fieldsOf(page(`بند نخست.\n\n${HIDDEN} پنهان.\n`), 'fa');
    expect(JSON.stringify(fa.body)).not.toContain(HIDDEN);
    expect(pageHtml(fa.body ?? [], '')).toContain('بند نخست.');
  });

  it('hides nothing that is not there: an empty members page has no body, a public page is whole', () => {
    const empty = fieldsOf(page(''));
    expect(empty.body).toEqual([]);
    expect(empty.membersBody?.body).toEqual([]);
    const open = fieldsOf(page(`First.\n\n## Part\n\n${HIDDEN}\n`, 'toc: true'));
    expect(open.visibility).toBe('public');
    expect(open.membersBody).toBeNull();
    expect(pageHtml(open.body ?? [], '')).toContain(HIDDEN);
    expect(open.toc).toHaveLength(1);
    expect(open.searchText).toContain(HIDDEN);
  });

  it('does not count raw HTML trickery as a way out: the first block is a node of the tree, never cut from text', () => {
    const fields = fieldsOf(page(`<div>open <!-- ${HIDDEN} --></div>\n\n<p>${HIDDEN}</p>\n`));
    expect(JSON.stringify(fields.body)).not.toContain(HIDDEN);
    expect(fields.searchText).not.toContain(HIDDEN);
  });
});
