import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { translateMessage } from '../../common/messages';
import { defaultSiteSettings } from '../../common/site-settings';
import { collisionChoice, mediaFolderReader } from '../../platforms/node/cli-site-import';
import { commitFiles } from '../../tests/support/content-repo';
import { imageBytes } from '../../tests/support/images';
import { createInstalledSite } from '../../tests/support/site';
import { readPage } from '../content/page-file';
import { comments, redirects, users } from '../db/schema';
import { authorPage, getContentPage, logsPage } from './content';
import { syncContent } from './content-sync';
import { readGhostExport } from './import-ghost';
import { readWordPressExport } from './import-wordpress';
import { mediaUses } from './media-library';
import { readSettings } from './settings';
import { describeSiteImport, importExternalSite, SiteImportError } from './site-import';

/*
 * The importers on exports other people wrote (the README.md beside each fixture says where each comes
 * from and under which licence): each test asserts every point of issue 36 §1 that its export
 * exercises. The hand-written fixtures (site-import.test.ts) cover what no real export holds.
 */

const fixture = (name: string) => readFile(path.join(import.meta.dirname, '../../tests/fixtures', name), 'utf8');

async function redirectOf(app: { request: (path: string) => Response | Promise<Response> }, address: string) {
  const response = await app.request(address);
  return { status: response.status, location: response.headers.get('location') };
}

async function installed() {
  const site = await createInstalledSite();
  const repository = site.deps.contentRepository;
  if (!repository) throw new Error('no repository');
  return { ...site, repository };
}

