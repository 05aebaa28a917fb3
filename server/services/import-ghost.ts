import type { Locale } from '../../common/locales';
import { renderMarkdown } from '../content/render';
import { lexicalToHtml } from './ghost-lexical';
import { cleanSlug, emptyImportSource, type ImportedPage, type ImportSource, noteUnknown, SiteImportError } from './site-import';

/*
 * Ghost's JSON export (Settings → Labs → Export) read into an ImportSource: posts (dated, under
 * `logs/`) and pages — Ghost 5's Lexical document when the post has one (ghost-lexical.ts: its
 * cards as Markdown the site renders), else the `html` Ghost rendered from mobiledoc (Ghost 4) —,
 * tags (the first is the category, added to the site's list; all are `tags`), the feature image
 * (the page's banner), authors as accounts with their addresses; old addresses `/{slug}/`,
 * `/tag/{slug}/` (the tag's page) and `/author/{slug}/` (the author's page) get 301 rules.
 */

type Row = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

function table(data: Row, name: string): Row[] {
  const rows = data[name];
  if (rows === undefined) return [];
  if (!Array.isArray(rows) || rows.some((row) => !row || typeof row !== 'object'))
    throw new SiteImportError(`data.${name}: must be a list of objects.`);
  return rows as Row[];
}

/** Reads a Ghost export. A malformed one throws SiteImportError naming the entry. */
export function readGhostExport(json: string, options: { locale?: Locale } = {}): ImportSource {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new SiteImportError(`Not JSON: ${(error as Error).message}`);
  }
  const root = parsed as Row;
  const dbEntry = Array.isArray(root?.db) ? (root.db[0] as Row | undefined) : root;
  const data = dbEntry?.data as Row | undefined;
  if (!data || typeof data !== 'object' || !Array.isArray(data.posts))
    throw new SiteImportError('No db[0].data.posts: this is not a Ghost export file.');
  // The site's language in Ghost's settings (`fa`, `en-GB`) unless the caller says.
  const setting = text(table(data, 'settings').find((row) => row.key === 'locale')?.value).toLowerCase();
  const locale: Locale = options.locale ?? (setting.startsWith('fa') ? 'fa' : 'en');
  const source = emptyImportSource('ghost');

  const tags = new Map<string, { slug: string; name: string; internal: boolean }>();
  table(data, 'tags').forEach((tag, index) => {
    const id = text(tag.id);
    const slug = text(tag.slug);
    if (!id || !slug) throw new SiteImportError(`data.tags.${index}: needs an id and a slug.`);
    tags.set(id, {
      slug,
      name: text(tag.name) || slug,
      internal: text(tag.visibility) === 'internal' || slug.startsWith('hash-'),
    });
  });
  const users = new Map<string, string>();
  table(data, 'users').forEach((user, index) => {
    const id = text(user.id);
    const slug = text(user.slug);
    if (!id || !slug) throw new SiteImportError(`data.users.${index}: needs an id and a slug.`);
    users.set(id, slug);
    const [firstName = '', ...rest] = text(user.name).split(' ');
    // Ghost writes its own images as `__GHOST_URL__/content/images/…`: only absolute http(s) ones are kept.
    const image = text(user.profile_image);
    source.authors.push({
      id,
      login: slug,
      displayName: text(user.name) || slug,
      firstName,
      lastName: rest.join(' '),
      ...(text(user.email) ? { email: text(user.email) } : {}),
      ...(/^https?:\/\//i.test(image) ? { avatarUrl: image } : {}),
    });
  });
  const postTags = new Map<string, { tag: string; order: number }[]>();
  for (const pair of table(data, 'posts_tags'))
    postTags.set(text(pair.post_id), [
      ...(postTags.get(text(pair.post_id)) ?? []),
      { tag: text(pair.tag_id), order: Number(pair.sort_order) || 0 },
    ]);
  const postAuthors = new Map<string, string>();
  for (const pair of table(data, 'posts_authors').sort((a, b) => (Number(a.sort_order) || 0) - (Number(b.sort_order) || 0)))
    if (!postAuthors.has(text(pair.post_id))) postAuthors.set(text(pair.post_id), text(pair.author_id));

  // Ghost 5 keeps the feature image's alt text and caption in `posts_meta`.
  const featureAlt = new Map(table(data, 'posts_meta').map((row) => [text(row.post_id), text(row.feature_image_alt)]));
  const usedTags = new Set<string>();
  const usedAuthors = new Set<string>();
  const tagNames = new Map<string, string>();
  const primaries = new Set<string>();
  table(data, 'posts').forEach((post, index) => {
    const id = text(post.id);
    const where = `data.posts.${index}${id ? ` (id ${id})` : ''}`;
    const slug = text(post.slug);
    if (!id || !slug) throw new SiteImportError(`${where}: needs an id and a slug.`);
    const type = text(post.type) || 'post';
    if (type !== 'post' && type !== 'page') {
      source.skipped.push(`${where}: a "${type}" is not a post or a page`);
      return;
    }
    // Ghost 5 writes both: the Lexical document is the source (its cards are read as cards; the
    // html has them as Ghost's theme markup), the html the fallback when the document is empty.
    let html = text(post.html);
    if (text(post.lexical))
      try {
        html =
          lexicalToHtml(
            text(post.lexical),
            (card) => noteUnknown(source.unknown, `Ghost card "${card}"`, `post ${id}`),
            (markdown) => renderMarkdown(markdown, locale).html,
          ) || html;
      } catch (error) {
        if (!html) throw new SiteImportError(`${where}: lexical is not a Lexical document (${(error as Error).message}).`);
        source.changed.push(`${where}: its Lexical document could not be read; imported from its html`);
      }
    else if (!html && post.mobiledoc)
      source.skipped.push(`${where}: no html in the export (mobiledoc only); imported without a body`);
    const status = text(post.status);
    const published = text(post.published_at) || text(post.created_at);
    const date = published ? new Date(published) : undefined;
    if (date && Number.isNaN(date.getTime())) throw new SiteImportError(`${where}: published_at "${published}" is not a date.`);
    const own = (postTags.get(id) ?? [])
      .sort((a, b) => a.order - b.order)
      .map((pair) => tags.get(pair.tag))
      .filter((tag): tag is { slug: string; name: string; internal: boolean } => Boolean(tag && !tag.internal));
    for (const tag of own) {
      usedTags.add(tag.slug);
      tagNames.set(tag.slug, tag.name);
    }
    const primary = own[0] ? cleanSlug(own[0].slug) : undefined;
    if (own[0]) primaries.add(own[0].slug);
    const authorId = postAuthors.get(id) ?? text(post.author_id);
    const author = users.get(authorId);
    if (author) usedAuthors.add(author);
    const page: ImportedPage = {
      source: `post ${id}`,
      kind: type,
      locale,
      slug,
      title: text(post.title) || `(untitled ${type})`,
      html,
      ...(text(post.feature_image) ? { featureImage: { src: text(post.feature_image), alt: featureAlt.get(id) ?? '' } } : {}),
      ...(date ? { date } : {}),
      ...(text(post.custom_excerpt) ? { description: text(post.custom_excerpt) } : {}),
      ...(primary ? { cat: primary } : {}),
      tags: own.map((tag) => tag.name),
      author,
      draft: status !== 'published',
      // Ghost's post access: members, paid or chosen tiers are all signed-in readers here (no payments).
      ...(['members', 'paid', 'tiers'].includes(text(post.visibility)) ? { members: true } : {}),
      oldAddresses: [`/${slug}`],
    };
    if (page.members)
      source.changed.push(`${where}: for ${text(post.visibility)} on Ghost; published for members (visibility: members)`);
    source.pages.push(page);
  });
  // Every tag keeps its page (`/tag/x/` → the tag's page, which lists every post with it); a
  // primary tag is also its posts' category, named like the tag (an archive without an old address).
  for (const slug of usedTags) source.archives.push({ from: `/tag/${slug}`, locale, tag: tagNames.get(slug) ?? slug });
  for (const slug of primaries)
    source.archives.push({ from: '', locale, cat: cleanSlug(slug), name: tagNames.get(slug) ?? slug });
  for (const slug of usedAuthors) source.archives.push({ from: `/author/${slug}`, locale, author: slug });
  return source;
}
