import { describe, expect, it, onTestFinished } from 'vitest';
import type { TranslationStatus } from '../../common/authoring';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { git, writeFiles } from '../../tests/support/content-repo';
import { createTestDatabase } from '../../tests/support/database';
import { startGithubStandIn } from '../../tests/support/github-stand-in';
import { createGithubRepository } from '../content/github-repository';
import { pages } from '../db/schema';
import { siteFacts } from './analytics';
import { syncContent } from './content-sync';
import { listPages } from './pages';
import { translationStatus } from './translations';

/*
 * Issue 25 part 5: a translation is out of date when its source (the pair's Persian page) was
 * changed by a later commit than the translation. The sync records each file's last commit; the
 * list, the overview and the editor's diff read it.
 */

const FA = 'content/fa/trip.md';
const EN = 'content/en/trip.md';
const fa = (line: string) => `---\ntitle: "سفر"\n---\n\nمتن.\n\n${line}\n`;
const en = (line: string) => `---\ntitle: "Trip"\n---\n\nText.\n\n${line}\n`;

/** A commit by plain git at a given time (git keeps seconds: tests must not rely on the clock's). */
function commitAt(dir: string, iso: string, files: Record<string, string | null>, message = 'Commit') {
  writeFiles(dir, files);
  git(dir, 'add', '-A', '--', ...Object.keys(files));
  const env = { ...process.env };
  process.env.GIT_AUTHOR_DATE = iso;
  process.env.GIT_COMMITTER_DATE = iso;
  try {
    git(dir, 'commit', '-qm', message);
  } finally {
    process.env = env;
  }
  return git(dir, 'rev-parse', 'HEAD').trim();
}

async function site() {
  const s = await createAuthoringSite();
  const dir = s.deps.contentRepository!.location;
  const sync = () => syncContent(s.deps.db, s.deps.contentRepository!);
  const outdatedIn = async (locale: 'fa' | 'en') =>
    (await listPages(s.deps, { locale, query: 'trip' })).items.map((item): [string, string | null | undefined] => [
      item.path,
      item.outdated,
    ]);
  return { ...s, dir, sync, outdatedIn };
}

