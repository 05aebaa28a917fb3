import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '../../common/site-settings';
import { mediaFolderReader, readImportFile } from '../../platforms/node/cli-site-import';
import { imageBytes } from '../../tests/support/images';
import { createInstalledSite } from '../../tests/support/site';
import { readPage } from '../content/page-file';
import { renderMarkdown } from '../content/render';
import { comments, pages, redirects, userRoles, users } from '../db/schema';
import { authorPage, getContentPage, tagPage } from './content';
import { readGhostExport } from './import-ghost';
import { readWordPressExport } from './import-wordpress';
import { mediaUses } from './media-library';
import { contentPageView } from './public-pages';
import { readSettings } from './settings';
import { cleanSlug, cleanUserName, htmlToMarkdown, importExternalSite, SiteImportError } from './site-import';

const fixture = (name: string) => readFile(path.join(import.meta.dirname, '../../tests/fixtures', name), 'utf8');

async function uploads() {
  const dir = await mkdtemp(path.join(tmpdir(), 'daftar-uploads-'));
  await mkdir(path.join(dir, '2024/05'), { recursive: true });
  await writeFile(path.join(dir, '2024/05/photo.png'), imageBytes('png'));
  await writeFile(path.join(dir, '2024/05/report.pdf'), '%PDF-1.4 not an image');
  await writeFile(path.join(path.dirname(dir), 'secret.png'), imageBytes('png'));
  return dir;
}

async function redirectOf(app: { request: (path: string) => Response | Promise<Response> }, address: string) {
  const response = await app.request(address);
  return { status: response.status, location: response.headers.get('location') };
}