describe('WordPress.com export of 2016 (tests/fixtures/wordpress/a11y-unit-test-data.xml, WXR 1.2)', () => {
  it('carries featured images with their alt text into banners the media library sees, [caption] in both forms as figures, and categories that answer', async () => {
    const { app, deps, repository } = await installed();
    // WordPress.com's media export holds the files as `2013/03/name.jpg`.
    const dir = await mkdtemp(path.join(tmpdir(), 'daftar-wpcom-'));
    await mkdir(path.join(dir, '2013/03'), { recursive: true });
    await writeFile(path.join(dir, '2013/03/featured-image-horizontal.jpg'), imageBytes('jpeg'));
    const source = readWordPressExport(await fixture('wordpress/a11y-unit-test-data.xml'));
    const report = await importExternalSite(deps.db, repository, source, {
      readMedia: await mediaFolderReader(dir),
      onCollision: 'replace',
    });
    expect(report.commit).toBeDefined();
    expect(report.files.created.length).toBeGreaterThan(60);

    // Featured images (D4): the copied one is a local banner with the attachment's alt text …
    const horizontal = readPage((await repository.readFile('content/en/logs/template-featured-image-horizontal.md')) ?? '');
    const banner = String(horizontal.frontMatter.thumbnail);
    expect(banner).toMatch(/^\/media\/2013\/03\/featured-image-horizontal-[0-9a-f]{8}\.jpg$/);
    expect(horizontal.frontMatter.thumbnailAlt).toBe('Horizontal Featured Image');
    // The media library counts it as used by the page whose banner it is (and by a gallery that shows it).
    expect((await mediaUses(deps, [banner.slice(1)])).get(banner.slice(1))?.pages.map((use) => use.path)).toContain(
      'logs/template-featured-image-horizontal',
    );
    // … one left on WordPress.com keeps its address and its alt text; one without alt text has none.
    const vertical = readPage((await repository.readFile('content/en/logs/template-featured-image-vertical.md')) ?? '');
    expect(vertical.frontMatter).toMatchObject({
      thumbnail: 'https://wpthemetestdata.files.wordpress.com/2013/03/featured-image-vertical.jpg',
      thumbnailAlt: 'Horizontal Featured Image',
    });
    const caption = readPage((await repository.readFile('content/en/logs/post-format-image-caption.md')) ?? '');
    expect(caption.frontMatter.thumbnail).toBe('https://wpthemetestdata.files.wordpress.com/2010/08/triforce-wallpaper.jpg');
    expect(caption.frontMatter.thumbnailAlt).toBeUndefined();
    expect(report.featureImages).toHaveLength(5);
    expect(report.featureImages).toContain(`post 1011 → ${banner} (alt: Horizontal Featured Image)`);
    expect(report.featureImages).toContain(
      'post 1163 → https://wpthemetestdata.files.wordpress.com/2010/08/triforce-wallpaper.jpg (no alt text)',
    );
    expect(
      (await getContentPage(deps.db, 'en', 'logs/template-featured-image-horizontal', defaultSiteSettings))?.thumbnailAlt,
    ).toBe('Horizontal Featured Image');

    // Captions (M3): the attribute form (`caption="…"`, linked image) and the text form (with a link in it).
    const linked = readPage((await repository.readFile('content/en/logs/post-format-image-linked.md')) ?? '');
    expect(linked.body).toMatch(
      /^\[!\[[^\]]*\]\(http:\/\/wpthemetestdata\.files\.wordpress\.com\/2012\/06\/\S+ "Chunk of resinous blackboy husk, Clarkson, Western Australia\. This burns like a spinifex log\."\)\]\(\S+\)$/m,
    );
    const alignment = await getContentPage(deps.db, 'en', 'logs/markup-image-alignment', defaultSiteSettings);
    const html = alignment?.body.map((segment) => ('html' in segment ? segment.html : '')).join('') ?? '';
    expect(html).toContain('<figcaption>Look at 580x300 getting some caption love.</figcaption>');
    expect(html.match(/<figure/g)?.length).toBeGreaterThanOrEqual(4);
    // Classic text (wpautop): blank lines are paragraphs even beside a `<p style>` holding an image.
    const alignmentFile = readPage((await repository.readFile('content/en/logs/markup-image-alignment.md')) ?? '');
    expect(alignmentFile.body).toContain("let's get started.\n\nOn the topic of alignment");
    expect(alignmentFile.body).toMatch(
      /\*Fullsize\*\.\n\n!\[Image Alignment 580x300\]\([^)]+\)\n\nThe image above happens to be/,
    );

    // Categories (M2/D3): in Settings with their names, and the old address leads to a page that lists.
    const { settings } = await readSettings(deps.db);
    expect(settings.cats).toEqual(expect.arrayContaining(['post-formats', 'markup']));
    expect(settings.catLabels['post-formats']).toEqual({ fa: 'Post Formats', en: 'Post Formats' });
    expect(await redirectOf(app, '/category/post-formats/')).toEqual({ status: 301, location: '/en/cats/post-formats' });
    expect((await logsPage(deps.db, 'en', 1, 'post-formats'))?.total).toBeGreaterThan(5);
    // The blog's permalinks and plain addresses answer 301.
    expect(await redirectOf(app, '/2013/01/05/markup-title-with-markup/')).toEqual({
      status: 301,
      location: '/en/logs/markup-title-with-markup',
    });
    // Authors (D6): accounts with the writing role; the export names no addresses for them.
    expect(report.accounts.withRole).toEqual(expect.arrayContaining(['a11yteam (editor)']));
    expect(report.comments.imported).toBeGreaterThan(15);
  }, 60_000);
});

