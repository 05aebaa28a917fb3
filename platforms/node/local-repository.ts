import * as fs from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import git from 'isomorphic-git';
import {
  byPath,
  type CommitAuthor,
  type ContentRepository,
  type FileChange,
  repositoryPath,
  type TreeFile,
} from '../../server/content/repository';

/** The node target's content repository: a plain git repository at `$DATA_DIR/repo`. */
export function createLocalRepository(dir: string, branch = 'main'): ContentRepository {
  let ready: Promise<void> | undefined;
  const ensure = () => {
    ready ??= (async () => {
      await mkdir(dir, { recursive: true });
      if (!fs.existsSync(path.join(dir, '.git'))) await git.init({ fs, dir, defaultBranch: branch });
    })();
    return ready;
  };
  const safePath = (file: string) => path.join(dir, ...repositoryPath(file).split('/'));

  return {
    kind: 'local',
    location: dir,
    async head() {
      await ensure();
      try {
        return await git.resolveRef({ fs, dir, ref: 'HEAD' });
      } catch {
        return undefined;
      }
    },
    async commit(changes: FileChange[], message: string, author: CommitAuthor) {
      await ensure();
      for (const change of changes) {
        const full = safePath(change.path);
        if (change.content === null) {
          await rm(full, { force: true });
          await git.remove({ fs, dir, filepath: change.path });
        } else {
          await mkdir(path.dirname(full), { recursive: true });
          await writeFile(full, change.content);
          await git.add({ fs, dir, filepath: change.path });
        }
      }
      return git.commit({ fs, dir, message, author });
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
      let oid: string;
      try {
        oid = commit ?? (await git.resolveRef({ fs, dir, ref: 'HEAD' }));
      } catch {
        return []; // no commit yet
      }
      const files: TreeFile[] = [];
      const walk = async (treePath: string): Promise<void> => {
        let entries: Awaited<ReturnType<typeof git.readTree>>['tree'];
        try {
          entries = (await git.readTree({ fs, dir, oid, filepath: treePath })).tree;
        } catch {
          return; // the folder does not exist in this commit
        }
        for (const entry of entries) {
          const full = `${treePath}/${entry.path}`;
          if (entry.type === 'tree') await walk(full);
          else if (entry.type === 'blob') files.push({ path: full, sha: entry.oid });
        }
      };
      await walk(repositoryPath(folder));
      return files.sort(byPath);
    },
    async readBlob(sha: string) {
      await ensure();
      const { blob } = await git.readBlob({ fs, dir, oid: sha });
      return new TextDecoder().decode(blob);
    },
  };
}
