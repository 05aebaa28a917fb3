import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { type PageRef, pageFile, pageFromFile, pageSlug } from '../../common/authoring';
import type { ContentPage } from '../../common/content';
import { parseVariantUrl } from '../../common/image-variants';
import type { Locale } from '../../common/locales';
import { paths } from '../../common/paths';
import { PREVIEW_LINK_DAYS_DEFAULT, type PreviewLink, type PreviewLinkSummary } from '../../common/preview-links';
import type { SiteSettings } from '../../common/site-settings';
import { userNameKey } from '../../common/user-name';
import { randomToken, sha256Hex, timingSafeEqual } from '../auth/tokens';
import { renderPage } from '../content/render-page';
import { repositoryPath } from '../content/repository';
import { previewLinks, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { resolveWidgets } from './content';
import { pendingMediaSha, publishedMediaSha } from './media';
import { pageSource } from './pages';

/*
 * Shareable previews (issue 26 item 5; docs/content.md "Preview links"): a URL anyone may open to
 * see a page's pending version rendered as readers will see it, until it expires (7 days by
 * default) or is revoked. The token is `{id}{secret}`: the id (16 characters) finds the row, the
 * secret (256 bits) is checked against its stored SHA-256 in constant time; the secret itself is
 * never stored. An unknown, wrong, expired or revoked token, or one of another language, is a 404.
 */

type PreviewDeps = Pick<AppDeps, 'db' | 'contentRepository'>;
const ID_LENGTH = 16;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `POST /api/pages/{locale}/{path}/preview-link`: a new link to the page as the editor sees it now and later. */
export async function createPreviewLink(
  deps: PreviewDeps,
  userId: string,
  ref: PageRef,
  options: { days?: number; now?: Date } = {},
): Promise<PreviewLink> {
  await pageSource(deps, ref); // 404 when no page is seen there
  const now = options.now ?? new Date();
  const id = randomToken(12);
  const secret = randomToken(32);
  const expiresAt = new Date(now.getTime() + (options.days ?? PREVIEW_LINK_DAYS_DEFAULT) * DAY_MS);
  await deps.db.insert(previewLinks).values({
    id,
    tokenHash: await sha256Hex(secret),
    file: pageFile(ref.locale, ref.path),
    createdBy: userId,
    createdAt: now,
    expiresAt,
  });
  return { id, url: paths.preview(ref.locale, `${id}${secret}`), expiresAt: expiresAt.toISOString() };
}

/** `GET /api/pages/{locale}/{path}/preview-links`: the page's links that still work, newest first. */
export async function listPreviewLinks(
  deps: PreviewDeps,
  ref: PageRef,
  now = new Date(),
): Promise<{ items: PreviewLinkSummary[] }> {
  const rows = await deps.db
    .select({
      id: previewLinks.id,
      createdAt: previewLinks.createdAt,
      expiresAt: previewLinks.expiresAt,
      name: users.displayName,
      username: users.username,
    })
    .from(previewLinks)
    .leftJoin(users, eq(users.id, previewLinks.createdBy))
    .where(
      and(eq(previewLinks.file, pageFile(ref.locale, ref.path)), isNull(previewLinks.revokedAt), gt(previewLinks.expiresAt, now)),
    )
    .orderBy(desc(previewLinks.createdAt))
    .limit(50);
  return {
    items: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      createdBy: row.name || row.username || null,
    })),
  };
}

/** `DELETE /api/preview-links/{id}`: the link answers 404 from now on. */
export async function revokePreviewLink(deps: PreviewDeps, id: string, now = new Date()): Promise<void> {
  const revoked = await deps.db
    .update(previewLinks)
    .set({ revokedAt: now })
    .where(and(eq(previewLinks.id, id), isNull(previewLinks.revokedAt)))
    .returning({ id: previewLinks.id });
  if (!revoked.length) throw new AppError(404, 'api.previewLinkNotFound');
}

