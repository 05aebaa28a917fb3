import { pageHtml } from '../../common/content';
import type { Locale } from '../../common/locales';
import { userNameKey } from '../../common/user-name';
import type { pages } from '../db/schema';
import { ContentError, parseDocument } from './front-matter';
import { pageRowBytes, rowSizeProblem, sourceSizeProblem, utf8Bytes } from './page-size';
import { renderMarkdown } from './render';
import { pageIndexText } from './search-text';

type PageRow = typeof pages.$inferInsert;
/** What a page's file gives its index row (the sync adds where the file is and when it was indexed). */
export type RenderedFields = Omit<
  PageRow,
  'id' | 'locale' | 'slug' | 'sourcePath' | 'sourceHash' | 'indexedAt' | 'lastCommit' | 'lastCommitAt'
>;
/** A file rendered, or why it cannot be. Plain data, so it crosses to and from worker threads. */
export type RenderedPage =
  | { fields: RenderedFields; warnings?: string[] }
  /** `storedBytes`: the page renders to a row too big to store (server/content/page-size.ts). */
  | { problem: string; storedBytes?: number };
export type PageSource = { text: string; locale: Locale };
/** Renders many files: in the thread (renderInThread), or on the node target in worker threads. */
export type RenderPages = (sources: PageSource[]) => Promise<RenderedPage[]>;

/** One file's text → the fields of its index row: front matter checked, Markdown rendered. */
export function renderPage({ text, locale }: PageSource): RenderedPage {
  // D1 keeps a row under 2 MB: a page too big for it is skipped with a warning (server/content/page-size.ts).
  const tooBig = sourceSizeProblem(utf8Bytes(text));
  if (tooBig) return { problem: tooBig };
  try {
    const { data, body, warnings } = parseDocument(text);
    const rendered = renderMarkdown(body, locale);
    const toc = data.toc ? rendered.toc : null;
    // A members page (docs/content.md "Members-only pages"): its public columns — the ones feeds,
    // mail, the public API, search and the page's anonymous view read — get the first block only,
    // and the whole body goes to `members_body`, which only a signed-in reader's page view reads.
    const members = data.visibility === 'members';
    const shown = members ? rendered.teaser : rendered.body;
    const page = {
      fields: {
        title: data.title,
        description: data.description,
        thumbnail: data.thumbnail ?? null,
        thumbnailAlt: data.thumbnailAlt ?? null,
        date: data.date ?? null,
        author: data.author ?? null,
        // The account the author names, by user name as sign-in compares it (common/user-name.ts).
        authorKey: data.author ? userNameKey(data.author) : null,
        cat: data.cat ?? null,
        // Headings are kept only when the page asks for a table of contents (`toc: true`); a
        // members page's headings are its hidden part's outline, kept with it.
        toc: members ? null : toc,
        intro: data.intro,
        comments: data.comments,
        newsletter: data.newsletter,
        draft: data.draft,
        colorMode: data.colorMode ?? null,
        metaTitle: data.metaTitle ?? null,
        noindex: data.noindex,
        // Null pairs the page by its address (the sync knows it; `coalesce(translation_key, slug)`).
        translationKey: data.translationKey ?? null,
        // The triggers of drizzle/0020 copy them into `page_tags` (the tag pages' index).
        tags: data.tags ?? null,
        // Stored once, in `body` (common/content.ts pageHtml joins it for feeds, mail and the API).
        html: '',
        // Plain text for search, normalised as the index and queries are (here, on the render
        // threads, not in SQL); the triggers copy it into the full-text index (drizzle/0015_…sql).
        searchText: pageIndexText({
          title: data.title,
          description: data.description,
          html: members ? pageHtml(shown, '') : rendered.html,
          tags: data.tags,
        }),
        body: shown,
        widgets: rendered.widgets,
        words: rendered.words,
        visibility: data.visibility,
        membersBody: members ? { body: rendered.body, toc } : null,
      },
      ...(warnings.length ? { warnings } : {}),
    };
    const storedBytes = pageRowBytes(page.fields);
    const tooBigRendered = rowSizeProblem(storedBytes);
    return tooBigRendered ? { problem: tooBigRendered, storedBytes } : page;
  } catch (error) {
    return { problem: error instanceof ContentError ? error.message : `could not be rendered: ${String(error)}` };
  }
}

/** setImmediate where there is one (node), not setTimeout(0), which waits a millisecond or more each time. */
const giveWay = () =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/**
 * Renders in this thread, giving way to other work (requests, timers) every 20 ms or so, so a big
 * sync inside the server does not stall it.
 */
export const renderInThread: RenderPages = async (sources) => {
  const out: RenderedPage[] = [];
  let since = performance.now();
  for (const source of sources) {
    out.push(renderPage(source));
    if (performance.now() - since > 20) {
      await giveWay();
      since = performance.now();
    }
  }
  return out;
};