describe("WordPress's theme unit test data (tests/fixtures/wordpress/themeunittestdata.wordpress.xml)", () => {
  it('decodes the character references of a real title once, and keeps its digits out of the slug (M1)', async () => {
    const source = readWordPressExport(await fixture('wordpress/themeunittestdata.wordpress.xml'));
    const page = source.pages.find((candidate) => candidate.slug === 'title-with-special-characters');
    // `<title>…&amp;*()…;:&#039;&quot;?,.&gt;</title>` in the file.
    expect(page?.title).toBe('Markup: Title With Special Characters ~`!@#$%^&*()-_=+{}[]/\\;:\'"?,.>');
    expect(source.pages.every((candidate) => !/&#0?39;|&amp;|&quot;/.test(candidate.title))).toBe(true);
    expect(source.pages.every((candidate) => !/039/.test(candidate.slug))).toBe(true);
  });
});

describe("WordPress 3.1's export (tests/fixtures/wordpress/small-export.xml, WXR 1.1)", () => {
  it('imports posts and pages with drafts, private posts, nested and non-Latin categories, and three authors', async () => {
    const { app, deps, repository } = await installed();
    const source = readWordPressExport(await fixture('wordpress/small-export.xml'));
    const report = await importExternalSite(deps.db, repository, source);
    expect(report.collisions.pages).toEqual([]);
    expect(report.files.created).toHaveLength(11);
    // Drafts stay drafts; private posts are published for members only (issue 40 §3); published ones are indexed.
    expect(readPage((await repository.readFile('content/en/draft-page.md')) ?? '').frontMatter.draft).toBe(true);
    const privatePost = readPage((await repository.readFile('content/en/logs/private-post.md')) ?? '').frontMatter;
    expect(privatePost.visibility).toBe('members');
    expect(privatePost.draft).not.toBe(true);
    expect(await getContentPage(deps.db, 'en', 'logs/private-post', defaultSiteSettings)).toMatchObject({ members: 'locked' });
    expect(await getContentPage(deps.db, 'en', 'child-page', defaultSiteSettings)).toBeDefined();
    expect(await redirectOf(app, '/?page_id=4')).toEqual({ status: 301, location: '/en/child-page' });
    expect(await redirectOf(app, '/?p=22')).toEqual({ status: 301, location: '/en/logs/many-categories' });
    // Categories in use join Settings with the export's names; `/category/x/` answers with their pages.
    const { settings } = await readSettings(deps.db);
    expect(settings.catLabels.alpha).toEqual({ fa: 'alpha', en: 'alpha' });
    expect(await redirectOf(app, '/category/alpha/')).toEqual({ status: 301, location: '/en/cats/alpha' });
    expect((await logsPage(deps.db, 'en', 1, 'alpha'))?.total).toBeGreaterThan(0);
    // A category no imported page names (its name 远征手记) goes to the logs, which answer.
    expect(await redirectOf(app, '/category/eternity/')).toEqual({ status: 301, location: '/en/logs' });
    // Authors: editor role, addresses pending; the login `editor` is this site's user already, so renamed.
    expect(report.accounts.pendingEmails).toEqual(
      expect.arrayContaining(['admin <local@host.null>', 'editor-2 <editor@example.org>', 'author <author@example.org>']),
    );
    expect(report.accounts.renamed).toContain('editor → editor-2');
    expect(await redirectOf(app, '/author/editor/')).toEqual({ status: 301, location: '/en/authors/editor-2' });
    // The comment's `&#039;` (HTML in CDATA) is decoded once, by the HTML converter.
    const [comment] = await deps.db.select().from(comments).where(eq(comments.pageSlug, 'logs/hello-world'));
    expect(comment?.body).toContain("view the post's comments");
  }, 30_000);
});

describe('a WordPress 6.5 blog in a folder with plain addresses (tests/fixtures/wordpress/wxr-comprehensive.xml)', () => {
  it('keeps /site/?p=ID and /?p=ID, and never sends the folder itself to a post (D5)', async () => {
    const { app, deps, repository } = await installed();
    const source = readWordPressExport(await fixture('wordpress/wxr-comprehensive.xml'));
    const report = await importExternalSite(deps.db, repository, source);
    expect(report.skipped.filter((line) => line.includes('already leads to'))).toEqual([]);
    expect(await redirectOf(app, '/site/?p=1000')).toEqual({ status: 301, location: '/en/logs/comprehensive-post' });
    expect(await redirectOf(app, '/site?p=1000')).toEqual({ status: 301, location: '/en/logs/comprehensive-post' });
    expect(await redirectOf(app, '/?p=1000')).toEqual({ status: 301, location: '/en/logs/comprehensive-post' });
    expect(await redirectOf(app, '/site/?page_id=2000')).toEqual({ status: 301, location: '/en/comprehensive-page' });
    expect((await redirectOf(app, '/site/')).status).not.toBe(301);
    expect(await deps.db.select().from(redirects).where(eq(redirects.from, '/site'))).toEqual([]);
    // Categories, tags and authors of the 6.5 export.
    expect(readPage((await repository.readFile('content/en/logs/comprehensive-post.md')) ?? '').frontMatter).toMatchObject({
      title: 'Comprehensive Post',
      description: 'An excerpt for comprehensive post',
      cat: 'news',
      tags: ['T1', 'T2'],
      author: 'alice',
    });
    expect(await redirectOf(app, '/category/news/')).toEqual({ status: 301, location: '/en/cats/news' });
    expect(await redirectOf(app, '/tag/t1/')).toEqual({ status: 301, location: '/en/tags/t1' });
    expect(await redirectOf(app, '/author/bob/')).toEqual({ status: 301, location: '/en/authors/bob' });
    expect((await authorPage(deps.db, 'en', 'bob', 1))?.total).toBe(1);
    expect(await deps.db.select().from(users).where(eq(users.username, 'alice')).get()).toMatchObject({
      pendingEmail: 'alice@example.com',
    });
  });
});

describe('the dry run asks when a page of the export would take a page’s address (WordPress 3.0: tests/fixtures/wordpress/valid-wxr-1.0.xml)', () => {
  const source = async () => readWordPressExport(await fixture('wordpress/valid-wxr-1.0.xml'));

  it('lists the page and the choice in the dry run; the real run without a choice is refused and writes nothing', async () => {
    const { app, deps, repository } = await installed();
    const before = await repository.head();
    const rulesBefore = await deps.db.select().from(redirects);
    const dry = await importExternalSite(deps.db, repository, await source(), { dryRun: true });
    expect(dry.collisions).toEqual({ pages: ['post 2 "About" → content/en/about.md: the sample page'] });
    const text = describeSiteImport(dry);
    expect(text).toContain('Your choice is needed: pages of the export would take addresses that already hold pages here (1,');
    expect(text).toContain(
      'Addresses already taken (waiting for your choice):\n  post 2 "About" → content/en/about.md: the sample page',
    );
    // Its comment waits with it, and is said to.
    expect(dry.files.created).not.toContain('content/en/about.md');
    await expect(importExternalSite(deps.db, repository, await source())).rejects.toThrow(SiteImportError);
    await expect(importExternalSite(deps.db, repository, await source())).rejects.toThrow(
      /^Nothing was imported: .*--on-collision rename .*\n {2}post 2 "About" → content\/en\/about\.md: the sample page$/s,
    );
    expect(await repository.head()).toBe(before);
    expect(await deps.db.select().from(redirects)).toEqual(rulesBefore);
    expect((await redirectOf(app, '/?p=1')).status).not.toBe(301);
  });

  it('rename: imported under a new address, the sample stays, old addresses lead there; a second run changes nothing', async () => {
    const { app, repository, deps } = await installed();
    const sample = await repository.readFile('content/en/about.md');
    const report = await importExternalSite(deps.db, repository, await source(), { onCollision: 'rename' });
    expect(report.collisions).toEqual({ choice: 'rename', pages: ['post 2 "About" → content/en/about.md: the sample page'] });
    expect(report.files.created).toContain('content/en/about-2.md');
    expect(report.changed).toContain(
      'post 2: content/en/about.md holds the sample page; imported at about-2 instead (--on-collision rename)',
    );
    expect(await repository.readFile('content/en/about.md')).toBe(sample);
    expect(readPage((await repository.readFile('content/en/about-2.md')) ?? '').frontMatter.title).toBe('About');
    expect(await redirectOf(app, '/?page_id=2')).toEqual({ status: 301, location: '/en/about-2' });
    const again = await importExternalSite(deps.db, repository, await source(), { onCollision: 'rename' });
    expect(again.commit).toBeUndefined();
    expect(again.files.unchanged).toContain('content/en/about-2.md');
    expect(again.redirects.added).toBe(0);
  });

  it('keep: the page here stays, the imported one is reported as left out, and its old addresses lead to the page here', async () => {
    const { app, repository, deps } = await installed();
    const sample = await repository.readFile('content/en/about.md');
    const report = await importExternalSite(deps.db, repository, await source(), { onCollision: 'keep' });
    expect(await repository.readFile('content/en/about.md')).toBe(sample);
    expect(report.files.created).not.toContain('content/en/about.md');
    expect(report.skipped).toContain(
      'post 2: content/en/about.md holds the sample page; kept as it is (--on-collision keep), and the old addresses lead to it',
    );
    expect(await redirectOf(app, '/?page_id=2')).toEqual({ status: 301, location: '/en/about' });
  });

  it("replace: takes the address of the owner's own page only when asked; its text stays in the history", async () => {
    const { repository, deps } = await installed();
    const own = '---\ntitle: Our own about page\n---\n\nWritten here.\n';
    commitFiles(repository.location, { 'content/en/about.md': own }, 'The owner writes their about page');
    await syncContent(deps.db, repository);
    const dry = await importExternalSite(deps.db, repository, await source(), { dryRun: true });
    expect(dry.collisions.pages).toEqual(['post 2 "About" → content/en/about.md: a page of this site']);
    const report = await importExternalSite(deps.db, repository, await source(), { onCollision: 'replace' });
    expect(report.changed).toContain(
      'content/en/about.md: the page there was replaced by post 2 (--on-collision replace; its text stays in the history)',
    );
    expect(readPage((await repository.readFile('content/en/about.md')) ?? '').frontMatter.title).toBe('About');
    // The owner's Persian page (a sample's translation is removed with it; the owner's own stays).
    expect(await repository.readFile('content/fa/about.md')).toBeDefined();
  });

  it('refuses an unknown choice before reading anything, in words that name the three', () => {
    expect(collisionChoice(undefined)).toBeUndefined();
    expect(collisionChoice('rename')).toBe('rename');
    for (const hostile of ['delete', 'RENAME', '', 'rename ', '../keep', true])
      expect(() => collisionChoice(hostile)).toThrow(/choose rename, replace or keep\. Nothing was written\./);
  });

  it('says it in Persian too, with the command’s words kept left-to-right', () => {
    const fa = translateMessage('fa', 'api.importCollisions', { count: 2 });
    expect(fa).toContain('۲ صفحه');
    expect(fa).toContain('⁦--on-collision rename⁩');
    expect(fa).not.toMatch(/[A-Za-z]{3,}(?![^⁦]*⁩)/);
    expect(translateMessage('fa', 'api.importCollisionsAsk', { count: 1 })).toContain('به انتخاب شما نیاز است');
  });
});

describe('a real Ghost 5 Lexical document (tests/fixtures/ghost/ghost-v5-stencila-page.json)', () => {
  it('imports every card Ghost’s editor made as Markdown the site renders, with its redirects', async () => {
    const { app, deps, repository } = await installed();
    const report = await importExternalSite(
      deps.db,
      repository,
      readGhostExport(await fixture('ghost/ghost-v5-stencila-page.json')),
    );
    expect(report.unknown).toEqual([]);
    const { frontMatter, body } = readPage((await repository.readFile('content/en/test-fixture.md')) ?? '');
    expect(frontMatter).toMatchObject({ title: 'Test fixture', author: 'stencila' });
    const blocks = body.trim().split('\n\n');
    expect(blocks).toEqual(
      expect.arrayContaining([
        'Paragraph with **bold** *italic* ***bold and italic*** ~strikethrough~ underline `code` subscript superscript highlight and a [link](https://ghost.org/help/using-the-editor/)',
        '# Heading 1',
        '> A quote',
        '> Another quote',
        // image card with its caption: a figure
        '![](https://stencila.ghost.io/content/images/2025/01/stencila-128.png "Image caption")',
        // code card with its language, then its caption
        '```Python\nprint("Hello world")\n```',
        'Code caption',
        // markdown card: its table
        '| A | B |\n| --- | --- |\n| 1 | 2 |',
        'HTML card',
        '> 💡 What Ghost calls a "callout" and Stencila refers to as an "admonition"',
        '[Video: Screen-Recording-2024-11-28-11-10-58.mp4](https://stencila.ghost.io/content/media/2025/01/Screen-Recording-2024-11-28-11-10-58.mp4)',
        '[Audio: testing.m4a](https://stencila.ghost.io/content/media/2025/01/testing.m4a)',
        '**Collapsable Content Area**',
        'We can hide the text inside this area.',
        '[markdown-test-pandoc](https://stencila.ghost.io/content/files/2025/01/markdown-test-pandoc.pdf)',
        '[Stencila](https://stencila.io) — Documents with scientific intelligence',
      ]),
    );
    const page = await getContentPage(deps.db, 'en', 'test-fixture', defaultSiteSettings);
    const html = page?.body.map((segment) => ('html' in segment ? segment.html : '')).join('') ?? '';
    expect(html).toContain('<figcaption>Image caption</figcaption>');
    expect(html).toMatch(/<table/);
    // A nested list stays nested; the line break inside an item stays a break.
    expect(html).toMatch(/<li>List item 1<br\s*\/?>\s*This is a paragraph under the bullet<\/li>\s*<li>\s*<ul>/);
    expect(await redirectOf(app, '/test-fixture/')).toEqual({ status: 301, location: '/en/test-fixture' });
    expect(await redirectOf(app, '/author/stencila/')).toEqual({ status: 301, location: '/en/authors/stencila' });
  });
});
