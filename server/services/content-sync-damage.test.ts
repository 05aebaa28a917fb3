import { rmSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { client, createAuthoringSite, hello } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { commitFiles, git } from '../../tests/support/content-repo';
import { RepositoryDamagedError } from '../content/repository';
import { builds, pages } from '../db/schema';
import { latestContentBuild, syncContent } from './content-sync';
import { contentSyncState, latestContentSync, recordedSync } from './content-sync-runner';

/*
 * A damaged content repository (issue 35 F-4: a truncated tree was read as "no pages", and a forced
 * re-index then removed every page) is reported as damaged — the object, the file, restore from a
 * backup — by the sync (recorded for the builds screen), the page API, publishing and the editor,
 * and nothing is removed or changed.
 */

const loose = (repo: string, oid: string) => path.join(repo, '.git', 'objects', oid.slice(0, 2), oid.slice(2));
const noReportText = /please report|isomorphic-git/i;

async function damagedSite() {
  const site = await createAuthoringSite();
  const { db } = site.deps;
  const repo = site.deps.contentRepository!.location;
  const indexed = await db.$count(pages);
  const build = (await latestContentBuild(db))!.id;
  const kept = async () => ({ pages: await db.$count(pages), build: (await latestContentBuild(db))?.id });
  // The log gets the damage (server/http/errors.ts); the test reads it instead of failing on it.
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  return { site, db, repo, indexed, build, kept, logged };
}

describe('a damaged content repository is reported, never read as "no pages" (node, local repository)', () => {
  it('a page blob cut short: the page API and the editor say which file, a forced re-index fails and removes nothing', async () => {
    const { site, db, repo, indexed, build, kept, logged } = await damagedSite();
    const blob = git(repo, 'rev-parse', 'HEAD:content/en/about.md').trim();
    truncateSync(loose(repo, blob), 20);

    const en = await client(site, 'editor', 'en').get('/api/pages/en/about');
    expect(en.status).toBe(500);
    expect((await json(en)).message).toBe(
      `The content repository is damaged: content/en/about.md (object ${blob}) cannot be read. Nothing was changed; restore the repository from a backup`,
    );
    const fa = await client(site, 'editor', 'fa').get('/api/pages/en/about');
    expect((await json(fa)).message).toBe(
      `مخزن محتوا آسیب دیده است: content/en/about.md (شیء ${blob}) خوانده نمی‌شود. چیزی تغییر نکرد؛ مخزن را از پشتیبان بازگردانید`,
    );
    expect(logged.mock.calls.flat().join('\n')).toContain(`object ${blob} (content/en/about.md) cannot be read`);

    // The editor's loader shows the same error as its error page: app/lib/repository-damage.server.test.ts.

    // A forced re-index reads every page: it stops at the damaged one, and nothing is removed.
    const forced = await client(site, 'editor', 'en').post('/api/content/sync?force=1');
    expect(forced.status).toBe(500);
    const answer = await json(forced);
    expect(answer.message).toContain(`content/en/about.md (object ${blob}) cannot be read`);
    expect(answer.message).not.toMatch(noReportText);
    expect(await kept()).toEqual({ pages: indexed, build });
    const state = (await json(await client(site).get('/api/content/sync'))).sync;
    expect(state).toMatchObject({ status: 'failed', damage: { object: blob, file: 'content/en/about.md' }, refusal: null });
    expect(state.error).toMatch(/Restore the repository from a backup/);
    expect(state.retryAt).toBeNull();
    // The public page is still served from the index.
    expect((await site.app.request('/en/about')).status).toBe(200);
    expect(await db.$count(pages)).toBe(indexed);
  });

  it('a new commit whose root tree is cut short: not "no pages" — refused as damage with and without force, and a publish says so', async () => {
    const { site, db, repo, indexed, build, kept } = await damagedSite();
    commitFiles(repo, { 'content/en/notes/plain.md': '---\ntitle: Plain\n---\n\nText.\n' }, 'A commit made with plain git');
    const tree = git(repo, 'rev-parse', 'HEAD^{tree}').trim();
    truncateSync(loose(repo, tree), 10);
    const repository = site.deps.contentRepository!;

    for (const force of [false, true]) {
      const error = await recordedSync(db, repository, { force }).catch((e: unknown) => e);
      expect(error, `force ${force}`).toBeInstanceOf(RepositoryDamagedError);
      expect(error).toMatchObject({ object: tree, file: '/' });
      expect(await kept()).toEqual({ pages: indexed, build });
      expect(contentSyncState((await latestContentSync(db))!)).toMatchObject({
        status: 'failed',
        damage: { object: tree, file: '/' },
        refusal: null,
      });
    }
    await expect(syncContent(db, repository, { force: true })).rejects.toBeInstanceOf(RepositoryDamagedError);

    // Publishing reads the head's tree to commit on it: the same answer, and the build keeps its changes.
    const editor = client(site, 'editor', 'en');
    expect((await editor.put('/api/pages/en/hello', hello)).status).toBe(200);
    const published = await editor.post('/api/builds/publish');
    expect(published.status).toBe(500);
    const message = (await json(published)).message as string;
    expect(message).toMatch(
      new RegExp(`^The content repository is damaged: .*object ${tree}|^The content repository is damaged`),
    );
    expect(message).not.toMatch(noReportText);
    expect((await db.select({ status: builds.status }).from(builds).all()).map((row) => row.status)).toContain('open');
    expect(await kept()).toEqual({ pages: indexed, build });
  });

  it('an object gone from the repository is damage too, and a re-index after the restore works', async () => {
    const { site, db, repo, indexed } = await damagedSite();
    commitFiles(repo, { 'content/en/notes/plain.md': '---\ntitle: Plain\n---\n\nText.\n' }, 'A commit made with plain git');
    const blob = git(repo, 'rev-parse', 'HEAD:content/en/notes/plain.md').trim();
    const saved = loose(repo, blob);
    const bytes = (await import('node:fs')).readFileSync(saved);
    rmSync(saved);
    const repository = site.deps.contentRepository!;
    await expect(recordedSync(db, repository)).rejects.toMatchObject({ object: blob, file: 'content/en/notes/plain.md' });
    expect(await db.$count(pages)).toBe(indexed);
    // "Restore from a backup": the object is back, the same sync goes through.
    (await import('node:fs')).writeFileSync(saved, bytes);
    const result = await recordedSync(db, repository);
    expect(result.added).toEqual(['en/notes/plain']);
  });
});