describe('import-wordpress', () => {
  it('imports posts, pages, media, accounts, comments and redirects in one commit, and a second run changes nothing', async () => {
    const { app, deps, ids } = await createInstalledSite();
    const repository = deps.contentRepository;
    if (!repository) throw new Error('no repository');
    // The site's own comment holds WordPress's first comment id: both are kept.
    await deps.db
      .insert(comments)
      .values({ id: 100, locale: 'en', pageSlug: 'about', userId: ids.member, body: 'Our own', status: 'approved' });
    const source = readWordPressExport(await fixture('wordpress/bilingual-site.xml'));
    const readMedia = await mediaFolderReader(await uploads());
    const before = await repository.head();

    const report = await importExternalSite(deps.db, repository, source, { readMedia });
    expect(report.commit).toBeDefined();
    expect(await repository.head()).toBe(report.commit);
    expect(report.files.created.sort()).toEqual([
      'content/en/about-the-blog.md',
      'content/en/logs/hello-world.md',
      'content/en/logs/work-in-progress.md',
      'content/fa/logs/سلام-دنیا.md',
    ]);
    // One commit on top of the installed site's.
    expect(before).not.toBe(report.commit);

    // The English post: front matter the product reads, Markdown from the blocks, the local image.
    const english = (await repository.readFile('content/en/logs/hello-world.md')) ?? '';
    const { frontMatter, body } = readPage(english);
    expect(frontMatter).toMatchObject({
      title: 'Hello world',
      description: 'The first post.',
      cat: 'news',
      // The account's user name: the byline shows 'Sara Ahmadi' and links to /en/authors/sara.
      author: 'sara',
    });
    expect(english).toMatch(/^date: .*2024-05-01T10:00:00\.000Z/m);
    expect(english).toMatch(/^tags:\n {2}- Daftar$/m);
    expect(body).not.toContain('wp:paragraph');
    expect(body).toContain('Welcome to **my blog**. Read [WordPress](https://wordpress.org/).');
    expect(body).toContain('## A table');
    expect(body).toContain('| Name | Value |');
    // The `[caption]` is a figure: the image with its caption as title, alone on its line.
    expect(body).toMatch(/^!\[A photo\]\(\/media\/2024\/05\/photo-[0-9a-f]{8}\.png "The photo's caption"\)$/m);
    // The PDF stays where it was, and is listed.
    expect(body).toContain('(https://blog.example.com/wp-content/uploads/2024/05/report.pdf)');
    expect(report.media.remote).toEqual(['https://blog.example.com/wp-content/uploads/2024/05/report.pdf']);
    const mediaFile = /\/(media\/2024\/05\/photo-[0-9a-f]{8}\.png)/.exec(body)?.[1] ?? '';
    expect((await repository.tree('media')).map((file) => file.path)).toContain(mediaFile);

    // The Persian translation: the gallery and the unknown shortcode stay visible.
    // The Persian translation keeps its Persian address, paired by translationKey (the English path).
    const persian = readPage((await repository.readFile('content/fa/logs/سلام-دنیا.md')) ?? '');
    expect(persian.frontMatter.title).toBe('سلام دنیا');
    expect(persian.frontMatter.translationKey).toBe('logs/hello-world');
    expect(frontMatter.translationKey).toBeUndefined();
    expect(persian.body).toContain('به وبلاگ من خوش آمدید.');
    expect(persian.body).toContain('WordPress gallery');
    expect(persian.body).toMatch(/!\[\]\(\/media\/2024\/05\/photo-/);
    expect(persian.body).toContain('\\[contact-form-7 id="5" title="تماس"\\]');
    // The draft: no slug in the export, so its title names it; draft in front matter.
    const draft = readPage((await repository.readFile('content/en/logs/work-in-progress.md')) ?? '');
    expect(draft.frontMatter.draft).toBe(true);
    expect(draft.body.trim()).toBe('Not finished.\n\nSecond paragraph.');

    // Indexed: the pages are in the serving index.
    const indexed = await deps.db
      .select({ locale: pages.locale, slug: pages.slug })
      .from(pages)
      .where(inArray(pages.slug, ['logs/hello-world', 'logs/سلام-دنیا']));
    expect(indexed.map((row) => `${row.locale}/${row.slug}`).sort()).toEqual(['en/logs/hello-world', 'fa/logs/سلام-دنیا']);

    // Every old address answers 301 with the new page, through the app.
    expect(await redirectOf(app, '/?p=10')).toEqual({ status: 301, location: '/en/logs/hello-world' });
    expect(await redirectOf(app, '/2024/05/hello-world/')).toEqual({ status: 301, location: '/en/logs/hello-world' });
    expect(await redirectOf(app, '/?p=11')).toEqual({ status: 301, location: `/fa/${encodeURI('logs/سلام-دنیا')}` });
    expect(await redirectOf(app, `/fa/2024/05/${encodeURIComponent('سلام-دنیا')}/`)).toEqual({
      status: 301,
      location: `/fa/${encodeURI('logs/سلام-دنیا')}`,
    });
    // Each links to the other.
    expect((await getContentPage(deps.db, 'fa', 'logs/سلام-دنیا', defaultSiteSettings))?.translation).toEqual({
      locale: 'en',
      slug: 'logs/hello-world',
    });
    expect((await getContentPage(deps.db, 'en', 'logs/hello-world', defaultSiteSettings))?.translation).toEqual({
      locale: 'fa',
      slug: 'logs/سلام-دنیا',
    });
    expect(await redirectOf(app, '/?page_id=12')).toEqual({ status: 301, location: '/en/about-the-blog' });
    expect(await redirectOf(app, '/about-the-blog/')).toEqual({ status: 301, location: '/en/about-the-blog' });
    expect(await redirectOf(app, '/?p=13')).toEqual({ status: 301, location: '/en/logs/work-in-progress' });
    expect(await redirectOf(app, '/?attachment_id=20')).toEqual({ status: 301, location: '/en/logs/hello-world' });
    expect(await redirectOf(app, '/2024/05/hello-world/photo/')).toEqual({ status: 301, location: '/en/logs/hello-world' });
    expect(await redirectOf(app, '/category/news/')).toEqual({ status: 301, location: '/en/cats/news' });
    expect(await redirectOf(app, '/tag/daftar/')).toEqual({ status: 301, location: '/en/tags/daftar' });
    // Addresses nobody imported still go where they went (the locale redirect).
    expect((await redirectOf(app, '/?p=999')).status).toBe(302);

    // Accounts without passwords; a login Daftar refuses gets a cleaned name, reported.
    const sara = await deps.db.select().from(users).where(eq(users.id, 'wordpress-author-1')).get();
    expect(sara).toMatchObject({ username: 'sara', displayName: 'Sara Ahmadi', passwordHash: '!' });
    const john = await deps.db.select().from(users).where(eq(users.id, 'wordpress-author-2')).get();
    expect(john?.username).toBe('john-doe-home');
    expect(report.accounts.renamed).toContain('john doe@home → john-doe-home');
    // The imported pages link their author's page, which lists them.
    const byline = await getContentPage(deps.db, 'en', 'logs/hello-world', defaultSiteSettings);
    expect(byline?.authorAccount).toEqual({ user: 'sara', name: 'Sara Ahmadi' });
    expect((await authorPage(deps.db, 'en', 'sara', 1))?.items.map((item) => item.slug)).toContain('logs/hello-world');

    // Comments with their thread and statuses; the pingback is left out and reported.
    const rows = await deps.db
      .select()
      .from(comments)
      .where(and(eq(comments.locale, 'en'), eq(comments.pageSlug, 'logs/hello-world')))
      .orderBy(comments.id);
    // This site's ids (after its own comments), the thread kept: 101 answers 100, 102 answers 101.
    const [first, second, third, fourth] = rows;
    expect(rows.map((row) => [row.parentId, row.status])).toEqual([
      [null, 'approved'],
      [first?.id, 'approved'],
      [second?.id, 'pending'],
      [null, 'spam'],
    ]);
    expect(fourth?.body).toBe('Buy now');
    expect(third?.body).toBe('One more question…');
    expect(first?.id).toBeGreaterThan(100);
    expect((await deps.db.select().from(comments).where(eq(comments.id, 100)).get())?.body).toBe('Our own');
    expect(rows[1]?.body).toBe('Thank you, *Reza*.');
    expect(rows[0]?.userId).toBe(rows[2]?.userId);
    // A commenter with an author's address is that author.
    expect(rows[1]?.userId).toBe('wordpress-author-1');
    expect(report.skipped).toContain('comment 104: a pingback, not imported');

    // Again: nothing new.
    const again = await importExternalSite(deps.db, repository, source, { readMedia });
    expect(again.commit).toBeUndefined();
    expect(again.files.created).toEqual([]);
    expect(again.files.unchanged).toHaveLength(4);
    expect(again.redirects.added).toBe(0);
    expect(again.accounts.created).toEqual([]);
    expect(again.comments.imported).toBe(0);
    expect(await repository.head()).toBe(report.commit);
  });

  it('--dry-run reports and writes nothing', async () => {
    const { deps } = await createInstalledSite();
    const repository = deps.contentRepository;
    if (!repository) throw new Error('no repository');
    const head = await repository.head();
    const usersBefore = (await deps.db.select().from(users)).length;
    const report = await importExternalSite(
      deps.db,
      repository,
      readWordPressExport(await fixture('wordpress/bilingual-site.xml')),
      { dryRun: true, readMedia: await mediaFolderReader(await uploads()) },
    );
    expect(report.media.copied).toHaveLength(1);
    expect(report.dryRun).toBe(true);
    expect(report.files.created).toHaveLength(4);
    expect(report.redirects.added).toBeGreaterThan(5);
    expect(report.comments.imported).toBe(4);
    expect(await repository.head()).toBe(head);
    expect(await deps.db.select().from(redirects)).toEqual([]);
    expect(await deps.db.select().from(users)).toHaveLength(usersBefore);
    expect(await deps.db.select().from(comments).where(eq(comments.pageSlug, 'logs/hello-world'))).toEqual([]);
    // The categories it would add are reported, not added.
    expect(report.categories.added).toEqual(['news (News)']);
    expect((await readSettings(deps.db)).settings.cats).not.toContain('news');
  });

  it('refuses a malformed or foreign file with the place of the problem, before anything is written', async () => {
    const good = await fixture('wordpress/bilingual-site.xml');
    expect(() => readWordPressExport(good.replace('</item>', ''))).toThrow(/line \d+/);
    expect(() => readWordPressExport(good.replace('<wp:post_id>11</wp:post_id>', '<wp:post_id>eleven</wp:post_id>'))).toThrow(
      /<item> 2 \(wp:post_id eleven\): <wp:post_id> must be a number/,
    );
    expect(() =>
      readWordPressExport(
        good.replace('<wp:comment_parent>100</wp:comment_parent>', '<wp:comment_parent>102</wp:comment_parent>'),
      ),
    ).toThrow(/<wp:comment> 101: it answers comment 102, which is not an earlier comment/);
    expect(() => readWordPressExport('<rss><channel><title>x</title></channel></rss>')).toThrow(SiteImportError);
    expect(() =>
      readWordPressExport('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]><rss><channel></channel></rss>'),
    ).toThrow(/ENTITY/);
    expect(() => readGhostExport('{"db":[{"data":{"posts":[{"title":"no id"}]}}]}')).toThrow(
      /data\.posts\.0: needs an id and a slug/,
    );
    expect(() => readGhostExport('{"posts": ')).toThrow(/Not JSON/);
  });

  it('refuses an input file above the cap without reading it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'daftar-big-'));
    const file = path.join(dir, 'export.xml');
    await writeFile(file, 'x'.repeat(2 * 1024 * 1024));
    await expect(readImportFile(file, { maxBytes: 1024 * 1024 })).rejects.toThrow(/2 MB is more than the 1 MB/);
    await expect(readImportFile(path.join(dir, 'missing.xml'))).rejects.toThrow(/no such file/);
  });

  it('makes hostile input inert: no script, event handler, javascript: link or raw HTML in the stored file; no path outside its folder', async () => {
    const { deps } = await createInstalledSite();
    const repository = deps.contentRepository;
    if (!repository) throw new Error('no repository');
    const dir = await uploads();
    const report = await importExternalSite(deps.db, repository, readWordPressExport(await fixture('wordpress/hostile.xml')), {
      readMedia: await mediaFolderReader(dir),
    });
    expect(report.files.created).toEqual(['content/en/logs/etc-passwd.md']);
    const file = (await repository.readFile('content/en/logs/etc-passwd.md')) ?? '';
    const { body } = readPage(file);
    // No raw HTML at all: every `<` is escaped text; the links lost their addresses, the handlers their elements.
    expect(body).not.toMatch(/(^|[^\\])</m);
    expect(body.toLowerCase()).not.toMatch(/javascript|onclick|iframe|style=|alert\((1|2|3|4|7|8)\)|document\.cookie/);
    expect(body).toContain('click again third');
    expect(body).toContain('![broken](x)');
    expect(body).toContain('\\<script>alert(5)\\</script> and \\<img src=x onerror=alert(6)>');
    // Rendered, the text stays text.
    const { html } = renderMarkdown(body, 'en');
    expect(html).not.toMatch(/<script|<img[^>]*onerror|javascript:/i);
    expect(html).toContain('&#x3C;script>alert(5)');
    // The attachment names that climb out read nothing; the files are kept remote.
    expect(report.media.copied).toEqual([]);
    expect(report.skipped.join('\n')).toContain('leaves the media folder');
    expect((await repository.tree('media')).map((entry) => entry.path).join()).not.toContain('passwd');
    const [comment] = await deps.db.select().from(comments).where(eq(comments.pageSlug, 'logs/etc-passwd'));
    expect(comment?.body).toBe('win');
    expect(await mediaFolderReader(dir).then((read) => read('../secret.png'))).toBeUndefined();
  });
});

