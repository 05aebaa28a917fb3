import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDeps } from '../../tests/support/deps';
import { runMigrations } from '../db/migrate';
import { getContentPage, getHome, listLogs, logsPage } from './content';
import { latestContentBuild, syncContent } from './content-sync';
import { loadDefaultData } from './installer';

/** A site with the sample content committed and indexed, and plain `git` in its repository. */
async function siteWithSamples() {
  const { deps, db, dir } = await createTestDeps();
  await runMigrations(db);
  await loadDefaultData(deps);
  const repoDir = path.join(dir, 'repo');
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Tester', '-c', 'user.email=t@example.com', ...args], {
      cwd: repoDir,
      encoding: 'utf8',
    });
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(repoDir, file)), { recursive: true });
    writeFileSync(path.join(repoDir, file), content);
  };
  const sync = () => syncContent(db, deps.contentRepository!);
  return { deps, db, git, write, sync, repoDir };
}

const page = (title: string, extra = '', body = 'Some text.') => `---\ntitle: "${title}"\n${extra}---\n\n${body}\n`;

describe('content sync', () => {
  it('indexes the sample content when the installer loads the default data', async () => {
    const { db } = await siteWithSamples();
    const build = await latestContentBuild(db);
    expect(build?.pageCount).toBe(14);
    expect(build?.problems).toEqual([]);
    const home = await getHome(db, 'fa');
    expect(home.page?.title).toBe('دفتر');
    expect(home.latest.map((p) => p.slug)).toEqual([
      'logs/a-long-guide-to-bilingual-publishing',
      'logs/writing-in-markdown',
      'logs/building-this-site',
      'logs/reading-list',
      'logs/welcome-to-daftar',
    ]);
    const guide = await getContentPage(db, 'en', 'logs/a-long-guide-to-bilingual-publishing');
    expect(guide?.showToc).toBe(true);
    expect(guide?.toc?.length).toBeGreaterThan(5);
    expect(guide?.translation).toEqual({ locale: 'fa', slug: 'logs/a-long-guide-to-bilingual-publishing' });
    expect(guide?.words).toBeGreaterThan(1400);
    expect((await getContentPage(db, 'en', 'logs/writing-in-markdown'))?.showToc).toBe(false);
  });

  it('serves a page committed with plain git after a sync, with a new build id, and drops it once removed', async () => {
    const { db, git, write, sync } = await siteWithSamples();
    const before = await latestContentBuild(db);

    write('content/en/logs/fresh.md', page('A fresh page', 'date: 2026-05-01\ncat: notes\n', '## First part\n\nHello.'));
    git('add', '.');
    git('commit', '-m', 'Add a fresh page');
    const added = await sync();
    expect(added).toMatchObject({ changed: true, added: ['en/logs/fresh'], updated: [], removed: [], unchanged: 14 });
    expect(added.buildId).not.toBe(before?.id);
    expect((await latestContentBuild(db))?.id).toBe(added.buildId);
    const fresh = await getContentPage(db, 'en', 'logs/fresh');
    expect(fresh).toMatchObject({ title: 'A fresh page', date: '2026-05-01', cat: 'notes', catListed: true });
    expect(fresh?.translation).toBeUndefined();
    expect((await listLogs(db, 'en')).items[0]?.slug).toBe('logs/fresh');
    expect((await listLogs(db, 'en', { cat: 'notes' })).items.map((p) => p.slug)).toContain('logs/fresh');

    // Nothing new: nothing is re-rendered and the id stays.
    const again = await sync();
    expect(again).toMatchObject({ changed: false, buildId: added.buildId, added: [], updated: [] });

    git('rm', '-q', 'content/en/logs/fresh.md');
    git('commit', '-m', 'Remove it');
    const removed = await sync();
    expect(removed).toMatchObject({ changed: true, removed: ['en/logs/fresh'] });
    expect(await getContentPage(db, 'en', 'logs/fresh')).toBeUndefined();
    // Back to the same content as before: the same id as before.
    expect(removed.buildId).toBe(before?.id);
    expect((await latestContentBuild(db))?.id).toBe(before?.id);
  });

  it('re-renders only changed files', async () => {
    const { git, write, sync } = await siteWithSamples();
    write('content/fa/about.md', page('درباره', '', 'متن تازه'));
    git('commit', '-qam', 'Edit about');
    const result = await sync();
    expect(result).toMatchObject({ added: [], updated: ['fa/about'], removed: [], unchanged: 13, changed: true });
  });

  it('reports a malformed file and keeps serving the rest (and the last good version of that file)', async () => {
    const { db, git, write, sync } = await siteWithSamples();
    write('content/en/broken.md', '---\ntitle: [unclosed\n---\nText');
    write('content/en/no-title.md', page('', 'date: 2026-01-01\n'));
    write('content/en/about.md', '# no front matter at all');
    write('content/en/logs.md', page('Clashes with the archive'));
    write('content/de/page.md', page('German'));
    git('add', '.');
    git('commit', '-qm', 'Break things');
    const result = await sync();
    expect(result.problems).toEqual([
      { path: 'content/de/page.md', message: expect.stringContaining('not a page') },
      { path: 'content/en/about.md', message: expect.stringContaining('missing front matter') },
      { path: 'content/en/broken.md', message: expect.stringContaining('not valid YAML') },
      { path: 'content/en/logs.md', message: expect.stringContaining('reserved') },
      { path: 'content/en/no-title.md', message: expect.stringContaining('title must not be empty') },
    ]);
    expect(result.changed).toBe(false);
    expect((await getContentPage(db, 'en', 'about'))?.title).toBe('About Daftar');
    expect(await getContentPage(db, 'en', 'broken')).toBeUndefined();
    expect((await getHome(db, 'en')).latest).toHaveLength(5);
    expect((await latestContentBuild(db))?.problems).toHaveLength(5);
  });

  it('hides drafts, and reads only what is committed', async () => {
    const { db, git, write, sync, repoDir } = await siteWithSamples();
    write('content/en/logs/secret.md', page('Secret', 'date: 2026-06-01\ndraft: true\n'));
    git('add', '.');
    git('commit', '-qm', 'A draft');
    write('content/en/uncommitted.md', page('Not committed'));
    await sync();
    expect(await getContentPage(db, 'en', 'logs/secret')).toBeUndefined();
    expect((await listLogs(db, 'en')).items.map((p) => p.slug)).not.toContain('logs/secret');
    expect(await getContentPage(db, 'en', 'uncommitted')).toBeUndefined();
    rmSync(path.join(repoDir, 'content/en/uncommitted.md'));
  });

  it('paginates the logs archive and refuses pages past the end', async () => {
    const { db, git, write, sync } = await siteWithSamples();
    for (let i = 1; i <= 8; i++)
      write(`content/fa/logs/extra-${i}.md`, page(`یادداشت ${i}`, `date: 2025-01-${String(i).padStart(2, '0')}\n`));
    git('add', '.');
    git('commit', '-qm', 'More logs');
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
