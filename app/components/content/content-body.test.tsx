import { type DefaultTreeAdapterTypes, parseFragment } from 'parse5';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BodySegment, ResolvedWidget } from '../../../common/content';
import { renderMarkdown } from '../../../server/content/render';
import { createI18n } from '../../i18n/i18n';
import { ContentBody } from './content-body';

function render(body: BodySegment[], widgets: ResolvedWidget[]) {
  // A data router, as in the app: widgets read the site settings through the root route's data.
  const Page = createRoutesStub([{ path: '/', Component: () => <ContentBody body={body} widgets={widgets} locale="en" /> }]);
  const markup = renderToString(
    <I18nextProvider i18n={createI18n('en')}>
      <Page initialEntries={['/']} />
    </I18nextProvider>,
  );
  const root = parseFragment(markup).childNodes[0];
  if (!root || !('tagName' in root)) throw new Error('no content body');
  return { markup, children: root.childNodes.filter((node) => 'tagName' in node) };
}

const intro: ResolvedWidget = { kind: 'intro', title: 'Site title', description: 'Site description' };
const latest: ResolvedWidget = { kind: 'latest-logs', items: [] };

describe('ContentBody', () => {
  it('renders the segments in order: each HTML segment in its own wrapper, each widget as a component', () => {
    const { children } = render([{ html: '<p>one</p>' }, { widget: 1 }, { html: '<p>two</p>' }, { widget: 0 }], [intro, latest]);
    expect(
      children.map((node) => ('tagName' in node ? `${node.tagName}.${node.attrs.find((a) => a.name === 'class')?.value}` : '')),
    ).toEqual([
      'div.contents',
      'section.not-prose my-8',
      'div.contents',
      'div.not-prose my-8 rounded-xl border border-border bg-muted p-6',
    ]);
  });

  it('never looks inside the HTML: a marker in an attribute stays in that attribute (F-01)', () => {
    const payload = '<!--daftar:widget:0--><img src=x onerror=alert(1)>';
    const { body, widgets } = renderMarkdown(`::intro\n\n![${payload}](/x.png)`);
    expect(widgets).toEqual([{ kind: 'intro', props: {} }]);
    const { markup, children } = render(body, [intro]);
    expect(children).toHaveLength(2);
    const images: { name: string; value: string }[][] = [];
    const walk = (node: DefaultTreeAdapterTypes.ChildNode) => {
      if ('tagName' in node && node.tagName === 'img') images.push(node.attrs);
      if ('childNodes' in node) for (const child of node.childNodes) walk(child);
    };
    for (const child of children) walk(child);
    expect(images).toHaveLength(1);
    expect(images[0]).toContainEqual({ name: 'alt', value: payload });
    expect(images[0]?.some((attr) => attr.name.startsWith('on'))).toBe(false);
    expect(markup).toContain('Site title');
  });

  it('shows nothing for a widget index the page does not have', () => {
    const { children } = render([{ html: '<p>only</p>' }, { widget: 3 }], []);
    expect(children).toHaveLength(1);
  });
});
