import { diffArrays } from 'diff';
import { and, eq, sql } from 'drizzle-orm';
import {
  type PageDocument,
  type PageRef,
  pageFile,
  pageFromFile,
  pageSlug,
  type TranslationSource,
} from '../../common/authoring';
import { otherLocale } from '../../common/locales';
import { readPage } from '../content/page-file';
import { markdownBlocks, renderMarkdown } from '../content/render';
import { pages } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { getPage } from './pages';
import { sourceAt } from './translations';

/*
 * Translating side by side (issue 37 §3): the source page's top-level blocks, rendered one by one,
 * each marked new or changed since the translation's last commit. Apart from translations.ts, which
 * pages.ts reads for its lists, so that reading a page never depends back on this.
 */

/** Blocks of a source shown one by one; the rest of a longer page is shown as one last block. */
export const SOURCE_BLOCKS_MAX = 400;

type BlockMark = TranslationSource['blocks'][number]['mark'];

/**
 * Each block of `after` marked against `before` (both a page's top-level blocks, compared with their
 * runs of white space as one): `new` where blocks were added, `changed` where they replaced others.
 */
export function blockMarks(before: readonly string[], after: readonly string[]): BlockMark[] {
  const same = (block: string) => block.replace(/\s+/g, ' ').trim();
  const parts = diffArrays(before.map(same), after.map(same));
  const marks: BlockMark[] = [];
  parts.forEach((part, index) => {
    if (part.removed) return;
    const mark: BlockMark = part.added ? (parts[index - 1]?.removed || parts[index + 1]?.removed ? 'changed' : 'new') : null;
    for (const _ of part.value) marks.push(mark);
  });
  return marks;
}

/** A body's blocks, at most SOURCE_BLOCKS_MAX (the rest joined into the last). */
function blocksOf(body: string, locale: PageRef['locale']) {
  const { blocks, definitions } = markdownBlocks(body, locale);
  if (blocks.length > SOURCE_BLOCKS_MAX)
    blocks.splice(SOURCE_BLOCKS_MAX - 1, blocks.length, blocks.slice(SOURCE_BLOCKS_MAX - 1).join('\n\n'));
  return { blocks, definitions };
}

/**
 * The page the translation at `ref` is made from, for the editor's side-by-side view: `from` (the
 * translate action's `?from=`) when it is a page of the other language, else the published page of
 * the other language paired with it (the same translation key). Its blocks are rendered one by one
 * and marked against the source's text when the translation was last published (its last commit,
 * what the outdated mark compares; the source's address then is followed back through published
 * moves, `sourceAt`). Null when there is no such page.
 */
export async function translationSource(
  deps: Pick<AppDeps, 'db' | 'contentRepository'>,
  ref: PageRef,
  document: PageDocument | null,
  from?: PageRef,
): Promise<TranslationSource | null> {
  const other = otherLocale(ref.locale);
  const own = await deps.db
    .select({
      key: sql<string>`coalesce(${pages.translationKey}, ${pages.slug})`,
      commit: pages.lastCommit,
      at: pages.lastCommitAt,
    })
    .from(pages)
    .where(eq(pages.sourcePath, pageFile(ref.locale, ref.path)))
    .get();
  let sourceRef = from?.locale === other ? from : undefined;
  if (!sourceRef && document) {
    const written = document.frontMatter.translationKey;
    const key = typeof written === 'string' && written ? written : pageSlug(ref.path);
    const paired = await deps.db
      .select({ file: pages.sourcePath })
      .from(pages)
      .where(and(eq(pages.locale, other), sql`coalesce(${pages.translationKey}, ${pages.slug}) = ${key}`))
      .orderBy(pages.slug)
      .get();
    sourceRef = paired ? pageFromFile(paired.file) : undefined;
  }
  if (!sourceRef) return null;
  const source = await getPage(deps, sourceRef).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  });
  if (!source) return null;
  const { blocks, definitions } = blocksOf(source.body, sourceRef.locale);
  let marks: BlockMark[] = blocks.map(() => null);
  let compared = false;
  if (own?.commit && own.at) {
    const then = await sourceAt(deps, pageFile(sourceRef.locale, sourceRef.path), own.commit, own.at);
    if (then) {
      compared = true;
      marks = blockMarks(blocksOf(readPage(then.text).body, sourceRef.locale).blocks, blocks);
    }
  }
  return {
    page: sourceRef,
    title: source.frontMatter.title,
    blocks: blocks.map((markdown, index) => {
      const html = renderMarkdown(definitions ? `${markdown}\n\n${definitions}` : markdown, sourceRef.locale).html;
      return { markdown, html: html.trim() ? html : null, mark: marks[index] ?? null };
    }),
    since: own?.at ? own.at.toISOString() : null,
    compared,
  };
}
