import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { defaultSiteSettings } from '../../common/site-settings';
import { createLocalRepository } from '../../platforms/node/local-repository';
import { json, testConfig } from '../../tests/support/config';
import { type GithubStandInOptions, startGithubStandIn } from '../../tests/support/github-stand-in';
import { createInstalledSite } from '../../tests/support/site';
import { getContentPage, getHome } from '../services/content';
import { latestContentBuild } from '../services/content-sync';
import { createGithubRepository, GithubRepositoryError, githubRepositoryFromConfig } from './github-repository';
import type { CommitAuthor, ContentRepository, FileChange } from './repository';
import { sampleContent } from './samples.generated';

const AUTHOR: CommitAuthor = { name: 'Daftar Editor', email: 'editor@daftar.invalid' };
const page = (title: string, body = 'Some text.') => `---\ntitle: "${title}"\n---\n\n${body}\n`;

async function standIn(options: GithubStandInOptions = {}) {
  const server = await startGithubStandIn(options);
  onTestFinished(() => server.close());
  const connect = (overrides: { token?: string; branch?: string; repo?: string } = {}) =>
    createGithubRepository({
      token: overrides.token ?? server.token,
      owner: server.owner,
      repo: overrides.repo ?? server.repo,
      branch: overrides.branch,
      apiUrl: server.url,
    });
  return { server, github: connect(), connect };
}

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'daftar-local-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const hasGit = spawnSync('git', ['--version']).status === 0;