describe('import-ghost', () => {
  it('imports posts, pages, tags and authors, with redirects from /{slug}/ and /tag/{slug}/', async () => {
    const { app, deps } = await createInstalledSite();
    const repository = deps.contentRepository;
    if (!repository) throw new Error('no repository');
    const source = readGhostExport(await fixture('ghost/ghost-export.json'));
    const report = await importExternalSite(deps.db, repository, source);
    expect(report.files.created.sort()).toEqual([
      'content/en/about-us.md',
      'content/en/logs/lexical-only.md',
      'content/en/logs/unfinished.md',
      'content/en/logs/welcome.md',
    ]);
    const welcome = (await repository.readFile('content/en/logs/welcome.md')) ?? '';
    const { frontMatter, body } = readPage(welcome);
    expect(frontMatter).toMatchObject({
      title: 'Welcome to Ghost',
      description: 'The first post.',
      cat: 'getting-started',
      author: 'ghost-writer',
    });
    expect(welcome).toMatch(/^tags:\n {2}- Getting Started\n {2}- Notes$/m);
    expect(body).toContain('This is **Ghost**.');
    expect(body).toContain('![Cover](https://ghost.example.com/content/images/2024/05/cover.png)');
    expect(body).not.toMatch(/javascript:|onerror/);
    expect(readPage((await repository.readFile('content/en/logs/unfinished.md')) ?? '').frontMatter.draft).toBe(true);
    expect(await redirectOf(app, '/welcome/')).toEqual({ status: 301, location: '/en/logs/welcome' });
    expect(await redirectOf(app, '/about-us/')).toEqual({ status: 301, location: '/en/about-us' });
    // A tag's old address leads to its page here, the primary tag's too (it is also the category).
    expect(await redirectOf(app, '/tag/getting-started/')).toEqual({ status: 301, location: '/en/tags/getting-started' });
    expect(await redirectOf(app, '/tag/notes/')).toEqual({ status: 301, location: '/en/tags/notes' });
    // Where they lead answers: the tag's page lists the post, and the category is in Settings (its page answers 200).
    expect((await tagPage(deps.db, 'en', 'getting-started', 1))?.items.map((item) => item.slug)).toContain('logs/welcome');
    expect((await readSettings(deps.db)).settings.catLabels['getting-started']).toEqual({
      fa: 'Getting Started',
      en: 'Getting Started',
    });
    expect(await redirectOf(app, '/author/ghost-writer/')).toEqual({ status: 301, location: '/en/authors/ghost-writer' });
    expect(await deps.db.select().from(users).where(eq(users.id, 'ghost-author-1')).get()).toMatchObject({
      username: 'ghost-writer',
      avatarUrl: 'https://ghost.example.com/content/images/2024/05/writer.jpg',
    });
    // Ghost's own relative image address is not an avatar this site can show.
    expect(
      (await deps.db.select().from(users).where(eq(users.id, 'ghost-author-6650a1b2c3d4e5f600000201')).get())?.avatarUrl,
    ).toBeNull();
    const again = await importExternalSite(deps.db, repository, source);
    expect(again.commit).toBeUndefined();
    expect(again.redirects.added).toBe(0);
  });
});

