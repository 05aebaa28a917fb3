import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Plain `git` in a content repository, as an author outside the app would run it. */
export function git(dir: string, ...args: string[]) {
  return execFileSync('git', ['-c', 'user.name=Tester', '-c', 'user.email=tester@example.com', ...args], {
    cwd: dir,
    encoding: 'utf8',
  });
}

/** Writes files into the working tree without committing them (`null` deletes one). */
export function writeFiles(dir: string, files: Record<string, string | null>) {
  for (const [file, content] of Object.entries(files)) {
    const full = path.join(dir, file);
    if (content === null) rmSync(full, { force: true });
    else {
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, content);
    }
  }
}

/** Writes files (`null` deletes one) and commits them with plain git; returns the new commit id. */
export function commitFiles(dir: string, files: Record<string, string | null>, message = 'Commit files') {
  writeFiles(dir, files);
  git(dir, 'add', '-A', '--', ...Object.keys(files));
  git(dir, 'commit', '-qm', message);
  return git(dir, 'rev-parse', 'HEAD').trim();
}
