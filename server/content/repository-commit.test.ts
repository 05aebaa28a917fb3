import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createLocalRepository } from '../../platforms/node/local-repository';
import { commitFiles, git, writeFiles } from '../../tests/support/content-repo';
import { startGithubStandIn } from '../../tests/support/github-stand-in';
import { imageBytes } from '../../tests/support/images';
import { gitBlobSha } from './git-blob';
import { createGithubRepository } from './github-repository';
import { RepositoryConflictError } from './repository';

/*
 * What publishing relies on from both adapters: a commit made only on the head it was checked
 * against, bytes stored ahead as blobs and committed by id, and (locally) a work tree kept in step
 * without overwriting anyone's uncommitted edit.
 */

const AUTHOR = { name: 'Editor', email: 'editor@daftar.invalid' };
const page = (title: string) => `---\ntitle: "${title}"\n---\n\nText.\n`;

async function local() {
  const dir = mkdtempSync(path.join(tmpdir(), 'daftar-repo-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const repository = createLocalRepository(dir);
  const push = async (files: Record<string, string>) => {
    await repository.head(); // creates the repository
    return commitFiles(dir, files, 'Pushed elsewhere');
  };
  return { repository, push, dir };
}

async function github() {
  const server = await startGithubStandIn();
  onTestFinished(() => server.close());
  const repository = createGithubRepository({ token: server.token, owner: server.owner, repo: server.repo, apiUrl: server.url });
  return { repository, push: (files: Record<string, string>) => server.push(files) };
}

describe.each([
  ['local', local],
  ['GitHub', github],
] as const)('%s repository: commits for publishing', (_name, make) => {
  it('commits on the expected head, and refuses once the branch moved on', async () => {
    const { repository, push } = await make();
    const first = await push({ 'content/en/a.md': page('A') });
    const ours = await repository.commit([{ path: 'content/en/b.md', content: page('B') }], 'Ours', AUTHOR, {
      expectedHead: first,
    });
    expect(await repository.head()).toBe(ours);
    await push({ 'content/en/c.md': page('C') });
    await expect(
      repository.commit([{ path: 'content/en/d.md', content: page('D') }], 'Late', AUTHOR, { expectedHead: ours }),
    ).rejects.toBeInstanceOf(RepositoryConflictError);
    expect((await repository.tree('content')).map((file) => file.path)).toEqual([
      'content/en/a.md',
      'content/en/b.md',
      'content/en/c.md',
    ]);
  });

  it('stores bytes as a blob first and commits them by id, unchanged', async () => {
    const { repository, push } = await make();
    await push({ 'content/en/a.md': page('A') });
    const bytes = imageBytes('png');
    const blob = await repository.writeBlob(bytes);
    expect(blob).toBe(await gitBlobSha(bytes));
    expect(await repository.readBlobBytes(blob)).toEqual(bytes);
    await repository.commit(
      [
        { path: 'media/2026/05/photo.png', blob },
        { path: 'content/en/a.md', content: null },
      ],
      'Media',
      AUTHOR,
    );
    expect(await repository.tree('media')).toEqual([{ path: 'media/2026/05/photo.png', sha: blob }]);
    expect(await repository.tree('content')).toEqual([]);
  });
});

describe('local repository: the work tree', () => {
  it('follows each commit, and a file edited there and not committed is never overwritten', async () => {
    const { repository, push, dir } = await local();
    await push({ 'content/en/a.md': page('A'), 'content/en/b.md': page('B') });
    // Something staged by hand is not swept into Daftar's commit.
    writeFiles(dir, { 'content/en/staged.md': page('Staged') });
    git(dir, 'add', 'content/en/staged.md');
    await repository.commit([{ path: 'content/en/a.md', content: page('A2') }], 'Edit A', AUTHOR);
    expect(git(dir, 'show', '--name-only', '--format=', 'HEAD').trim()).toBe('content/en/a.md');
    expect(git(dir, 'status', '--porcelain').trim()).toBe('A  content/en/staged.md');

    writeFiles(dir, { 'content/en/b.md': page('Half-written by hand') });
    await expect(repository.commit([{ path: 'content/en/b.md', content: page('B2') }], 'Edit B', AUTHOR)).rejects.toBeInstanceOf(
      RepositoryConflictError,
    );
    expect(git(dir, 'diff', 'content/en/b.md')).toContain('Half-written by hand');
    // The same bytes on disk as the commit writes are not in the way.
    writeFiles(dir, { 'content/en/b.md': page('B2') });
    await repository.commit([{ path: 'content/en/b.md', content: page('B2') }], 'Edit B', AUTHOR);
    git(dir, 'fsck', '--strict');
  });
});