describe('names', () => {
  it('makes paths that stay in their folder and user names that follow the Persian rules', () => {
    expect(cleanSlug('../../etc/passwd')).toBe('etc-passwd');
    expect(cleanSlug('%d8%b3%d9%84%d8%a7%d9%85-%d8%af%d9%86%d9%8a%d8%a7')).toBe('سلام-دنیا');
    expect(cleanSlug('Hello World!')).toBe('hello-world');
    // Issue 37: heh doachashmee and heh goal too (an Urdu or Kurdish keyboard's ھ ہ), percent-encoded or not.
    expect(cleanSlug(encodeURIComponent('کوھپایہ-علي'))).toBe('کوهپایه-علی');
    expect(cleanUserName('علی', 'x')).toBe('علی');
    expect(cleanUserName('john doe@home', 'x')).toBe('john-doe-home');
    // Two scripts in one name are refused by common/user-name.ts: the Latin part is kept.
    expect(cleanUserName('علیali', 'fallback')).toBe('ali');
    expect(cleanUserName('ad\u202emin', 'fallback')).toBe('ad-min');
    expect(cleanUserName('!!', 'user-1')).toBe('user-1');
  });
});

describe('htmlToMarkdown', () => {
  it('keeps audio and video as links to their files, and drops unsafe ones', () => {
    expect(htmlToMarkdown('<figure><audio controls src="https://x.example/a.mp3"></audio></figure>')).toBe(
      '[Audio: a.mp3](https://x.example/a.mp3)',
    );
    expect(htmlToMarkdown('<video src="javascript:alert(1)">fallback</video>')).toBe('fallback');
  });

  it('turns WordPress paragraphs (blank lines) into Markdown paragraphs and keeps unknown shortcodes visible', () => {
    expect(htmlToMarkdown('One\nline\n\nTwo [foo bar="1"]')).toBe('One  \nline\n\nTwo \\[foo bar="1"\\]');
  });

  it('makes classic paragraphs beside block elements too, keeps <pre> whole, and never wraps block-editor content', () => {
    // Text beside a `<p>` (an image centred by a style) and a table is still its own paragraph.
    expect(htmlToMarkdown('First.\n\nSecond.\n<p style="text-align:center"><img src="/a.png" alt="A"></p>\nThird.')).toBe(
      'First.\n\nSecond.\n\n![A](/a.png)\n\nThird.',
    );
    expect(htmlToMarkdown('Before\n<table><tr><th>h</th></tr><tr><td>1</td></tr></table>\nAfter')).toBe(
      'Before\n\n| h |\n| --- |\n| 1 |\n\nAfter',
    );
    // A <pre> keeps its blank lines; a quote spanning one is not broken apart.
    expect(htmlToMarkdown('<pre>a\n\nb</pre>\n\nText')).toBe('```\na\n\nb\n```\n\nText');
    expect(htmlToMarkdown('<PRE class="x">a\n\nb</PRE>\n\n<preview-card>c</preview-card>\n\nd')).toBe(
      '```\na\n\nb\n```\n\nc\n\nd',
    );
    // An unclosed <pre> (hostile or broken) ends the search; the text is still converted.
    expect(htmlToMarkdown(`One\n\n${'<pre x'.repeat(5_000)}`)).toMatch(/^One/);
    expect(htmlToMarkdown('<blockquote>One\n\nTwo</blockquote>')).toMatch(/^> One/);
    expect(htmlToMarkdown('<blockquote>One\n\nTwo</blockquote>')).toContain('Two');
    // Block-editor content: its comments go, its own paragraphs stay as they are.
    expect(
      htmlToMarkdown(
        '<!-- wp:paragraph -->\n<p>A</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>B</p>\n<!-- /wp:paragraph -->',
      ),
    ).toBe('A\n\nB');
  });
});