describe('outdated translations (issue 25 part 5)', () => {
  it('a source commit after the translation marks it, with the time; a later translation commit clears it', async () => {
    const s = await site();
    const first = commitAt(s.dir, '2026-03-01T10:00:00Z', { [FA]: fa('One.'), [EN]: en('One.') }, 'Both');
    await s.sync();
    expect(await s.outdatedIn('en')).toEqual([['trip', null]]);
    const row = await s.deps.db.select().from(pages).all();
    expect(row.find((r) => r.sourcePath === EN)).toMatchObject({
      lastCommit: first,
      lastCommitAt: new Date('2026-03-01T10:00:00Z'),
    });

    commitAt(s.dir, '2026-03-05T08:30:00Z', { [FA]: fa('Two, a new paragraph.') }, 'Source changes');
    await s.sync();
    expect(await s.outdatedIn('en')).toEqual([['trip', '2026-03-05T08:30:00.000Z']]);
    // The source itself is never the outdated one.
    expect(await s.outdatedIn('fa')).toEqual([['trip', null]]);
    expect((await siteFacts(s.deps.db)).outdatedTranslations).toBe(1);
    expect((await listPages(s.deps, { locale: 'en', outdated: true })).items.map((item) => item.path)).toEqual(['trip']);

    // The editor's diff: the source at the translation's last commit against the source now.
    const status = await translationStatus(s.deps, { locale: 'en', path: 'trip' });
    expect(status.outdated).toMatchObject({
      source: { locale: 'fa', path: 'trip' },
      changedAt: '2026-03-05T08:30:00.000Z',
      since: '2026-03-01T10:00:00.000Z',
      sinceCommit: first,
      sourceExisted: true,
    });
    expect(status.outdated?.diff).toContain('-One.');
    expect(status.outdated?.diff).toContain('+Two, a new paragraph.');
    // Over HTTP, for anyone who reads the dashboard; the source page has no status.
    const api = client(s);
    expect(((await json(await api.get('/api/translations/en/trip'))) as TranslationStatus).outdated?.changedAt).toBe(
      '2026-03-05T08:30:00.000Z',
    );
    expect(await json(await api.get('/api/translations/fa/trip'))).toEqual({ outdated: null });

    commitAt(s.dir, '2026-03-06T09:00:00Z', { [EN]: en('Two, translated.') }, 'Translation catches up');
    await s.sync();
    expect(await s.outdatedIn('en')).toEqual([['trip', null]]);
    expect((await siteFacts(s.deps.db)).outdatedTranslations).toBe(0);
    expect((await translationStatus(s.deps, { locale: 'en', path: 'trip' })).outdated).toBeNull();
  });

  it('pages without a pair are never outdated; a pair paired by translationKey at other addresses is', async () => {
    const s = await site();
    commitAt(s.dir, '2026-03-01T10:00:00Z', {
      'content/en/trip-alone.md': en('Alone.'),
      'content/en/trip-keyed.md': `---\ntitle: "Trip keyed"\ntranslationKey: trip-fa\n---\n\nText.\n`,
      'content/fa/trip-fa.md': fa('Keyed.'),
    });
    commitAt(s.dir, '2026-03-02T10:00:00Z', { 'content/fa/trip-lonely.md': fa('Lonely.') });
    commitAt(s.dir, '2026-03-03T10:00:00Z', { 'content/fa/trip-fa.md': fa('Keyed, changed.') });
    await s.sync();
    expect(new Map(await s.outdatedIn('en'))).toEqual(
      new Map([
        ['trip-alone', null],
        ['trip-keyed', '2026-03-03T10:00:00.000Z'],
      ]),
    );
    expect((await s.outdatedIn('fa')).every(([, outdated]) => outdated === null)).toBe(true);
    expect((await siteFacts(s.deps.db)).outdatedTranslations).toBe(1);
    expect((await translationStatus(s.deps, { locale: 'en', path: 'trip-alone' })).outdated).toBeNull();
  });

  it('a moved page keeps its history: a move alone neither marks nor clears', async () => {
    const s = await site();
    // The translation names its key, so a plain `git mv` keeps its bytes and its pair.
    const keyed = en('One.').replace('title: "Trip"', 'title: "Trip"\ntranslationKey: trip');
    commitAt(s.dir, '2026-03-01T10:00:00Z', { [FA]: fa('One.'), [EN]: keyed });
    commitAt(s.dir, '2026-03-02T10:00:00Z', { [FA]: fa('Two.') }, 'Source changes');
    await s.sync();
    expect(await s.outdatedIn('en')).toEqual([['trip', '2026-03-02T10:00:00.000Z']]);

    // The translation moved with plain git (the same bytes): still outdated.
    const moved = keyed;
    commitAt(s.dir, '2026-03-03T10:00:00Z', { [EN]: null, 'content/en/trip-moved.md': moved }, 'Move');
    await s.sync();
    expect(await s.outdatedIn('en')).toEqual([['trip-moved', '2026-03-02T10:00:00.000Z']]);

    // The translation catches up, then the source moves in the dashboard (which writes the old
    // address as its key, so its bytes change): the translation stays up to date.
    commitAt(s.dir, '2026-03-04T10:00:00Z', { 'content/en/trip-moved.md': moved.replace('One.', 'Two.') });
    await s.sync();
    expect(await s.outdatedIn('en')).toEqual([['trip-moved', null]]);
    const api = client(s);
    expect((await api.post('/api/pages/fa/trip/move', { to: 'fa/trip-away' })).status).toBe(200);
    expect((await api.post('/api/builds/publish', { title: 'Move' })).status).toBe(200);
    const away = await s.deps.db.select().from(pages).all();
    expect(away.find((r) => r.sourcePath === 'content/fa/trip-away.md')?.lastCommitAt).toEqual(new Date('2026-03-02T10:00:00Z'));
    expect(await s.outdatedIn('en')).toEqual([['trip-moved', null]]);

    // A real change of the source in the dashboard (a publish: its commit's time, now) marks it again.
    const page = await json(await api.get('/api/pages/fa/trip-away'));
    const saved = await api.put('/api/pages/fa/trip-away', { ...page, body: `${page.body}\nسه.\n` });
    expect(saved.status).toBe(200);
    expect((await api.post('/api/builds/publish', { title: 'Three' })).status).toBe(200);
    const [[, since]] = (await s.outdatedIn('en')) as [[string, string]];
    expect(Date.parse(since)).toBeGreaterThan(Date.parse('2026-03-04T10:00:00Z'));
    const status = await translationStatus(s.deps, { locale: 'en', path: 'trip-moved' });
    // The source was at another address when the translation last changed: the diff follows the
    // move back to it (D10) and holds what changed since, not the whole file as new.
    expect(status.outdated).toMatchObject({ source: { locale: 'fa', path: 'trip-away' }, sourceExisted: true });
    const diff = status.outdated!.diff!;
    expect(diff).toContain('--- a/content/fa/trip.md');
    expect(diff).not.toContain('/dev/null');
    const changed = diff.split('\n').filter((line) => /^[+-][^+-]/.test(line));
    // The move wrote the old address as the key; the publish added a paragraph. Nothing else.
    expect(changed).toEqual(['+translationKey: trip', '+سه.']);
  });

  it('refuses hostile page paths and readers without the dashboard', async () => {
    const s = await site();
    const api = client(s);
    for (const path of [
      '/api/translations/en/..%2F..%2Fetc%2Fpasswd',
      '/api/translations/en/a%00b',
      '/api/translations/en/.git/config',
    ])
      expect((await api.get(path)).status).toBe(400);
    expect((await api.get('/api/translations/de/trip')).status).toBe(404);
    expect((await client(s, 'member').get('/api/translations/en/trip')).status).toBe(403);
    expect((await s.app.request('/api/translations/en/trip')).status).toBe(401);
  });

  it('GitHub mode records the same last changes (one GraphQL request per 100 files)', async () => {
    const server = await startGithubStandIn();
    onTestFinished(() => server.close());
    await server.push({ [FA]: fa('One.'), [EN]: en('One.') }, 'Both');
    const repository = createGithubRepository({
      token: server.token,
      owner: server.owner,
      repo: server.repo,
      apiUrl: server.url,
    });
    const { db } = await createTestDatabase();
    await syncContent(db, repository);
    const [log] = await server.log();
    const rows = await db.select().from(pages).all();
    expect(rows.map((row) => row.lastCommit)).toEqual([log!.oid, log!.oid]);
    expect(rows[0]!.lastCommitAt?.getTime()).toBe(log!.commit.committer.timestamp * 1000);
    // Hostile file names go as GraphQL variables, never into the query.
    expect(await repository.lastChanges!(['content/en/a") { x } b: history(first: 1, path: "c.md'], log!.oid)).toEqual(new Map());
  });
});
