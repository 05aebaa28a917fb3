import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { RepositoryDamagedError } from '../../server/content/repository';
import { commitFiles, git } from '../../tests/support/content-repo';
import { createGitObjects, GitObjectMissing } from './git-objects';
import { createLocalRepository } from './local-repository';

/*
 * The local repository's own object reader (platforms/node/git-objects.ts): every object it reads,
 * loose or packed (deltas against deltas), is what plain git reads; damage — a loose object cut
 * short, a pack entry changed, a pack cut short, an object gone — is an error naming the object,
 * never an empty tree or a missing file.
 */

function repository() {
  const dir = mkdtempSync(path.join(tmpdir(), 'daftar-git-objects-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  git(dir, 'init', '-q', '-b', 'main');
  // Similar pages over several commits, so that git gc stores most of them as deltas.
  const paragraph = (i: number) => `Paragraph ${i}: ${'a page about rivers and mountains, '.repeat(20)}\n\n`;
  for (let round = 0; round < 4; round++) {
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++)
      files[`content/en/logs/page-${i}.md`] =
        `---\ntitle: Page ${i}\n---\n\n${Array.from({ length: 8 + round }, (_, n) => paragraph(n + i)).join('')}`;
    files['media/bytes.bin'] = String.fromCharCode(...Array.from({ length: 600 }, (_, n) => (n * 7 + round) % 256));
    commitFiles(dir, files, `Round ${round}`);
  }
  return dir;
}

/** Every object of the repository with its type and bytes, as plain git reads them (one `git cat-file --batch`). */
function allObjects(dir: string) {
  const ids = [
    ...new Set(
      git(dir, 'rev-list', '--objects', '--all')
        .split('\n')
        .filter(Boolean)
        .map((line) => line.slice(0, 40)),
    ),
  ];
  const out = execFileSync('git', ['cat-file', '--batch'], { cwd: dir, input: `${ids.join('\n')}\n`, maxBuffer: 1 << 26 });
  const objects: { oid: string; type: string; body: Buffer }[] = [];
  for (let at = 0; at < out.length; ) {
    const eol = out.indexOf(0x0a, at);
    const [oid, type, size] = out.toString('latin1', at, eol).split(' ') as [string, string, string];
    objects.push({ oid, type, body: out.subarray(eol + 1, eol + 1 + Number(size)) });
    at = eol + 1 + Number(size) + 1;
  }
  return objects;
}

describe('git objects read without isomorphic-git', () => {
  it('reads every object as plain git does, loose and then packed with deltas', async () => {
    const dir = repository();
    const objects = allObjects(dir);
    expect(objects.length).toBeGreaterThan(60);
    for (const stage of ['loose', 'packed']) {
      if (stage === 'packed') {
        git(dir, 'gc', '-q', '--aggressive');
        expect(readdirSync(path.join(dir, '.git', 'objects', 'pack')).filter((f) => f.endsWith('.pack'))).toHaveLength(1);
        // Deltas are really there: git says how many of the pack's objects are stored as one.
        const verify = git(
          dir,
          'verify-pack',
          '-v',
          ...readdirSync(path.join(dir, '.git', 'objects', 'pack'))
            .filter((f) => f.endsWith('.idx'))
            .map((f) => path.join(dir, '.git', 'objects', 'pack', f)),
        );
        expect(verify).toMatch(/chain length = [2-9]/);
      }
      const reader = createGitObjects(path.join(dir, '.git'));
      onTestFinished(() => reader.close());
      for (const { oid, type, body } of objects) {
        const read = await reader.read(oid);
        expect(read.type, `${stage} ${oid}`).toBe(type);
        expect(Buffer.compare(read.body, body), `${stage} ${oid}`).toBe(0);
      }
      await expect(reader.read('0'.repeat(40))).rejects.toBeInstanceOf(GitObjectMissing);
    }
  }, 120_000);

  it('a loose object cut short, changed, or gone is damage naming it; the tree is never read as empty', async () => {
    const dir = repository();
    const repo = createLocalRepository(dir);
    const logs = git(dir, 'rev-parse', 'HEAD:content/en/logs').trim();
    const page = git(dir, 'rev-parse', 'HEAD:content/en/logs/page-3.md').trim();
    const other = git(dir, 'rev-parse', 'HEAD:content/en/logs/page-4.md').trim();
    const head = git(dir, 'rev-parse', 'HEAD').trim();
    const looseFile = (oid: string) => path.join(dir, '.git', 'objects', oid.slice(0, 2), oid.slice(2));
    const before = await repo.tree('content');
    expect(before).toHaveLength(12);

    truncateSync(looseFile(logs), 10);
    const cut = await repo.tree('content').catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(RepositoryDamagedError);
    expect(cut).toMatchObject({ object: logs, file: 'content/en/logs/' });
    expect((cut as Error).message).toMatch(
      new RegExp(
        `^The content repository is damaged: object ${logs} \\(content/en/logs/\\) cannot be read: .*Restore the repository from a backup`,
      ),
    );

    // A blob whose bytes were changed (still a valid compressed object, the wrong text).
    writeFileSync(looseFile(page), readFileSync(looseFile(other)));
    const changed = await repo.readFileAt(head, 'content/en/logs/page-3.md').catch((e: unknown) => e);
    // The folder above it is already damaged: restore it first, then the blob is what is named.
    expect(changed).toBeInstanceOf(RepositoryDamagedError);
    rmSync(looseFile(logs));
    const gone = await repo.tree('content').catch((e: unknown) => e);
    expect(gone).toMatchObject({ object: logs, detail: 'it is missing' });
    await expect(repo.readBlob(page)).rejects.toMatchObject({
      object: page,
      detail: expect.stringContaining('do not match its id'),
    });
  }, 60_000);

  it('a pack entry changed or the pack cut short is damage naming the object, not the whole pack held in memory', async () => {
    const dir = repository();
    git(dir, 'gc', '-q');
    const packFolder = path.join(dir, '.git', 'objects', 'pack');
    const pack = path.join(packFolder, readdirSync(packFolder).find((f) => f.endsWith('.pack'))!);
    const page = git(dir, 'rev-parse', 'HEAD:content/en/logs/page-5.md').trim();
    // Where git says the page's entry is, and how long it is.
    const line = git(dir, 'verify-pack', '-v', pack.replace(/\.pack$/, '.idx'))
      .split('\n')
      .find((row) => row.startsWith(page))!;
    const [, , , packedSize, offset] = line.split(/\s+/).map(Number) as number[];
    const bytes = readFileSync(pack);
    bytes[offset! + packedSize! - 3]! ^= 0xff;
    writeFileSync(pack, bytes);
    const repo = createLocalRepository(dir);
    await expect(repo.readBlob(page)).rejects.toBeInstanceOf(RepositoryDamagedError);
    await expect(repo.readBlob(page)).rejects.toMatchObject({ object: page });
    // The other pages still read.
    expect(await repo.readBlob(git(dir, 'rev-parse', 'HEAD:content/en/logs/page-6.md').trim())).toContain('title: Page 6');

    truncateSync(pack, Math.floor(statSync(pack).size / 2));
    const fresh = createLocalRepository(dir);
    const error = await fresh.tree('content').then(
      async (files) => Promise.all(files.map((file) => fresh.readBlob(file.sha).catch((e: unknown) => e))),
      (e: unknown) => [e],
    );
    expect(error.some((e) => e instanceof RepositoryDamagedError)).toBe(true);
  }, 60_000);
});