describe("WordPress's theme unit test data", () => {
  it('imports whole: every page indexed, comments attached, old addresses answering 301, protected posts for members', async () => {
    const { app, deps } = await createInstalledSite();
    const repository = deps.contentRepository;
    if (!repository) throw new Error('no repository');
    const source = readWordPressExport(await fixture('wordpress/themeunittestdata.wordpress.xml'));
    const report = await importExternalSite(deps.db, repository, source, { onCollision: 'replace' });
    expect(report.files.created.length).toBeGreaterThan(70);
    // The sync indexed every imported file (none refused by the front matter checks).
    const slugs = new Set(
      (await deps.db.select({ slug: pages.slug }).from(pages).where(eq(pages.locale, 'en'))).map((row) => row.slug),
    );
    for (const file of report.files.created) expect(slugs).toContain(file.replace(/^content\/en\/|\.md$/g, ''));
    expect(await redirectOf(app, '/?p=1148')).toEqual({ status: 301, location: '/en/logs/template-comments' });
    expect(await redirectOf(app, '/2012/01/03/template-comments/')).toEqual({
      status: 301,
      location: '/en/logs/template-comments',
    });
    const thread = await deps.db.select().from(comments).where(eq(comments.pageSlug, 'logs/template-comments'));
    expect(thread.length).toBeGreaterThan(10);
    expect(thread.some((comment) => comment.parentId !== null)).toBe(true);
    // A `[gallery]` without ids shows the post's attached images; block audio becomes a link.
    const gallery = readPage((await repository.readFile('content/en/logs/post-format-gallery.md')) ?? '').body;
    expect(gallery).toContain('WordPress gallery');
    expect(gallery).toMatch(/!\[\]\(https:\/\/wpthemetestdata\.files\.wordpress\.com\/[^)]+\.jpg\)/);
    const media = readPage((await repository.readFile('content/en/logs/media-category-blocks.md')) ?? '').body;
    expect(media).toMatch(/\[Audio: [^\]]+\]\(https:/);
    // WordPress's own captions (the text form, with a link inside the caption) are figures.
    const aligned = readPage((await repository.readFile('content/en/logs/markup-image-alignment.md')) ?? '').body;
    expect(aligned).toContain(
      '![Image Alignment 580x300](https://wpthemetestdata.files.wordpress.com/2013/03/image-alignment-580x300.jpg "Look at 580x300 getting some caption love.")',
    );
    const protectedPost = readPage((await repository.readFile('content/en/logs/template-password-protected.md')) ?? '');
    // Password-protected on WordPress: published here for members, its first block public (docs/content.md).
    expect(protectedPost.frontMatter.draft).toBe(false);
    expect(protectedPost.frontMatter.visibility).toBe('members');
    expect(report.changed.join('\n')).toMatch(
      /wp:post_id 1168\): password-protected on WordPress; published for members \(visibility: members\)/,
    );
    const row = await deps.db
      .select({ draft: pages.draft, visibility: pages.visibility, whole: pages.membersBody })
      .from(pages)
      .where(eq(pages.slug, 'logs/template-password-protected'))
      .get();
    expect(row).toMatchObject({ draft: false, visibility: 'members' });
    expect(row?.whole?.body.length).toBeGreaterThan(0);
  });
});

describe("Ghost's own export (tests/fixtures/ghost/ghost-v4-export.json)", () => {
  it('imports a real Ghost 4 export: the post and pages indexed, author and tag linked, the embed script dropped, 301s; a second run changes nothing', async () => {
    const { app, deps } = await createInstalledSite();
    const repository = deps.contentRepository;
    if (!repository) throw new Error('no repository');
    const source = readGhostExport(await fixture('ghost/ghost-v4-export.json'));
    const report = await importExternalSite(deps.db, repository, source);
    expect(report.files.created.sort()).toEqual([
      'content/en/contribute.md',
      'content/en/logs/integrations.md',
      'content/en/privacy.md',
    ]);
    const post = await getContentPage(deps.db, 'en', 'logs/integrations', defaultSiteSettings);
    expect(post).toMatchObject({
      title: 'Setting up apps and custom integrations',
      description: 'Work with all your favorite apps and tools or create your own custom integrations using the Ghost API.',
      date: '2021-03-24T04:34:09.000Z',
      cat: 'getting-started',
      tags: [{ slug: 'getting-started', name: 'Getting Started' }],
      authorAccount: { user: 'ghost', name: 'Ghost' },
    });
    const html = post?.body.map((segment) => ('html' in segment ? segment.html : '')).join('') ?? '';
    expect(html).toContain('<h2 id="zapier">Zapier</h2>');
    expect(html).toContain('https://static.ghost.org/v4.0.0/images/iawriter-integration.png');
    // Ghost's markdown card held a <script> embed: text at most, never an element.
    expect(html).not.toMatch(/<script/i);
    expect((await getContentPage(deps.db, 'en', 'contribute', defaultSiteSettings))?.title).toBe('Contribute');
    expect(await redirectOf(app, '/integrations/')).toEqual({ status: 301, location: '/en/logs/integrations' });
    expect(await redirectOf(app, '/privacy/')).toEqual({ status: 301, location: '/en/privacy' });
    expect(await redirectOf(app, '/tag/getting-started/')).toEqual({ status: 301, location: '/en/tags/getting-started' });
    expect((await tagPage(deps.db, 'en', 'getting-started', 1))?.total).toBe(1);
    expect(await redirectOf(app, '/author/ghost/')).toEqual({ status: 301, location: '/en/authors/ghost' });
    expect((await authorPage(deps.db, 'en', 'ghost', 1))?.items.map((item) => item.slug)).toEqual([
      'logs/integrations',
      'contribute',
      'privacy',
    ]);
    const again = await importExternalSite(deps.db, repository, readGhostExport(await fixture('ghost/ghost-v4-export.json')));
    expect(again.commit).toBeUndefined();
    expect(again.files.created).toEqual([]);
    expect(again.accounts.created).toEqual([]);
  });
});