describe('GitHub content repository, against a stand-in of the Git Data API', () => {
  it('sees an empty repository as having no commit and no files', async () => {
    const { github, server } = await standIn();
    expect(await github.head()).toBeUndefined();
    expect(await github.tree('content')).toEqual([]);
    expect(await github.listFiles('content')).toEqual([]);
    expect(await github.readFile('content/en/about.md')).toBeUndefined();
    expect(server.requests).toContain('GET /git/ref/heads/main');
  });

  it('makes the first commit of an empty repository one root commit with every file', async () => {
    const { github, server } = await standIn();
    const files: FileChange[] = [
      { path: 'content/en/about.md', content: page('About') },
      { path: 'content/fa/about.md', content: page('درباره', 'متن فارسی با نیم‌فاصله.') },
      { path: 'content/en/logs/hello.md', content: page('Hello') },
      { path: 'content/en/never-there.md', content: null },
    ];
    const sha = await github.commit(files, 'First content', AUTHOR);

    expect(await github.head()).toBe(sha);
    const log = await server.log();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ oid: sha, commit: { message: 'First content\n', parent: [], author: AUTHOR } });
    expect(await server.files()).toEqual({
      'content/en/about.md': page('About'),
      'content/en/logs/hello.md': page('Hello'),
      'content/fa/about.md': page('درباره', 'متن فارسی با نیم‌فاصله.'),
    });
    // GitHub lets the first commit in only through the contents API; it is then replaced, not kept.
    expect(server.requests).toContain('PUT /contents/content/en/about.md');
    expect(await server.branches()).toEqual(['main']);
    if (hasGit) {
      const out = execFileSync('git', ['--git-dir', server.gitdir, 'log', '--format=%H %P|%an <%ae>|%s', 'main'], {
        encoding: 'utf8',
      });
      expect(out.trim()).toBe(`${sha} |Daftar Editor <editor@daftar.invalid>|First content`);
    }
  });

  it('commits additions, changes and deletions as one commit on top of the last', async () => {
    const { github, server } = await standIn();
    const first = await server.push({
      'content/en/about.md': page('About'),
      'content/en/old/gone.md': page('Gone'),
      'content/en/stays.md': page('Stays'),
      'README.md': 'not content',
    });
    expect(await github.head()).toBe(first);

    const second = await github.commit(
      [
        { path: 'content/en/about.md', content: page('About, revised') },
        { path: 'content/en/old/gone.md', content: null },
        { path: 'content/fa/new.md', content: page('تازه') },
        { path: 'content/en/missing.md', content: null }, // not there: ignored, as locally
      ],
      'Edit pages',
      AUTHOR,
    );
    const log = await server.log();
    expect(log.map((entry) => entry.oid)).toEqual([second, first]);
    expect(log[0]?.commit.parent).toEqual([first]);
    expect(await server.files()).toEqual({
      'README.md': 'not content',
      'content/en/about.md': page('About, revised'),
      'content/en/stays.md': page('Stays'),
      'content/fa/new.md': page('تازه'),
    });
    expect(await github.listFiles('content')).toEqual(['content/en/about.md', 'content/en/stays.md', 'content/fa/new.md']);
    // The earlier commit still reads as it was.
    expect((await github.tree('content/en', first)).map((file) => file.path)).toEqual([
      'content/en/about.md',
      'content/en/old/gone.md',
      'content/en/stays.md',
    ]);
    if (hasGit) {
      const git = (...args: string[]) => execFileSync('git', ['--git-dir', server.gitdir, ...args], { encoding: 'utf8' });
      expect(git('log', '-1', '--no-renames', '--name-status', '--format=%s', 'main').split('\n').filter(Boolean)).toEqual([
        'Edit pages',
        'M\tcontent/en/about.md',
        'D\tcontent/en/old/gone.md',
        'A\tcontent/fa/new.md',
      ]);
      expect(git('fsck', '--strict')).toBe('');
    }
  });

  it('reads files, folders, trees and blobs exactly as the local adapter does', async () => {
    const { github } = await standIn();
    const local = createLocalRepository(tempDir());
    const both = async <T>(run: (repository: ContentRepository) => Promise<T>) => {
      const [fromGithub, fromLocal] = await Promise.all([run(github), run(local)]);
      expect(fromGithub).toEqual(fromLocal);
      return fromGithub;
    };
    const files = sampleContent.map((file) => ({ path: file.path, content: file.content }));
    const [firstGithub, firstLocal] = [
      await github.commit(files, 'Samples', AUTHOR),
      await local.commit(files, 'Samples', AUTHOR),
    ];
    const edits: FileChange[] = [
      { path: 'content/en/about.md', content: page('About, revised') },
      { path: 'content/fa/about.md', content: null },
      { path: 'content/en/deep/er/still.md', content: page('Deep') },
    ];
    await github.commit(edits, 'Edits', AUTHOR);
    await local.commit(edits, 'Edits', AUTHOR);

    const tree = await both((repository) => repository.tree('content'));
    expect(tree.length).toBe(sampleContent.length); // one added, one removed
    expect(tree.map((file) => file.path)).toContain('content/en/deep/er/still.md');
    await both((repository) => repository.tree('content/en/'));
    await both((repository) => repository.tree('content/de'));
    await both((repository) => repository.tree('content/en/about.md'));
    await both((repository) => repository.listFiles('content'));
    await both((repository) => repository.listFiles('content/nope'));
    for (const file of [
      'content/en/about.md',
      'content/fa/about.md',
      'content/fa/index.md',
      'content/en',
      'content/x.md',
      '../etc/passwd',
    ])
      await both((repository) => repository.readFile(file));
    for (const file of tree) await both((repository) => repository.readBlob(file.sha));
    // Same content, same git blob ids; an earlier commit reads the same in both.
    expect(await github.tree('content', firstGithub)).toEqual(await local.tree('content', firstLocal));
    for (const bad of ['', '/abs', 'content/../x', 'content/.git/config'])
      for (const repository of [github, local]) await expect(repository.listFiles(bad)).rejects.toThrow(/Refusing path/);
  });

  it('starts a branch that does not exist yet in a repository that has others', async () => {
    const { server, connect } = await standIn();
    const main = await server.push({ 'README.md': 'main branch' });
    const drafts = connect({ branch: 'drafts/content' });
    expect(await drafts.head()).toBeUndefined();
    const sha = await drafts.commit([{ path: 'content/en/a.md', content: page('A') }], 'Start drafts', AUTHOR);
    expect(server.requests).toContain('POST /git/refs');
    expect((await server.log('drafts/content')).map((entry) => entry.commit.parent)).toEqual([[]]);
    expect(await server.files('drafts/content')).toEqual({ 'content/en/a.md': page('A') });
    expect((await server.log()).map((entry) => entry.oid)).toEqual([main]);
    expect(await drafts.head()).toBe(sha);
  });

  it('never overwrites a commit pushed by someone else while it was committing', async () => {
    const { github, server } = await standIn();
    await server.push({ 'content/en/a.md': page('A') });
    // Someone else pushes between our commit object and our branch update.
    server.before('PATCH /git/refs/heads/main', async () => {
      await server.push({ 'content/en/theirs.md': page('Theirs') }, 'Their change');
    });
    await expect(github.commit([{ path: 'content/en/ours.md', content: page('Ours') }], 'Our change', AUTHOR)).rejects.toThrow(
      /daftar-test\/content.*HTTP 422.*branch main changed while committing/,
    );
    expect((await server.log()).map((entry) => entry.commit.message)).toEqual(['Their change\n', 'Pushed elsewhere\n']);
    expect(Object.keys(await server.files())).toEqual(['content/en/a.md', 'content/en/theirs.md']);
  });

  it('reads every file when GitHub truncates a large recursive tree listing', async () => {
    const { github, server } = await standIn({ truncateTreesOver: 3 });
    const files = Object.fromEntries(
      ['en/a.md', 'en/b.md', 'en/logs/c.md', 'en/logs/d.md', 'fa/e.md', 'fa/deep/f.md'].map((file) => [
        `content/${file}`,
        page(file),
      ]),
    );
    await server.push(files);
    const tree = await github.tree('content');
    expect(tree.map((file) => file.path)).toEqual(Object.keys(files).sort());
    expect(await github.readBlob(tree[5]!.sha)).toBe(page('fa/e.md'));
  });

  it('fails with the repository, the step and the HTTP status named', async () => {
    const { server, connect } = await standIn({ readOnlyToken: 'read-only-token' });
    await server.push({ 'content/en/a.md': page('A') });

    const refused = connect({ token: 'wrong-token' }).head();
    await expect(refused).rejects.toBeInstanceOf(GithubRepositoryError);
    await expect(refused).rejects.toThrow(
      'GitHub repository daftar-test/content: reading branch main failed with HTTP 401: the token was refused; check GITHUB_TOKEN',
    );
    await expect(connect({ repo: 'elsewhere' }).head()).rejects.toThrow(
      /daftar-test\/elsewhere: reading the repository failed with HTTP 404: not found; check GITHUB_OWNER and GITHUB_REPO/,
    );
    await expect(connect({ repo: 'elsewhere' }).tree('content')).rejects.toMatchObject({ status: 404 });
    const readOnly = connect({ token: 'read-only-token' });
    expect(await readOnly.readFile('content/en/a.md')).toBe(page('A'));
    await expect(readOnly.commit([{ path: 'content/en/b.md', content: 'b' }], 'B', AUTHOR)).rejects.toThrow(
      /daftar-test\/content: writing content\/en\/b\.md failed with HTTP 403: access denied; the token needs read and write access/,
    );
    expect((await server.log()).length).toBe(1);
  });

  it('says plainly when the API cannot be reached', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const github = createGithubRepository({ token: 't', owner: 'o', repo: 'r', apiUrl: `http://127.0.0.1:${port}/` });
    await expect(github.head()).rejects.toThrow(
      `GitHub repository o/r: reading branch main failed: http://127.0.0.1:${port} could not be reached`,
    );
  });

  it('is the content repository when token, owner and repository are configured', () => {
    const config = testConfig({ GITHUB_TOKEN: 't', GITHUB_OWNER: 'someone', GITHUB_REPO: 'notes', GITHUB_BRANCH: 'site' });
    expect(githubRepositoryFromConfig(config)).toMatchObject({
      kind: 'github',
      location: 'https://github.com/someone/notes/tree/site',
    });
    expect(githubRepositoryFromConfig(testConfig({ GITHUB_OWNER: 'someone', GITHUB_REPO: 'notes' }))).toBeUndefined();
  });
});

