import * as fs from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type IsomorphicGit from 'isomorphic-git';
import {
  byPath,
  type CommitAuthor,
  type CommitOptions,
  type CommitStamp,
  type ContentRepository,
  damageIn,
  type FileChange,
  type FileCommit,
  RepositoryConflictError,
  RepositoryDamagedError,
  repositoryPath,
  type TreeFile,
} from '../../server/content/repository';
import { createGitObjects, type GitTreeEntry } from './git-objects';

type Git = typeof IsomorphicGit;
let loadingGit: Promise<Git> | undefined;
/**
 * isomorphic-git, loaded on first use: a server start that only serves pages never needs it (every
 * function of its API is async, so each call here just waits for the module first).
 */
const git = new Proxy({} as Git, {
  get:
    (_, name) =>
    async (...args: unknown[]) => {
      loadingGit ??= import('isomorphic-git').then((imported) => imported.default);
      const module = await loadingGit;
      return (module[name as keyof Git] as (...args: unknown[]) => unknown)(...args);
    },
});

/**
 * Commits `lastChanges` walks back at most (a first index of a long history): files it did not reach
 * count as changed at the oldest commit it read (docs/content.md "Outdated translations").
 */
const LAST_CHANGES_WALK = 20_000;

/** The node target's content repository: a plain git repository at `$DATA_DIR/repo`. */
export function createLocalRepository(dir: string, branch = 'main'): ContentRepository {
  let ready: Promise<void> | undefined;
  const ensure = () => {
    ready ??= (async () => {
      // Owner-only when created here: drafts live in it before they are public.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      if (!fs.existsSync(path.join(dir, '.git'))) await git.init({ fs, dir, defaultBranch: branch });
    })();
    return ready;
  };
  /*
   * Every read goes through git-objects.ts (a packfile is never held in memory whole, every object
   * is checked against its id, damage is an error naming it); isomorphic-git only writes.
   */
  const objects = createGitObjects(path.join(dir, '.git'));
  const safePath = (file: string) => path.join(dir, ...repositoryPath(file).split('/'));
  const resolveHead = async () => {
    let oid: string;
    try {
      oid = await git.resolveRef({ fs, dir, ref: 'HEAD' });
    } catch (error) {
      if ((error as { code?: string }).code === 'NotFoundError') return undefined; // no commit yet
      throw new RepositoryDamagedError({ object: 'HEAD', detail: `the branch cannot be read (${(error as Error).message})` });
    }
    if (!/^[0-9a-f]{40}$/.test(oid)) throw new RepositoryDamagedError({ object: 'HEAD', detail: 'the branch names no commit' });
    return oid;
  };
  /** The entries of a folder in a commit (`''`: its root), or undefined when the commit has no such folder. */
  const folderAt = async (commit: string, folder: string): Promise<GitTreeEntry[] | undefined> => {
    let entries = await objects.tree((await objects.commit(commit)).tree).catch(damageIn('/'));
    let walked = '';
    for (const name of folder ? folder.split('/') : []) {
      const entry = entries.find((candidate) => candidate.path === name);
      if (entry?.type !== 'tree') return undefined;
      walked = walked ? `${walked}/${name}` : name;
      entries = await objects.tree(entry.oid).catch(damageIn(`${walked}/`));
    }
    return entries;
  };
  /** The git id of a file's bytes on disk, or undefined when there is no such file. */
  const hashFile = async (full: string) => {
    try {
      return (await git.hashBlob({ object: await readFile(full) })).oid;
    } catch {
      return undefined;
    }
  };
  /** Blob ids of some files in a commit (absent files are left out). */
  const blobsAt = async (commit: string, files: string[]) => {
    const found = new Map<string, string>();
    const folders = new Map<string, Promise<GitTreeEntry[] | undefined>>();
    for (const file of files) {
      const slash = file.lastIndexOf('/');
      const folder = slash < 0 ? '' : file.slice(0, slash);
      let listing = folders.get(folder);
      if (!listing) {
        listing = folderAt(commit, folder);
        folders.set(folder, listing);
      }
      const entry = (await listing)?.find((candidate) => candidate.path === file.slice(slash + 1));
      if (entry?.type === 'blob') found.set(file, entry.oid);
    }
    return found;
  };
  /**
   * The wanted paths whose blob differs between two trees (`before` undefined: the commit has no
   * parent, so every wanted path it holds was added there). Only folders that lead to a wanted path
   * and whose tree ids differ are read, so a commit that changed one file costs a few tree reads.
   */
  const changedBetween = async (after: string, before: string | undefined, wanted: Set<string>, folders: Set<string>) => {
    const changed: string[] = [];
    const walk = async (a: string, b: string | undefined, prefix: string): Promise<void> => {
      if (a === b) return;
      const read = async (oid: string | undefined) =>
        new Map(oid ? (await objects.tree(oid).catch(damageIn(`${prefix || '/'}`))).map((entry) => [entry.path, entry]) : []);
      const [now, then] = await Promise.all([read(a), read(b)]);
      for (const [name, entry] of now) {
        const full = prefix + name;
        const old = then.get(name);
        if (entry.type === 'tree') {
          if (folders.has(full)) await walk(entry.oid, old?.type === 'tree' ? old.oid : undefined, `${full}/`);
        } else if (entry.type === 'blob' && wanted.has(full) && (old?.type !== 'blob' || old.oid !== entry.oid))
          changed.push(full);
      }
    };
    await walk(after, before, '');
    return changed;
  };
  /** Writes a tree with the changes applied (`null` deletes); undefined when it ends up empty. */
  const writeTree = async (treeOid: string | undefined, changes: Map<string, string | null>): Promise<string | undefined> => {
    const entries = new Map((treeOid ? await objects.tree(treeOid) : []).map((entry) => [entry.path, entry]));
    const nested = new Map<string, Map<string, string | null>>();
    for (const [file, oid] of changes) {
      const slash = file.indexOf('/');
      if (slash < 0) {
        const mode = entries.get(file)?.type === 'blob' ? entries.get(file)!.mode : '100644';
        if (oid === null) entries.delete(file);
        else entries.set(file, { mode, path: file, oid, type: 'blob' });
        continue;
      }
      const name = file.slice(0, slash);
      if (!nested.has(name)) nested.set(name, new Map());
      nested.get(name)!.set(file.slice(slash + 1), oid);
    }
    for (const [name, inner] of nested) {
      const current = entries.get(name);
      const oid = await writeTree(current?.type === 'tree' ? current.oid : undefined, inner);
      if (oid) entries.set(name, { mode: '040000', path: name, oid, type: 'tree' });
      else entries.delete(name);
    }
    if (entries.size === 0) return undefined;
    return git.writeTree({ fs, dir, tree: [...entries.values()] });
  };

  return {
    kind: 'local',
    location: dir,
    async head() {
      await ensure();
      return resolveHead();
    },
    async contains(commit: string, head: string) {
      if (commit === head) return true;
      await ensure();
      try {
        // Walks back from head (a commit the index was built from is usually a few commits back).
        const seen = new Set([head]);
        const queue = [head];
        while (queue.length) {
          for (const parent of (await objects.commit(queue.shift()!)).parents) {
            if (parent === commit) return true;
            if (!seen.has(parent)) {
              seen.add(parent);
              queue.push(parent);
            }
          }
        }
        return false;
      } catch (error) {
        // A head that is not in this repository at all (another repository's commit id) contains nothing.
        if (error instanceof RepositoryDamagedError && error.object === head && error.detail === 'it is missing') return false;
        throw error;
      }
    },
    /**
     * Builds the commit from HEAD's tree plus the changes (never from whatever the git index
     * holds), moves the branch only when it is still at `expectedHead`, then brings the work tree
     * and index of the changed files in step. A file edited in the work tree and not committed is
     * not overwritten: the commit is refused (RepositoryConflictError).
     */
    async commit(changes: FileChange[], message: string, author: CommitAuthor, options: CommitOptions = {}) {
      await ensure();
      const head = await resolveHead();
      if (options.expectedHead !== undefined && head !== options.expectedHead)
        throw new RepositoryConflictError(`${dir}: the branch moved on since ${options.expectedHead.slice(0, 7)}`);
      // One entry per path; a later change wins.
      const latest = new Map(changes.map((change) => [repositoryPath(change.path), change]));
      const texts = new Map<string, Uint8Array>();
      const writes = new Map<string, string | null>(
        await Promise.all(
          [...latest].map(async ([file, change]): Promise<[string, string | null]> => {
            if (change.blob !== undefined) return [file, change.blob];
            if (change.content === null) return [file, null];
            const bytes = new TextEncoder().encode(change.content);
            texts.set(file, bytes);
            return [file, await git.writeBlob({ fs, dir, blob: bytes })];
          }),
        ),
      );
      const before = head ? await blobsAt(head, [...writes.keys()]) : new Map<string, string>();
      const onDisk = await Promise.all([...writes.keys()].map((file) => hashFile(safePath(file))));
      [...writes].forEach(([file, oid], i) => {
        if (onDisk[i] !== before.get(file) && onDisk[i] !== (oid ?? undefined))
          throw new RepositoryConflictError(`${file} has changes in ${dir} that are not committed`);
      });
      const rootTree = head ? (await objects.commit(head)).tree : undefined;
      const tree = (await writeTree(rootTree, writes)) ?? (await git.writeTree({ fs, dir, tree: [] }));
      // Written as an object, not with git.commit, which reads the whole work-tree index first.
      const stamp = { ...author, timestamp: Math.floor(Date.now() / 1000), timezoneOffset: new Date().getTimezoneOffset() };
      const oid = await git.writeCommit({
        fs,
        dir,
        commit: { message, tree, parent: head ? [head] : [], author: stamp, committer: stamp },
      });
      // Checked again right before the branch moves (a commit made meanwhile with plain git).
      if ((await resolveHead()) !== head) throw new RepositoryConflictError(`${dir}: the branch moved on while committing`);
      const branchRef = (await git.currentBranch({ fs, dir, fullname: true })) ?? `refs/heads/${branch}`;
      await git.writeRef({ fs, dir, ref: branchRef, value: oid, force: true });

      const added = [...writes].flatMap(([file, blob]) => (blob === null ? [] : [file]));
      await Promise.all(
        added.map(async (file) => {
          const full = safePath(file);
          await mkdir(path.dirname(full), { recursive: true });
          await writeFile(full, texts.get(file) ?? (await objects.blob(writes.get(file)!)));
        }),
      );
      for (const [file, blob] of writes) {
        if (blob !== null) continue;
        await rm(safePath(file), { force: true });
        await git.remove({ fs, dir, filepath: file });
      }
      if (added.length) await git.add({ fs, dir, filepath: added });
      return oid;
    },
    async lastChanges(paths: readonly string[], head: string) {
      await ensure();
      const wanted = new Set(paths.map(repositoryPath));
      const folders = new Set(
        [...wanted].flatMap((file) =>
          file
            .split('/')
            .slice(0, -1)
            .map((_, i, all) => all.slice(0, i + 1).join('/')),
        ),
      );
      const found = new Map<string, CommitStamp>();
      let oid: string | undefined = head;
      let last: CommitStamp | undefined;
      for (let walked = 0; oid && wanted.size && walked < LAST_CHANGES_WALK; walked++) {
        const commit = await objects.commit(oid);
        const parent: string | undefined = commit.parents[0];
        const parentTree = parent ? (await objects.commit(parent)).tree : undefined;
        last = { sha: oid, at: commit.committer.timestamp * 1000 };
        for (const file of await changedBetween(commit.tree, parentTree, wanted, folders)) {
          found.set(file, last);
          wanted.delete(file);
        }
        oid = parent;
      }
      // A history longer than the walk: what remains was last changed at or before its oldest commit.
      if (oid && last && wanted.size) {
        const there = await blobsAt(head, [...wanted]);
        for (const file of there.keys()) found.set(file, last);
      }
      return found;
    },
    async readFile(file: string) {
      await ensure();
      try {
        return await readFile(safePath(file), 'utf8');
      } catch {
        return undefined;
      }
    },
    async listFiles(folder: string) {
      await ensure();
      const base = safePath(folder);
      const walk = async (current: string): Promise<string[]> => {
        const entries = await readdir(current, { withFileTypes: true }).catch(() => []);
        const nested = await Promise.all(
          entries.map((entry) => (entry.isDirectory() ? walk(path.join(current, entry.name)) : [path.join(current, entry.name)])),
        );
        return nested.flat();
      };
      return (await walk(base)).map((file) => path.relative(dir, file).split(path.sep).join('/')).sort();
    },
    async tree(folder: string, commit?: string) {
      await ensure();
      const oid = commit ?? (await resolveHead());
      if (!oid) return []; // no commit yet
      const files: TreeFile[] = [];
      const walk = async (entries: GitTreeEntry[], treePath: string): Promise<void> => {
        for (const entry of entries) {
          const full = `${treePath}/${entry.path}`;
          if (entry.type === 'tree') await walk(await objects.tree(entry.oid).catch(damageIn(`${full}/`)), full);
          else if (entry.type === 'blob') files.push({ path: full, sha: entry.oid });
        }
      };
      const root = repositoryPath(folder);
      // A folder the commit does not have is empty; one that cannot be read is damage, never "no pages".
      const entries = await folderAt(oid, root);
      if (entries) await walk(entries, root);
      return files.sort(byPath);
    },
    async readBlob(sha: string) {
      await ensure();
      return new TextDecoder().decode(await objects.blob(sha));
    },
    async readBlobBytes(sha: string) {
      await ensure();
      return new Uint8Array(await objects.blob(sha));
    },
    async writeBlob(bytes: Uint8Array) {
      await ensure();
      return git.writeBlob({ fs, dir, blob: bytes });
    },
    async fileHistory(file: string, limit: number) {
      await ensure();
      const head = await resolveHead();
      if (!head) return [];
      const clean = repositoryPath(file);
      const blobs = new Map<string, Promise<string | null>>();
      const blobIn = (commit: string) => {
        let found = blobs.get(commit);
        if (!found) {
          found = blobsAt(commit, [clean]).then((map) => map.get(clean) ?? null);
          blobs.set(commit, found);
        }
        return found;
      };
      const changed: FileCommit[] = [];
      // Every commit reachable from head, newest (committer time) first, each compared with its
      // first parent; the walk stops once `limit` changes are found.
      const seen = new Set([head]);
      const queue = [{ oid: head, commit: await objects.commit(head) }];
      while (queue.length && changed.length < limit) {
        let newest = 0;
        queue.forEach((entry, i) => {
          if (entry.commit.committer.timestamp > queue[newest]!.commit.committer.timestamp) newest = i;
        });
        const [entry] = queue.splice(newest, 1) as [(typeof queue)[number]];
        for (const parent of entry.commit.parents)
          if (!seen.has(parent)) {
            seen.add(parent);
            queue.push({ oid: parent, commit: await objects.commit(parent) });
          }
        const parent = entry.commit.parents[0];
        const [now, before] = await Promise.all([blobIn(entry.oid), parent ? blobIn(parent) : null]);
        if (now === before) continue;
        changed.push({
          commit: entry.oid,
          message: entry.commit.message.trim(),
          author: entry.commit.author.name,
          date: new Date(entry.commit.author.timestamp * 1000).toISOString(),
        });
      }
      return changed;
    },
    async readFileAt(commit: string, file: string) {
      await ensure();
      const clean = repositoryPath(file);
      const sha = (await blobsAt(commit, [clean])).get(clean);
      if (!sha) return undefined;
      return new TextDecoder().decode(await objects.blob(sha).catch(damageIn(clean)));
    },
  };
}
