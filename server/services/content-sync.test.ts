import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '../../common/site-settings';
import { commitFiles, writeFiles } from '../../tests/support/content-repo';
import { createInstalledSite } from '../../tests/support/site';
import { getContentPage, getHome, listLogs, logsPage } from './content';
import { latestContentBuild, syncContent } from './content-sync';

/** An installed site: the installer committed the sample content and indexed it. Authors commit with plain git. */
async function siteWithSamples() {
  const { deps } = await createInstalledSite();
  const { db } = deps;
  const repoDir = deps.contentRepository!.location;
  const commit = (files: Record<string, string | null>, message: string) => commitFiles(repoDir, files, message);
  const sync = () => syncContent(db, deps.contentRepository!);
  return { deps, db, commit, sync, repoDir };
}

const page = (title: string, extra = '', body = 'Some text.') => `---\ntitle: "${title}"\n${extra}---\n\n${body}\n`;

describe('content sync', () => {
  it('indexes the sample content when the installer loads the default data', async () => {
    const { db } = await siteWithSamples();
    const build = await latestContentBuild(db);
    expect(build?.pageCount).toBe(14);
    expect(build?.problems).toEqual([]);
    const home = await getHome(db, 'fa', defaultSiteSettings);
    expect(home.page?.title).toBe('دفتر');
    expect(home.latest.map((p) => p.slug)).toEqual([
      'logs/a-long-guide-to-bilingual-publishing',
      'logs/writing-in-markdown',
      'logs/building-this-site',
      'logs/reading-list',
      'logs/welcome-to-daftar',
    ]);
    const guide = await getContentPage(db, 'en', 'logs/a-long-guide-to-bilingual-publishing', defaultSiteSettings);
    expect(guide?.showToc).toBe(true);
    expect(guide?.toc?.length).toBeGreaterThan(5);
    expect(guide?.translation).toEqual({ locale: 'fa', slug: 'logs/a-long-guide-to-bilingual-publishing' });
    expect(guide?.words).toBeGreaterThan(1400);
    expect((await getContentPage(db, 'en', 'logs/writing-in-markdown', defaultSiteSettings))?.showToc).toBe(false);
  });

  it('serves a page committed with plain git after a sync, with a new build id, and drops it once removed', async () => {
    const { db, commit, sync } = await siteWithSamples();
    const before = await latestContentBuild(db);

    commit(
      { 'content/en/logs/fresh.md': page('A fresh page', 'date: 2026-05-01\ncat: notes\n', '## First part\n\nHello.') },
      'Add a fresh page',
    );
    const added = await sync();
    expect(added).toMatchObject({ changed: true, added: ['en/logs/fresh'], updated: [], removed: [], unchanged: 14 });
    expect(added.buildId).not.toBe(before?.id);
    expect((await latestContentBuild(db))?.id).toBe(added.buildId);
    const fresh = await getContentPage(db, 'en', 'logs/fresh', defaultSiteSettings);
    expect(fresh).toMatchObject({ title: 'A fresh page', date: '2026-05-01', cat: 'notes', catListed: true });
    expect(fresh?.translation).toBeUndefined();
    expect((await listLogs(db, 'en')).items[0]?.slug).toBe('logs/fresh');
    expect((await listLogs(db, 'en', { cat: 'notes' })).items.map((p) => p.slug)).toContain('logs/fresh');

    // Nothing new: nothing is re-rendered and the id stays.
    const again = await sync();
    expect(again).toMatchObject({ changed: false, buildId: added.buildId, added: [], updated: [] });

    commit({ 'content/en/logs/fresh.md': null }, 'Remove it');
    const removed = await sync();
    expect(removed).toMatchObject({ changed: true, removed: ['en/logs/fresh'] });
    expect(await getContentPage(db, 'en', 'logs/fresh', defaultSiteSettings)).toBeUndefined();
    // Back to the same content as before: the same id as before.
    expect(removed.buildId).toBe(before?.id);
    expect((await latestContentBuild(db))?.id).toBe(before?.id);
  });

  it('re-renders only changed files', async () => {
    const { commit, sync } = await siteWithSamples();
    commit({ 'content/fa/about.md': page('درباره', '', 'متن تازه') }, 'Edit about');
    const result = await sync();
    expect(result).toMatchObject({ added: [], updated: ['fa/about'], removed: [], unchanged: 13, changed: true });
  });

  it('reports a malformed file and keeps serving the rest (and the last good version of that file)', async () => {
    const { db, commit, sync } = await siteWithSamples();
    commit(
      {
        'content/en/broken.md': '---\ntitle: [unclosed\n---\nText',
        'content/en/no-title.md': page('', 'date: 2026-01-01\n'),
        'content/en/about.md': '# no front matter at all',
        'content/en/logs.md': page('Clashes with the archive'),
        'content/de/page.md': page('German'),
      },
      'Break things',
    );
    const result = await sync();
    expect(result.problems).toEqual([
      { path: 'content/de/page.md', message: expect.stringContaining('not a page') },
      { path: 'content/en/about.md', message: expect.stringContaining('missing front matter') },
      { path: 'content/en/broken.md', message: expect.stringContaining('not valid YAML') },
      { path: 'content/en/logs.md', message: expect.stringContaining('reserved') },
      { path: 'content/en/no-title.md', message: expect.stringContaining('title must not be empty') },
    ]);
    expect(result.changed).toBe(false);
    expect((await getContentPage(db, 'en', 'about', defaultSiteSettings))?.title).toBe('About Daftar');
    expect(await getContentPage(db, 'en', 'broken', defaultSiteSettings)).toBeUndefined();
    expect((await getHome(db, 'en', defaultSiteSettings)).latest).toHaveLength(5);
    expect((await latestContentBuild(db))?.problems).toHaveLength(5);
  });

  it('hides drafts, and reads only what is committed', async () => {
    const { db, commit, sync, repoDir } = await siteWithSamples();
    commit({ 'content/en/logs/secret.md': page('Secret', 'date: 2026-06-01\ndraft: true\n') }, 'A draft');
    writeFiles(repoDir, { 'content/en/uncommitted.md': page('Not committed') });
    await sync();
    expect(await getContentPage(db, 'en', 'logs/secret', defaultSiteSettings)).toBeUndefined();
    expect((await listLogs(db, 'en')).items.map((p) => p.slug)).not.toContain('logs/secret');
    expect(await getContentPage(db, 'en', 'uncommitted', defaultSiteSettings)).toBeUndefined();
    writeFiles(repoDir, { 'content/en/uncommitted.md': null });
  });

  it('paginates the logs archive and refuses pages past the end', async () => {
    const { db, commit, sync } = await siteWithSamples();
    const extra: Record<string, string> = {};
    for (let i = 1; i <= 8; i++)
      extra[`content/fa/logs/extra-${i}.md`] = page(`یادداشت ${i}`, `date: 2025-01-${String(i).padStart(2, '0')}\n`);
    commit(extra, 'More logs');
    await sync();
    const first = await logsPage(db, 'fa', 1);
    const second = await logsPage(db, 'fa', 2);
    expect(first).toMatchObject({ total: 13, pageCount: 2 });
    expect(first?.items).toHaveLength(10);
    expect(second?.items.map((p) => p.slug)).toEqual(['logs/extra-3', 'logs/extra-2', 'logs/extra-1']);
    expect(await logsPage(db, 'fa', 3)).toBeUndefined();
    expect(await logsPage(db, 'fa', 0)).toBeUndefined();
  });
});