describe('an installed site whose content lives on GitHub', () => {
  it('commits the sample content to the repository, indexes it, and publishes a page pushed there later', async () => {
    const { server } = await standIn();
    const SITE = 'https://daftar.example';
    const { app, deps, cookies } = await createInstalledSite({ ...server.env, SITE_URL: SITE });
    const { db } = deps;
    expect(deps.contentRepository?.kind).toBe('github');

    // The installer's default data: one commit with every sample file, then a sync.
    const log = await server.log();
    expect(log.map((entry) => entry.commit.message)).toEqual(['Sample content from the Daftar installer\n']);
    expect(Object.keys(await server.files()).sort()).toEqual(sampleContent.map((file) => file.path).sort());
    const build = await latestContentBuild(db);
    expect(build).toMatchObject({ pageCount: sampleContent.length, commitSha: log[0]?.oid, problems: [] });
    expect((await getHome(db, 'fa', defaultSiteSettings)).page?.title).toBe('دفتر');
    const sitemap = async () => (await app.request('/en/sitemap.xml')).text();
    expect(await sitemap()).toContain(`<loc>${SITE}/en/about</loc>`);

    // Someone commits on GitHub; a sync publishes it.
    await server.push({ 'content/en/logs/from-github.md': '---\ntitle: "From GitHub"\ndate: 2026-07-02\n---\n\nHi.\n' });
    const sync = await app.request('/api/content/sync', { method: 'POST', headers: { cookie: cookies.editor } });
    expect(sync.status).toBe(200);
    expect(await json(sync)).toMatchObject({ changed: true, added: ['en/logs/from-github'], unchanged: sampleContent.length });
    expect((await getContentPage(db, 'en', 'logs/from-github', defaultSiteSettings))?.title).toBe('From GitHub');
    expect(await sitemap()).toContain(`<loc>${SITE}/en/logs/from-github</loc>`);
    expect((await json(await app.request('/builds/latest.json'))).id).not.toBe(build?.id);
  });
});