/** The page a token opens, or undefined (404): unknown, wrong, expired, revoked, or of another language. */
async function pageOfToken(deps: PreviewDeps, locale: Locale, token: string, now: Date): Promise<PageRef | undefined> {
  if (token.length !== ID_LENGTH + 43 || !/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  const row = await deps.db
    .select()
    .from(previewLinks)
    .where(eq(previewLinks.id, token.slice(0, ID_LENGTH)))
    .get();
  // The hash is computed and compared whether or not a row was found, so timing tells nothing.
  const hash = await sha256Hex(token.slice(ID_LENGTH));
  const matches = timingSafeEqual(hash, row?.tokenHash ?? '0'.repeat(64));
  if (!row || !matches || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return undefined;
  const ref = pageFromFile(row.file);
  return ref?.locale === locale ? ref : undefined;
}

/**
 * The repository file of a `/media/…` address as a page writes it (raw or URL-encoded; a WebP
 * copy's address gives its original), or undefined for anything else (`..`, bad escapes).
 */
export function mediaFileOfUrl(url: string): string | undefined {
  const address = parseVariantUrl(url)?.original ?? url;
  if (!address.startsWith('/media/')) return undefined;
  try {
    return repositoryPath(decodeURIComponent(address).slice(1));
  } catch {
    return undefined;
  }
}

/** A `/media/…` address inside a page's HTML: an attribute's value or one entry of a `srcset`. */
const MEDIA_ADDRESS = /(?<=["'\s,(])\/media\/[^"'\s,()<>?#]+/g;

/**
 * The page a token opens, rendered, with the media files pending in the open build that it shows
 * (its body's and its banner's `/media/…` addresses; published files are not among them).
 */
async function renderedPreview(deps: PreviewDeps, locale: Locale, token: string, now: Date) {
  const ref = await pageOfToken(deps, locale, token, now);
  if (!ref) return undefined;
  const found = await pageSource(deps, ref).catch((error) => {
    if (error instanceof AppError && error.statusCode === 404) return undefined;
    throw error;
  });
  if (!found || found.entry.pending === 'delete') return undefined;
  const rendered = renderPage({ text: found.source, locale });
  if (!('fields' in rendered)) return undefined;
  const fields = rendered.fields;
  const html = (fields.body ?? [{ html: fields.html }]).flatMap((segment) => ('html' in segment ? [segment.html] : []));
  const texts = [...html, ` ${fields.thumbnail ?? ''}`];
  const pendingMedia = new Set<string>();
  for (const url of new Set(texts.flatMap((text) => text.match(MEDIA_ADDRESS) ?? []))) {
    const file = mediaFileOfUrl(url);
    if (!file || pendingMedia.has(file) || (await publishedMediaSha(deps, file).catch(() => undefined))) continue;
    if (await pendingMediaSha(deps, file)) pendingMedia.add(file);
  }
  return { ref, fields, pendingMedia };
}

/**
 * `/{locale}/preview/{token}/media/…`: whether `url` (its `/media/…` part) is a file pending in the
 * open build that the token's page shows. Nothing else pending is reachable through a preview link.
 */
export async function previewMayReadMedia(deps: PreviewDeps, locale: Locale, token: string, url: string, now = new Date()) {
  const file = mediaFileOfUrl(url);
  if (!file) return false;
  const preview = await renderedPreview(deps, locale, token, now);
  return Boolean(preview?.pendingMedia.has(file));
}

/**
 * The preview page (`/{locale}/preview/{token}`): the page's current version as the editor sees it
 * (pending first), rendered by the publishing renderer into the view a published page has.
 * Undefined (404) for a bad token, a page no longer seen or being deleted, or one that cannot render.
 */
export async function previewPageView(
  deps: PreviewDeps,
  site: SiteSettings,
  locale: Locale,
  token: string,
  now = new Date(),
): Promise<{ page: ContentPage; expiresAt: string } | undefined> {
  const preview = await renderedPreview(deps, locale, token, now);
  if (!preview) return undefined;
  const { ref, fields, pendingMedia } = preview;
  // Pending images are not public: the page shows them at the link's own address (token-scoped).
  const scoped = (text: string) =>
    text.replace(MEDIA_ADDRESS, (url) => {
      const file = mediaFileOfUrl(url);
      return file && pendingMedia.has(file) ? `${paths.preview(locale, token)}${url}` : url;
    });
  const widgets = await resolveWidgets(deps.db, locale, fields.widgets ?? [], {
    title: site.title[locale],
    description: site.description[locale],
  });
  // The byline as the published page shows it (walk-through D10): the account the author names, by its name.
  const authorKey = fields.author ? userNameKey(fields.author) : '';
  const account = authorKey
    ? await deps.db
        .select({ user: users.username, name: users.displayName })
        .from(users)
        .where(and(eq(users.usernameKey, authorKey), isNull(users.deletedAt)))
        .get()
    : undefined;
  const link = await deps.db
    .select({ expiresAt: previewLinks.expiresAt })
    .from(previewLinks)
    .where(eq(previewLinks.id, token.slice(0, ID_LENGTH)))
    .get();
  const page: ContentPage = {
    locale,
    slug: pageSlug(ref.path),
    title: fields.title,
    description: fields.description ?? '',
    date: fields.date ?? null,
    cat: fields.cat ?? null,
    thumbnail: fields.thumbnail ? scoped(` ${fields.thumbnail}`).slice(1) : null,
    thumbnailAlt: fields.thumbnail ? (fields.thumbnailAlt ?? null) : null,
    author: fields.author ?? null,
    // A members page whole: whoever holds the link was given it to review the page (docs/content.md).
    body: (fields.membersBody?.body ?? fields.body ?? [{ html: fields.html }]).map((segment) =>
      'html' in segment ? { html: scoped(segment.html) } : segment,
    ),
    toc: (fields.membersBody ? fields.membersBody.toc : fields.toc) ?? null,
    showToc: Boolean((fields.membersBody ? fields.membersBody.toc : fields.toc)?.length),
    intro: fields.intro ?? false,
    // Comments and the subscribe form belong to the published page, not to a preview.
    comments: false,
    newsletter: false,
    colorMode: fields.colorMode ?? null,
    metaTitle: fields.metaTitle ?? null,
    // A preview is never for search engines (its own meta says so); the page's flag is kept for what it shows.
    noindex: fields.noindex ?? false,
    members: fields.visibility === 'members' ? 'open' : null,
    words: fields.words ?? 0,
    widgets,
    catListed: Boolean(fields.cat && site.cats.includes(fields.cat)),
    updatedAt: now.toISOString(),
    tags: fields.tags ?? [],
    ...(account ? { authorAccount: account } : {}),
  };
  return { page, expiresAt: link!.expiresAt.toISOString() };
}
