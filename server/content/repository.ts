/**
 * A change to one file: new text, null to delete it, or `blob`, the id of bytes already stored
 * with `writeBlob` (uploaded media).
 */
export type FileChange =
  | { path: string; content: string | null; blob?: undefined }
  | { path: string; blob: string; content?: undefined };
export type CommitAuthor = { name: string; email: string };
export type CommitOptions = {
  /**
   * The commit the caller checked its changes against: when the branch has moved on since, the
   * commit is refused with RepositoryConflictError instead of being made on top of someone
   * else's changes.
   */
  expectedHead?: string;
};

import { repositoryDamageHead } from '../../common/content-sync';
import { AppError } from '../errors';

/**
 * The repository cannot be read: an object is cut short, changed, missing, or does not inflate
 * (a disk fault, a copy cut off, a file edited by hand). Never read as "no pages" or "no such
 * file": the sync stops and writes nothing, a publish and the editor answer this, and the message
 * names the object, the file when known, and says to restore from a backup (docs/operating.md
 * "A damaged content repository"). The English message is what the CLI and the log print.
 */
export class RepositoryDamagedError extends AppError {
  readonly object: string;
  readonly file: string | undefined;
  readonly detail: string;
  constructor(damage: { object: string; file?: string | undefined; detail: string }) {
    super(
      500,
      damage.file ? 'api.repositoryDamagedFile' : 'api.repositoryDamaged',
      { object: damage.object, file: damage.file ?? null },
      {
        object: damage.object,
        file: damage.file ?? '',
      },
    );
    this.name = 'RepositoryDamagedError';
    this.object = damage.object;
    this.file = damage.file;
    this.detail = damage.detail;
    this.message = `${repositoryDamageHead({ object: damage.object, file: damage.file ?? null })}: ${damage.detail}. Nothing was changed. Restore the repository from a backup (docs/operating.md "A damaged content repository"); \`git fsck\` in the repository lists every damaged object.`;
  }

  /** The same damage, naming the file (or folder) whose read found it. */
  inFile(file: string) {
    return this.file ? this : new RepositoryDamagedError({ object: this.object, file, detail: this.detail });
  }
}

/** For `.catch`: damage found while reading `file` names it; anything else goes on as it was. */
export const damageIn = (file: string) => (error: unknown) => {
  throw error instanceof RepositoryDamagedError ? error.inFile(file) : error;
};

/**
 * An error's message for people: isomorphic-git wraps its internal errors in a request to report
 * them to "that application's developers" (us), which is no use to the site's owner; only the
 * cause is kept.
 */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = /and this error message: ([\s\S]*)$/.exec(message)?.[1];
  return (cause ?? message.replace(/\s*If you're using an application that depends on isomorphic-git[\s\S]*$/, '')).trim();
}

/** The repository moved on (another commit, or edited files in the way): nothing was committed. */
export class RepositoryConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RepositoryConflictError';
  }
}

/**
 * The content repository (docs/architecture.md: git is the source of truth). Two adapters implement it: a
 * local git repository in the data folder (node) and a GitHub repository (Git Data API).
 */
export interface ContentRepository {
  readonly kind: 'local' | 'github';
  /** Human-readable location, for the dashboard and logs. */
  readonly location: string;
  /** SHA of the newest commit, or undefined for an empty repository. */
  head(): Promise<string | undefined>;
  /**
   * Whether `commit` is `head` or one of its ancestors: false when the repository does not have it
   * at all (another repository) or only off the branch's history (another branch, a rewritten
   * history). The sync refuses to re-index from a head that does not contain the commit the index
   * was built from (server/services/content-sync.ts `syncRefusal`).
   */
  contains(commit: string, head: string): Promise<boolean>;
  /** Writes all changes as one commit and returns its SHA. */
  commit(changes: FileChange[], message: string, author: CommitAuthor, options?: CommitOptions): Promise<string>;
  readFile(path: string): Promise<string | undefined>;
  /** Paths of all files below a folder (recursive), e.g. `content/fa`. */
  listFiles(folder: string): Promise<string[]>;
  /**
   * Files below a folder as committed at `commit` (default HEAD), with their git blob ids — what
   * the indexer reads, so only committed content is ever published. Empty when nothing is there.
   */
  tree(folder: string, commit?: string): Promise<TreeFile[]>;
  /** A blob's text by its git id. */
  readBlob(sha: string): Promise<string>;
  /**
   * Texts of many blobs by their git ids, in as few reads as the adapter can (GitHub: one GraphQL
   * request per 100 blobs). Optional: without it, the sync reads `readBlob` one at a time.
   */
  readBlobs?(shas: readonly string[]): Promise<Map<string, string>>;
  /**
   * For each of `paths`, the newest commit in `head`'s history that changed it (added it or
   * changed its bytes; locally along first parents, so a merge counts as the change, on GitHub
   * GitHub's history of the path). Paths not in `head` are left out. Optional (test stand-ins): without it the
   * index records no last change and no translation is ever counted out of date (docs/content.md
   * "Outdated translations").
   */
  lastChanges?(paths: readonly string[], head: string): Promise<Map<string, CommitStamp>>;
  /** A blob's bytes by its git id (media). */
  readBlobBytes(sha: string): Promise<Uint8Array>;
  /** Stores bytes as a git blob without committing them, and returns its id (for `FileChange.blob`). */
  writeBlob(bytes: Uint8Array): Promise<string>;
  /**
   * The commits reachable from `head` that changed the file at `path` (added, changed or deleted
   * it), newest first, at most `limit` (a page's history, server/services/page-history.ts). Moves
   * are followed by the caller, from the builds that made them.
   */
  fileHistory(path: string, limit: number): Promise<FileCommit[]>;
  /** The text of `path` as committed in `commit`, or undefined when it was not there. */
  readFileAt(commit: string, path: string): Promise<string | undefined>;
}

/** One commit of a file's history. */
export type FileCommit = { commit: string; message: string; author: string; date: string };

export type TreeFile = { path: string; sha: string };

/** A commit by its id and its committer time (ms since the epoch; git keeps seconds). */
export type CommitStamp = { sha: string; at: number };

/**
 * A path inside the repository as git stores it (`content/en/a.md`; a trailing `/` is dropped).
 * Both adapters refuse the same paths: empty, absolute, or with an empty, `.`, `..` or `.git`
 * segment, or a backslash (a separator on Windows).
 */
export function repositoryPath(path: string): string {
  const clean = path.replace(/\/+$/, '');
  const segments = clean.split('/');
  if (!clean || clean.includes('\\') || segments.some((s) => s === '' || s === '.' || s === '..' || s === '.git'))
    throw new Error(`Refusing path outside the repository: ${path}`);
  return clean;
}

/** The order `tree` and `listFiles` return paths in: plain string order, the same in both adapters. */
export const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