describe('an old WordPress blog in a folder (tests/fixtures/wordpress/old-blog-in-folder.xml, the shape of 3.3)', () => {
  async function importOldBlog() {
    const site = await createInstalledSite();
    const repository = site.deps.contentRepository;
    if (!repository) throw new Error('no repository');
    const dir = await mkdtemp(path.join(tmpdir(), 'daftar-uploads-'));
    await mkdir(path.join(dir, '2012/02'), { recursive: true });
    await writeFile(path.join(dir, '2012/02/pelican-lakes.jpg'), imageBytes('jpeg'));
    const source = readWordPressExport(await fixture('wordpress/old-blog-in-folder.xml'));
    const report = await importExternalSite(site.deps.db, repository, source, {
      readMedia: await mediaFolderReader(dir),
      onCollision: 'replace',
    });
    return { ...site, repository, source, report };
  }

  it('decodes character references once: titles, excerpts, names and slugs hold the characters, never the digits', async () => {
    const { deps, repository, report } = await importOldBlog();
    const file = report.files.created.find((name) => name.includes('special-chars'));
    // `&#039;` is the apostrophe (and leaves no 039 in the address); `&amp;amp;` is the text `&amp;`, not `&`.
    expect(file).toBe('content/en/logs/special-chars-l-é-amp-lt-b-gt.md');
    const { frontMatter, body } = readPage((await repository.readFile(file ?? '')) ?? '');
    expect(frontMatter.title).toBe("Special chars: l'é &amp; &lt;b&gt;");
    expect(frontMatter.description).toBe('It’s short &amp; sweet');
    expect(frontMatter.tags).toEqual(["L'été"]);
    expect(body.trim()).toBe("Some text with an apostrophe: can't.");
    const page = await getContentPage(deps.db, 'en', 'logs/special-chars-l-é-amp-lt-b-gt', defaultSiteSettings);
    expect(page?.title).toBe("Special chars: l'é &amp; &lt;b&gt;");
    // The category's name in Settings, in both languages (the export's name, its reference decoded).
    expect((await readSettings(deps.db)).settings.catLabels['categ-1']).toEqual({ fa: 'Catégorie 1', en: 'Catégorie 1' });
  });

  it('makes every [caption] a figure with its caption — the attribute form, the text form, a link left open', async () => {
    const { repository, report } = await importOldBlog();
    const { body } = readPage((await repository.readFile('content/en/logs/caption-on-image.md')) ?? '');
    const figures = body.split('\n\n');
    // The image in the media folder is copied (and the body points at the copy); the others stay where they were.
    expect(figures[0]).toMatch(/^!\[Pelican lakes\]\(\/media\/2012\/02\/pelican-lakes-[0-9a-f]{8}\.jpg "This is a caption"\)$/);
    expect(figures[1]).toBe('![Dunes](http://old.example.com/blog/wp-content/uploads/2012/02/dunes.jpg "This also a caption")');
    expect(figures[2]).toBe(
      '[![](http://old.example.com/blog/wp-content/uploads/2012/02/sea-300x200.jpg "A link left open")](http://old.example.com/blog/wp-content/uploads/2012/02/sea.jpg)',
    );
    expect(figures[3]).toBe('Lorem ipsum after the captions.');
    // Rendered: three figures with their captions, the linked one keeping its link.
    const { html } = renderMarkdown(body, 'en');
    expect(html.match(/<figure>/g)).toHaveLength(3);
    expect(html).toContain('<figcaption>This is a caption</figcaption>');
    expect(html).toMatch(
      /<figure><a href="http:\/\/old\.example\.com\/blog\/wp-content\/uploads\/2012\/02\/sea\.jpg"[^>]*><img[^>]*><\/a><figcaption>A link left open<\/figcaption><\/figure>/,
    );
    // Shortcodes no importer knows stay as typed, and the report names them with their posts.
    expect(body).toContain('\\[contact-form-7 id="5" title="Contact"\\]');
    expect(report.unknown).toEqual(['[contact-form-7]: post 8', '[su_button]: post 8']);
  });

  it('adds the categories in use to Settings, carries one Settings cannot take as a tag, and sends every archive somewhere that answers', async () => {
    const { app, deps, repository, report } = await importOldBlog();
    const { settings } = await readSettings(deps.db);
    expect(settings.cats).toContain('categ-1');
    // `2012` cannot be a category here (a category starts with a letter): its post carries the tag.
    expect(settings.cats).not.toContain('2012');
    expect(readPage((await repository.readFile('content/en/logs/caption-on-image.md')) ?? '').frontMatter).toMatchObject({
      tags: ['2012'],
    });
    expect(report.categories).toEqual({ added: ['categ-1 (Catégorie 1)'], existing: [] });
    expect(report.changed.join('\n')).toContain('category 2012: a category name here starts with a letter');
    expect(await redirectOf(app, '/category/categ-1/')).toEqual({ status: 301, location: '/en/cats/categ-1' });
    expect(await redirectOf(app, '/category/2012/')).toEqual({ status: 301, location: '/en/tags/2012' });
    // WordPress's Uncategorized is no category here: its archive leads to the logs.
    expect(await redirectOf(app, '/category/uncategorized/')).toEqual({ status: 301, location: '/en/logs' });
    expect(await redirectOf(app, '/author/bob/')).toEqual({ status: 301, location: '/en/authors/Bob' });
  });

  it('keeps the old paths of a blog in a folder, and the featured image as the banner the media library sees', async () => {
    const { app, deps, repository, report } = await importOldBlog();
    expect(await redirectOf(app, '/blog/2012/02/16/caption-on-image/')).toEqual({
      status: 301,
      location: '/en/logs/caption-on-image',
    });
    expect(await redirectOf(app, '/2012/02/16/caption-on-image/')).toEqual({
      status: 301,
      location: '/en/logs/caption-on-image',
    });
    const file = 'content/en/logs/special-chars-l-é-amp-lt-b-gt.md';
    const { frontMatter } = readPage((await repository.readFile(file)) ?? '');
    const thumbnail = String(frontMatter.thumbnail);
    expect(thumbnail).toMatch(/^\/media\/2012\/02\/pelican-lakes-[0-9a-f]{8}\.jpg$/);
    // With the attachment's alt text (`_wp_attachment_image_alt`), which the banner and og:image:alt carry.
    expect(frontMatter.thumbnailAlt).toBe('Pelicans on a lake');
    expect(report.featureImages).toEqual([`post 7 → ${thumbnail} (alt: Pelicans on a lake)`]);
    const state = { installed: true, site: defaultSiteSettings, locale: 'en' as const };
    const view = await contentPageView({ deps, state, request: new Request('http://localhost/'), slug: file.slice(11, -3) });
    expect(view?.page.thumbnailAlt).toBe('Pelicans on a lake');
    expect(view?.seo.imageAlt).toBe('Pelicans on a lake');
    const uses = await mediaUses(deps, [thumbnail.slice(1)]);
    // Used as the banner of one post (and in the body of the other).
    expect(uses.get(thumbnail.slice(1))?.pages.map((use) => use.path)).toEqual([
      'logs/caption-on-image',
      'logs/special-chars-l-é-amp-lt-b-gt',
    ]);
  });

  it('makes Bob and bob one account with the writing role and the address pending; keeps an orphaned reply at the top level', async () => {
    const { deps, repository, report } = await importOldBlog();
    const accounts = await deps.db.select().from(users).where(eq(users.id, 'wordpress-author-2'));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ username: 'Bob', email: null, pendingEmail: 'bob@example.org' });
    expect(await deps.db.select().from(users).where(eq(users.username, 'bob-2'))).toEqual([]);
    const roles = await deps.db.select().from(userRoles).where(eq(userRoles.userId, 'wordpress-author-2'));
    expect(roles.map((row) => row.roleId)).toEqual(['editor']);
    expect(report.accounts.pendingEmails).toEqual(['Bob <bob@example.org>']);
    // Both posts are Bob's, whichever spelling the export used.
    for (const file of ['content/en/logs/caption-on-image.md', 'content/en/logs/special-chars-l-é-amp-lt-b-gt.md'])
      expect(readPage((await repository.readFile(file)) ?? '').frontMatter.author).toBe('Bob');
    const [reply] = await deps.db.select().from(comments).where(eq(comments.pageSlug, 'logs/special-chars-l-é-amp-lt-b-gt'));
    expect(reply).toMatchObject({ parentId: null, status: 'approved', userId: 'wordpress-author-2' });
    expect(report.changed).toContain('comment 122: the comment it answers (121) was not imported; kept at the top level');
  });

  it('lets the sample page give way to the blog’s own, and never takes one of the site’s routes (F-43)', async () => {
    const { app, repository, report } = await importOldBlog();
    const about = readPage((await repository.readFile('content/en/about.md')) ?? '');
    expect(about.frontMatter.title).toBe('About');
    expect(about.body.trim()).toBe("This is Bob's blog.");
    // Its Persian sample would be paired with it by their shared path: it goes too.
    expect(await repository.readFile('content/fa/about.md')).toBeUndefined();
    expect(report.changed).toContain(
      'content/en/about.md: the sample page there was replaced by post 2 (--on-collision replace; its text stays in the history)',
    );
    expect(report.collisions).toEqual({ choice: 'replace', pages: ['post 2 "About" → content/en/about.md: the sample page'] });
    expect(await redirectOf(app, '/blog/about/')).toEqual({ status: 301, location: '/en/about' });
    expect(await redirectOf(app, '/?page_id=2')).toEqual({ status: 301, location: '/en/about' });
    // The page called "login" is renamed; its old addresses lead there, except the one the site owns.
    expect(report.files.created).toContain('content/en/page-login.md');
    expect(await redirectOf(app, '/blog/login/')).toEqual({ status: 301, location: '/en/page-login' });
    expect(report.skipped).toContain("post 3: the old address /login is one of this site's own; no redirect");
    // A permalink on the site's own route gets no rule: /en/login stays the sign-in page.
    expect(report.skipped).toContain("post 4: the old address /en/login is one of this site's own; no redirect");
    expect((await redirectOf(app, '/en/login')).status).not.toBe(301);
    expect(await redirectOf(app, '/?p=4')).toEqual({ status: 301, location: '/en/logs/sign-in-here' });
  });
});

