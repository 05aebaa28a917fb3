/** A change to one file: new content, or null to delete it. */
export type FileChange = { path: string; content: string | null };
export type CommitAuthor = { name: string; email: string };

/**
 * The content repository (DESIGN.md: git is the source of truth). Two adapters implement it: a
 * local git repository in the data folder (node) and a GitHub repository (Git Data API).
 */
export interface ContentRepository {
  readonly kind: 'local' | 'github';
  /** Human-readable location, for the dashboard and logs. */
  readonly location: string;
  /** SHA of the newest commit, or undefined for an empty repository. */
  head(): Promise<string | undefined>;
  /** Writes all changes as one commit and returns its SHA. */
  commit(changes: FileChange[], message: string, author: CommitAuthor): Promise<string>;
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
}

export type TreeFile = { path: string; sha: string };

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