describe('Ghost 5 (Lexical): tests/fixtures/ghost/ghost-v5-lexical.json', () => {
  it("imports every card as Markdown the site renders, the feature image as banner, the author's address pending; names the card it leaves out", async () => {
    const { app, deps } = await createInstalledSite();
    const repository = deps.contentRepository;
    if (!repository) throw new Error('no repository');
    const report = await importExternalSite(deps.db, repository, readGhostExport(await fixture('ghost/ghost-v5-lexical.json')), {
      onCollision: 'replace',
    });
    const { frontMatter, body } = readPage((await repository.readFile('content/en/logs/cards-from-ghost-5.md')) ?? '');
    expect(frontMatter).toMatchObject({
      title: 'Cards from Ghost 5',
      description: "Every card Ghost's editor makes.",
      thumbnail: 'https://ghost.example.com/content/images/2024/05/cover.jpg',
      cat: 'product-news',
      tags: ['Product News'],
      author: 'lena',
    });
    const blocks = body.split('\n\n');
    expect(blocks).toEqual(
      expect.arrayContaining([
        'Ghost 5 writes **Lexical**, not *mobiledoc*; [a link](https://ghost.org/).',
        '## Cards',
        // image and gallery: figures with their captions
        '![A lake at dawn](https://ghost.example.com/content/images/2024/05/lake.jpg "The lake at dawn")',
        '![First](https://ghost.example.com/content/images/2024/05/a.jpg "One")',
        '![Second](https://ghost.example.com/content/images/2024/05/b.jpg)',
        'Two photos',
        // bookmark: its title linked, then its description
        '[Ghost Docs](https://ghost.org/docs/) — Everything you need to know about working with Ghost',
        // callout: a quote with its emoji
        '> 💡 Back up before you import.',
        // embed: the address alone (the site plays the video)
        '[https://www.youtube.com/watch?v=dQw4w9WgXcQ](https://www.youtube.com/watch?v=dQw4w9WgXcQ)',
        // code: fenced, with its language
        ['```javascript', 'const answer = 42;', 'console.log(`<b>$' + '{answer}</b>`);', '```'].join('\n'),
        // toggle: its heading in bold, then its content
        '**Is it free?**',
        'Yes, and open source.',
        'A *markdown* card with a [link](https://example.com) and .',
        '1.  first\n2.  second',
        '> A quote',
      ]),
    );
    expect(body).toContain('Raw **html** card');
    expect(body).not.toMatch(/<script|onerror|alert\(/);
    const page = await getContentPage(deps.db, 'en', 'logs/cards-from-ghost-5', defaultSiteSettings);
    const html = page?.body.map((segment) => ('html' in segment ? segment.html : '')).join('') ?? '';
    expect(html).toContain('<figcaption>The lake at dawn</figcaption>');
    expect(html).toMatch(/<pre[^>]*><code class="language-javascript">/);
    expect(html).toMatch(/youtube/);
    expect(report.unknown).toEqual(['Ghost card "signup": post 6650a1b2c3d4e5f600000301']);
    expect(report.featureImages).toEqual([
      'post 6650a1b2c3d4e5f600000301 → https://ghost.example.com/content/images/2024/05/cover.jpg (alt: A notebook on a desk)',
    ]);
    // Ghost 5's `posts_meta.feature_image_alt` is the banner's alt text.
    expect(frontMatter.thumbnailAlt).toBe('A notebook on a desk');
    expect(page?.thumbnailAlt).toBe('A notebook on a desk');
    expect(await deps.db.select().from(users).where(eq(users.id, 'ghost-author-1')).get()).toMatchObject({
      username: 'lena',
      pendingEmail: 'lena@ghost.example.com',
    });
    // The page whose slug is one of the site's routes is renamed, and its old address is refused.
    expect(report.files.created).toContain('content/en/page-login.md');
    expect(report.changed).toContain(
      "post 6650a1b2c3d4e5f600000302: /en/login is one of this site's own addresses; imported at page-login",
    );
    expect(await redirectOf(app, '/login/')).not.toEqual({ status: 301, location: '/en/page-login' });
  });
});

describe("WordPress's importer's own 3.1 export (tests/fixtures/wordpress/valid-wxr-1.1.xml)", () => {
  it('imports the post with its category and tag pages answering, and the page "about" in place of the sample', async () => {
    const { app, deps } = await createInstalledSite();
    const repository = deps.contentRepository;
    if (!repository) throw new Error('no repository');
    const report = await importExternalSite(
      deps.db,
      repository,
      readWordPressExport(await fixture('wordpress/valid-wxr-1.1.xml')),
      { onCollision: 'replace' },
    );
    expect(report.files.created.sort()).toEqual(['content/en/about.md', 'content/en/logs/hello-world.md']);
    expect(await redirectOf(app, '/?page_id=2')).toEqual({ status: 301, location: '/en/about' });
    expect(await redirectOf(app, '/?p=1')).toEqual({ status: 301, location: '/en/logs/hello-world' });
    expect(await redirectOf(app, '/category/alpha/')).toEqual({ status: 301, location: '/en/cats/alpha' });
    expect((await readSettings(deps.db)).settings.cats).toContain('alpha');
    expect(await redirectOf(app, '/tag/clippable/')).toEqual({ status: 301, location: '/en/tags/clippable' });
    expect((await tagPage(deps.db, 'en', 'clippable', 1))?.total).toBe(1);
    // The comment's `&#039;` is HTML inside CDATA: decoded once, by the HTML converter.
    const [comment] = await deps.db.select().from(comments).where(eq(comments.pageSlug, 'logs/hello-world'));
    expect(comment?.body).toContain("view the post's comments");
    // Two authors with addresses, kept pending; both given the writing role.
    expect(report.accounts.pendingEmails.sort()).toEqual(['jane <janedoe@example.org>', 'john <johndoe@example.org>']);
    expect(report.accounts.withRole).toEqual(expect.arrayContaining(['john (editor)', 'jane (editor)', 'Mr-WordPress (member)']));
    // Run again: the page now there is the imported one, so nothing is asked and nothing changes.
    const again = await importExternalSite(
      deps.db,
      repository,
      readWordPressExport(await fixture('wordpress/valid-wxr-1.1.xml')),
    );
    expect(again.collisions.pages).toEqual([]);
    expect(again.commit).toBeUndefined();
    expect(again.redirects.added).toBe(0);
    expect(again.categories.added).toEqual([]);
  });

  it('refuses declared entities however long the comment before them (F-52), and changes nothing', async () => {
    const good = await fixture('wordpress/valid-wxr-1.1.xml');
    const bomb = good.replace(
      '<rss version="2.0"',
      `<!--${'x'.repeat(20_000)}--><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><rss version="2.0"`,
    );
    expect(() => readWordPressExport(bomb)).toThrow(/declares XML entities/);
  });
});
