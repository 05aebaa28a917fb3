import { Octokit } from '@octokit/core';
import { mapLimited } from '../../common/map-limited';
import { type AppConfig, isGithubConfigured } from '../config';
import {
  byPath,
  type CommitAuthor,
  type CommitOptions,
  type CommitStamp,
  type ContentRepository,
  type FileChange,
  type FileCommit,
  RepositoryConflictError,
  repositoryPath,
  type TreeFile,
} from './repository';

export const DEFAULT_GITHUB_API_URL = 'https://api.github.com';

export type GithubRepositoryOptions = {
  token: string;
  owner: string;
  repo: string;
  /** Default `main`. */
  branch?: string;
  /** REST API root, default https://api.github.com (GitHub Enterprise: `https://host/api/v3`; tests: a stand-in). */
  apiUrl?: string;
  /** Per request; a hung API must not hang a sync or the installer. */
  timeoutMs?: number;
  /** Bytes of blob text per GraphQL request (default BYTES_PER_QUERY; tests make it small). */
  bytesPerQuery?: number;
};

/** A failed GitHub call, named by repository, step and HTTP status (`status` 0: GitHub was not reached). */
export class GithubRepositoryError extends Error {
  constructor(
    message: string,
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GithubRepositoryError';
  }
}

/**
 * GitHub refused a call for its rate limit (403 or 429 with `retry-after`, or with
 * `x-ratelimit-remaining: 0` and `x-ratelimit-reset`): nothing is wrong with the repository, the
 * sync pauses until `resumeAt` (server/services/content-sync-runner.ts) instead of failing.
 */
export class GithubRateLimitError extends GithubRepositoryError {
  constructor(
    message: string,
    status: number,
    readonly resumeAt: Date,
    options?: { cause?: unknown },
  ) {
    super(message, status, options);
    this.name = 'GithubRateLimitError';
  }
}

/** Blob texts asked for in one GraphQL request (GitHub's node limit per query is far higher; 100 keeps an answer near 1–5 MB). */
export const BLOBS_PER_QUERY = 100;
/** Paths whose last change one GraphQL request asks for (`history(first: 1)` each). */
export const PATHS_PER_QUERY = 100;
/** Bytes of blob text asked for in one GraphQL request (a big blob alone may pass it). */
export const BYTES_PER_QUERY = 4 * 1024 * 1024;

/**
 * Listings of a folder at a commit, shared by every adapter of this isolate or process: a commit's
 * tree never changes, and each step of a chunked sync lists the same one again. A few entries only.
 */
const treeCache = new Map<string, TreeFile[]>();
const TREES_CACHED = 4;

/**
 * Blob sizes from tree listings (GitHub lists them; a blob id names its bytes, so any repository's
 * listing is right), so one GraphQL answer stays small.
 */
const sizes = new Map<string, number>();
function rememberSize(sha: string, size: number) {
  if (sizes.size >= 50_000) sizes.clear();
  sizes.set(sha, size);
}

/** The last answer for a branch (its ETag and commit), to ask again conditionally. */
const branchTags = new Map<string, { etag: string; sha: string }>();
function rememberBranch(key: string, tag: { etag: string; sha: string }) {
  branchTags.delete(key);
  branchTags.set(key, tag);
  for (const old of branchTags.keys()) if (branchTags.size > 16) branchTags.delete(old);
}

/** The content repository of a platform configured for GitHub (spec: token, owner and repository all set). */
export function githubRepositoryFromConfig(config: AppConfig): ContentRepository | undefined {
  if (!isGithubConfigured(config)) return undefined;
  return createGithubRepository({
    token: config.GITHUB_TOKEN!,
    owner: config.GITHUB_OWNER!,
    repo: config.GITHUB_REPO!,
    branch: config.GITHUB_BRANCH,
    apiUrl: config.GITHUB_API_URL,
  });
}

type TreeEntry = { path: string; type: string; sha: string; size?: number };
/** Where the branch stands: at a commit, not created yet, or in a repository without any commit. */
type BranchState = { state: 'ready'; sha: string } | { state: 'missing' } | { state: 'empty' };

/**
 * The content repository in a GitHub repository and branch, through the REST Git Data API (refs,
 * commits, trees, blobs; and the compare API for `contains`). Web `fetch` only, so it runs on Node and on Workers alike. It has no
 * working tree: `readFile` and `listFiles` read the branch's newest commit.
 */
export function createGithubRepository(options: GithubRepositoryOptions): ContentRepository {
  const { owner, repo } = options;
  const branch = options.branch ?? 'main';
  const apiUrl = (options.apiUrl ?? DEFAULT_GITHUB_API_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const bytesPerQuery = options.bytesPerQuery ?? BYTES_PER_QUERY;
  const name = `${owner}/${repo}`;
  const octokit = new Octokit({ auth: options.token, baseUrl: apiUrl, userAgent: 'daftar' });
  octokit.hook.wrap('request', (request, requestOptions) =>
    request({ ...requestOptions, request: { ...requestOptions.request, signal: AbortSignal.timeout(timeoutMs) } }),
  );

  const explain = (error: unknown, step: string, conflict?: string): Error => {
    const status = statusOf(error);
    if (status === undefined) return error instanceof Error ? error : new Error(String(error));
    const resumeAt = rateLimitResume(error, Date.now());
    if (resumeAt)
      return new GithubRateLimitError(
        `GitHub repository ${name}: ${step} was refused for GitHub's API rate limit (HTTP ${status}) until ${resumeAt.toISOString()}`,
        status,
        resumeAt,
        { cause: error },
      );
    const fail = (code: number, detail: string) =>
      new GithubRepositoryError(`GitHub repository ${name}: ${step} failed${detail}`, code, { cause: error });
    // Octokit reports a request that got no answer (network, timeout) as status 500 without a response.
    if (!hasResponse(error)) return fail(0, `: ${apiUrl} could not be reached (${(error as Error).message})`);
    const detail =
      status === 401
        ? 'the token was refused; check GITHUB_TOKEN'
        : status === 403
          ? 'access denied; the token needs read and write access to the repository contents (or the API rate limit was reached)'
          : status === 404
            ? 'not found; check GITHUB_OWNER and GITHUB_REPO, and that the token may see that repository'
            : conflict && (status === 409 || status === 422)
              ? `${conflict} (${githubMessage(error)})`
              : githubMessage(error);
    return fail(status, ` with HTTP ${status}: ${detail}`);
  };
  /** Runs one API call; a failure becomes an error naming the repository, the step and the status. */
  const api = async <T>(step: string, request: Promise<T>, conflict?: string): Promise<T> => {
    try {
      return await request;
    } catch (error) {
      throw explain(error, step, conflict);
    }
  };
  const base = { owner, repo };

  async function branchState(): Promise<BranchState> {
    const known = branchTags.get(`${apiUrl}\0${name}\0${branch}`);
    try {
      // Conditional: GitHub answers 304, which its rate limit does not count, while the branch stays where it was.
      const answer = await octokit.request('GET /repos/{owner}/{repo}/git/ref/{ref}', {
        ...base,
        ref: `heads/${branch}`,
        ...(known ? { headers: { 'if-none-match': known.etag } } : {}),
      });
      const etag = answer.headers.etag;
      if (etag) rememberBranch(`${apiUrl}\0${name}\0${branch}`, { etag, sha: answer.data.object.sha });
      return { state: 'ready', sha: answer.data.object.sha };
    } catch (error) {
      if (known && statusOf(error) === 304) return { state: 'ready', sha: known.sha };
      // The Git Data API answers 409 for a repository without any commit.
      if (statusOf(error) === 409 && hasResponse(error)) return { state: 'empty' };
      if (statusOf(error) !== 404 || !hasResponse(error)) throw explain(error, `reading branch ${branch}`);
    }
    // 404 is also "no such repository" (or one the token cannot see): only a missing branch means
    // "nothing committed yet"; anything else must fail rather than sync as an empty site.
    await api('reading the repository', octokit.request('GET /repos/{owner}/{repo}', base));
    return { state: 'missing' };
  }

  async function head() {
    const branchAt = await branchState();
    return branchAt.state === 'ready' ? branchAt.sha : undefined;
  }

  /**
   * `commit` is `head` or behind it: the compare API (`base...head`) says `identical` or `ahead`.
   * GitHub answers 404 when it does not have `commit` or the two share no history. One page of one
   * commit is asked for: only the status is read.
   */
  async function contains(commit: string, head: string) {
    if (commit === head) return true;
    try {
      const { data } = await octokit.request('GET /repos/{owner}/{repo}/compare/{basehead}', {
        ...base,
        basehead: `${commit}...${head}`,
        per_page: 1,
      });
      return data.status === 'identical' || data.status === 'ahead';
    } catch (error) {
      if (statusOf(error) === 404 && hasResponse(error)) return false;
      throw explain(error, `comparing ${commit.slice(0, 7)} with ${head.slice(0, 7)}`);
    }
  }

  async function rootTree(commit: string) {
    const { data } = await api(
      `reading commit ${commit}`,
      octokit.request('GET /repos/{owner}/{repo}/git/commits/{commit_sha}', { ...base, commit_sha: commit }),
    );
    return data.tree.sha;
  }

  async function readTree(sha: string, recursive: boolean) {
    const { data } = await api(
      `reading tree ${sha}`,
      octokit.request('GET /repos/{owner}/{repo}/git/trees/{tree_sha}', {
        ...base,
        tree_sha: sha,
        ...(recursive ? { recursive: '1' } : {}),
      }),
    );
    const entries = data.tree.map(
      (entry) => ({ path: entry.path, type: entry.type, sha: entry.sha, size: entry.size }) as TreeEntry,
    );
    return { entries, truncated: data.truncated };
  }

  /** Every file below a tree. GitHub truncates huge recursive listings; then walk one level at a time. */
  async function blobsBelow(treeSha: string, prefix: string): Promise<TreeFile[]> {
    const listing = await readTree(treeSha, true);
    const blob = (entry: TreeEntry) => {
      if (entry.size !== undefined) rememberSize(entry.sha, entry.size);
      return { path: `${prefix}${entry.path}`, sha: entry.sha };
    };
    if (!listing.truncated) return listing.entries.filter((entry) => entry.type === 'blob').map(blob);
    const level = await readTree(treeSha, false);
    const nested = await Promise.all(
      level.entries.map((entry) =>
        entry.type === 'tree' ? blobsBelow(entry.sha, `${prefix}${entry.path}/`) : entry.type === 'blob' ? [blob(entry)] : [],
      ),
    );
    return nested.flat();
  }

  /** The entry at a path of a commit, found one folder level at a time (never the whole tree). */
  async function entryAt(commit: string, path: string): Promise<TreeEntry | undefined> {
    let entry: TreeEntry = { path: '', type: 'tree', sha: await rootTree(commit) };
    for (const segment of path.split('/')) {
      if (entry.type !== 'tree') return undefined;
      const found = (await readTree(entry.sha, false)).entries.find((candidate) => candidate.path === segment);
      if (!found) return undefined;
      entry = found;
    }
    return entry;
  }

  async function readBlobBytes(sha: string) {
    const { data } = await api(
      `reading blob ${sha}`,
      octokit.request('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', { ...base, file_sha: sha }),
    );
    return data.encoding === 'base64' ? fromBase64(data.content) : new TextEncoder().encode(data.content);
  }

  async function readBlob(sha: string) {
    return new TextDecoder().decode(await readBlobBytes(sha));
  }

  /**
   * Batches of at most BLOBS_PER_QUERY blobs and BYTES_PER_QUERY of text (sizes as listed; a blob of
   * unknown size counts as small): 100 pages of 512 KB in one answer would not fit a Worker's 128 MB.
   */
  function batchesOf(shas: string[]) {
    const batches: string[][] = [];
    let batch: string[] = [];
    let bytes = 0;
    for (const sha of shas) {
      const size = sizes.get(sha) ?? 0;
      if (batch.length && (batch.length >= BLOBS_PER_QUERY || bytes + size > bytesPerQuery)) {
        batches.push(batch);
        batch = [];
        bytes = 0;
      }
      batch.push(sha);
      bytes += size;
    }
    if (batch.length) batches.push(batch);
    return batches;
  }

  /** GitHub's GraphQL endpoint beside the REST root (GitHub Enterprise: `/api/v3` → `/api/graphql`). */
  const graphqlUrl = /\/api\/v3$/.test(apiUrl) ? apiUrl.replace(/\/api\/v3$/, '/api/graphql') : `${apiUrl}/graphql`;

  /**
   * One GraphQL query on the repository (`repository(owner: $owner, name: $name) { … }`): its
   * `repository` answer. GraphQL answers a spent budget with 200 and a RATE_LIMITED error; its
   * headers say when the budget resets (else within the hour).
   */
  async function queryRepository<T>(step: string, fields: string, variables: Record<string, string> = {}, declared = '') {
    const { data, headers } = await api(
      step,
      octokit.request({
        method: 'POST',
        url: graphqlUrl,
        query: `query($owner: String!, $name: String!${declared}) { repository(owner: $owner, name: $name) { ${fields} } }`,
        variables: { owner, name: repo, ...variables },
      }),
    );
    const answer = data as { data?: { repository?: T | null }; errors?: { type?: string; message?: string }[] };
    if (answer.errors?.some((error) => error.type === 'RATE_LIMITED')) {
      const reset = Number(headers['x-ratelimit-reset']);
      const resumeAt = new Date(Number.isFinite(reset) && reset > 0 ? reset * 1000 + 1000 : Date.now() + 60 * 60_000);
      throw new GithubRateLimitError(
        `GitHub repository ${name}: ${step} was refused for GitHub's GraphQL rate limit until ${resumeAt.toISOString()}`,
        200,
        resumeAt,
      );
    }
    return answer.data?.repository ?? undefined;
  }

  /**
   * Texts of many blobs: BLOBS_PER_QUERY per GraphQL request (`repository { b0: object(oid: …) { … on
   * Blob { text } } … }`, one point of GitHub's GraphQL budget each), and one REST read per blob only
   * where GraphQL gives no text (binary, truncated by GitHub, or missing).
   */
  async function readBlobs(shas: readonly string[]): Promise<Map<string, string>> {
    const texts = new Map<string, string>();
    const wanted = [...new Set(shas)].filter((sha) => /^[0-9a-f]{40}$/.test(sha));
    for (const part of batchesOf(wanted)) {
      const fields = part.map((sha, n) => `b${n}: object(oid: "${sha}") { ... on Blob { text isTruncated isBinary } }`).join(' ');
      const found =
        (await queryRepository<Record<string, { text?: string | null; isTruncated?: boolean } | null>>(
          `reading ${part.length} blobs`,
          fields,
        )) ?? {};
      for (const [n, sha] of part.entries()) {
        const blob = found[`b${n}`];
        if (typeof blob?.text === 'string' && !blob.isTruncated) texts.set(sha, blob.text);
      }
    }
    // The few GraphQL could not give: one REST read each.
    const missing = wanted.filter((sha) => !texts.has(sha));
    for (const [i, text] of (await mapLimited(missing, 8, readBlob)).entries()) texts.set(missing[i]!, text);
    return texts;
  }

  /**
   * The newest commit that changed each path: GitHub's history of the path from `head`, first entry
   * (`history(first: 1, path: …)`), PATHS_PER_QUERY paths a GraphQL request, the paths passed as
   * variables (never written into the query).
   */
  async function lastChanges(paths: readonly string[], head: string) {
    const found = new Map<string, CommitStamp>();
    if (!/^[0-9a-f]{40}$/.test(head)) return found;
    const wanted = [...new Set(paths.map(repositoryPath))];
    for (let from = 0; from < wanted.length; from += PATHS_PER_QUERY) {
      const part = wanted.slice(from, from + PATHS_PER_QUERY);
      const fields = part.map((_, n) => `h${n}: history(first: 1, path: $p${n}) { nodes { oid committedDate } }`).join(' ');
      const declared = part.map((_, n) => `, $p${n}: String!`).join('');
      const variables = Object.fromEntries(part.map((path, n) => [`p${n}`, path]));
      const answer = await queryRepository<{
        commit?: Record<string, { nodes?: { oid: string; committedDate: string }[] }> | null;
      }>(
        `reading the last changes of ${part.length} files`,
        `commit: object(oid: "${head}") { ... on Commit { ${fields} } }`,
        variables,
        declared,
      );
      for (const [n, path] of part.entries()) {
        const node = answer?.commit?.[`h${n}`]?.nodes?.[0];
        const at = node ? Date.parse(node.committedDate) : Number.NaN;
        if (node && /^[0-9a-f]{40}$/.test(node.oid) && Number.isFinite(at)) found.set(path, { sha: node.oid, at });
      }
    }
    return found;
  }

  async function writeBlob(bytes: Uint8Array) {
    const { data } = await api(
      'writing a blob',
      octokit.request('POST /repos/{owner}/{repo}/git/blobs', { ...base, content: bytesToBase64(bytes), encoding: 'base64' }),
    );
    return data.sha;
  }

  async function tree(folder: string, commit?: string) {
    const clean = repositoryPath(folder);
    const at = commit ?? (await head());
    if (!at) return [];
    const key = `${apiUrl}\0${name}\0${at}\0${clean}`;
    const cached = treeCache.get(key);
    if (cached) return [...cached];
    const entry = await entryAt(at, clean);
    const files = entry?.type === 'tree' ? (await blobsBelow(entry.sha, `${clean}/`)).sort(byPath) : [];
    treeCache.delete(key);
    treeCache.set(key, files);
    for (const old of treeCache.keys()) if (treeCache.size > TREES_CACHED) treeCache.delete(old);
    return [...files];
  }

  /**
   * GitHub's Git Data API refuses every write to a repository without any commit (409). The
   * contents API can make that first commit, so it writes one file; the caller then builds the
   * real first commit (every file, no parent) and moves the branch onto it, so the history reads
   * as if the Git Data API had worked from the start.
   */
  async function startEmptyRepository(file: { path: string; content: string }, message: string, author: CommitAuthor) {
    await api(
      'creating the first commit of the empty repository',
      octokit.request('PUT /repos/{owner}/{repo}/contents/{path}', {
        ...base,
        path: file.path,
        message,
        content: toBase64(file.content),
        branch,
        author,
        committer: author,
      }),
    );
  }

  async function commit(changes: FileChange[], message: string, author: CommitAuthor, options: CommitOptions = {}) {
    // One entry per path; a later change wins, as when the local adapter applies them in order.
    const files = new Map(changes.map((change) => [repositoryPath(change.path), change]));
    const stored = [...files].flatMap(([path, change]) => (change.blob !== undefined ? [{ path, sha: change.blob }] : []));
    const added = [...files].flatMap(([path, change]) =>
      change.blob === undefined && change.content !== null ? [{ path, content: change.content }] : [],
    );
    let branchAt = await branchState();
    if (options.expectedHead !== undefined && (branchAt.state !== 'ready' || branchAt.sha !== options.expectedHead))
      throw new RepositoryConflictError(
        `GitHub repository ${name}: branch ${branch} moved on since ${options.expectedHead.slice(0, 7)}`,
      );
    // A git tree cannot be empty on GitHub, so a branch cannot start with deletions only.
    if (branchAt.state !== 'ready' && !added[0])
      throw new GithubRepositoryError(`GitHub repository ${name}: a new branch ${branch} needs at least one file`, 0);
    const replacesBranch = branchAt.state === 'empty';
    if (branchAt.state === 'empty') {
      await startEmptyRepository(added[0]!, message, author);
      branchAt = { state: 'missing' };
    }
    const parent = branchAt.state === 'ready' ? branchAt.sha : undefined;
    const baseTree = parent ? await rootTree(parent) : undefined;

    // Deleting a path the commit does not have is a no-op locally; GitHub may refuse it, so leave it out.
    const hasDeletions = added.length + stored.length < files.size;
    const existing = new Set(baseTree && hasDeletions ? (await blobsBelow(baseTree, '')).map((file) => file.path) : []);
    const blobs = await mapLimited(added, 8, async (file) => {
      const { data } = await api(
        `writing ${file.path}`,
        octokit.request('POST /repos/{owner}/{repo}/git/blobs', { ...base, content: file.content, encoding: 'utf-8' }),
      );
      return { path: file.path, mode: '100644' as const, type: 'blob' as const, sha: data.sha };
    });
    const storedEntries = stored.map((file) => ({
      path: file.path,
      mode: '100644' as const,
      type: 'blob' as const,
      sha: file.sha,
    }));
    const deletions = [...files]
      .filter(([path, change]) => change.content === null && existing.has(path))
      .map(([path]) => ({ path, mode: '100644' as const, type: 'blob' as const, sha: null }));
    const entries = [...blobs, ...storedEntries, ...deletions];

    // Nothing to change (e.g. deleting files that are not there): a commit of the same tree, as locally.
    const treeSha =
      entries.length === 0 && baseTree
        ? baseTree
        : (
            await api(
              'writing the tree',
              octokit.request('POST /repos/{owner}/{repo}/git/trees', {
                ...base,
                tree: entries,
                ...(baseTree ? { base_tree: baseTree } : {}),
              }),
            )
          ).data.sha;
    const { data: created } = await api(
      'writing the commit',
      octokit.request('POST /repos/{owner}/{repo}/git/commits', {
        ...base,
        message,
        tree: treeSha,
        parents: parent ? [parent] : [],
        author,
      }),
    );

    if (parent || replacesBranch) {
      // Not forced on an existing branch: when someone else pushed meanwhile, GitHub refuses
      // (not a fast forward) and nothing of theirs is lost.
      try {
        await api(
          `moving branch ${branch} to the new commit`,
          octokit.request('PATCH /repos/{owner}/{repo}/git/refs/{ref}', {
            ...base,
            ref: `heads/${branch}`,
            sha: created.sha,
            force: replacesBranch,
          }),
          `branch ${branch} changed while committing (another commit was pushed); nothing was published, try again`,
        );
      } catch (error) {
        if (error instanceof GithubRepositoryError && (error.status === 409 || error.status === 422))
          throw new RepositoryConflictError(error.message);
        throw error;
      }
    } else {
      await api(
        `creating branch ${branch}`,
        octokit.request('POST /repos/{owner}/{repo}/git/refs', { ...base, ref: `refs/heads/${branch}`, sha: created.sha }),
        `branch ${branch} was created by someone else meanwhile; nothing was published, try again`,
      );
    }
    return created.sha;
  }

  return {
    kind: 'github',
    location:
      apiUrl === DEFAULT_GITHUB_API_URL
        ? `https://github.com/${owner}/${repo}/tree/${branch}`
        : `${apiUrl}/repos/${owner}/${repo} (branch ${branch})`,
    head,
    contains,
    commit,
    async readFile(path: string) {
      let clean: string;
      try {
        clean = repositoryPath(path);
      } catch {
        return undefined; // as the local adapter: a path outside the repository is simply not there
      }
      const at = await head();
      const entry = at ? await entryAt(at, clean) : undefined;
      return entry?.type === 'blob' ? readBlob(entry.sha) : undefined;
    },
    async listFiles(folder: string) {
      return (await tree(folder)).map((file) => file.path);
    },
    tree,
    lastChanges,
    readBlob,
    readBlobs,
    readBlobBytes,
    writeBlob,
    /** `GET /repos/{owner}/{repo}/commits?path=&sha={branch}`: GitHub's own log of one file, 100 a request. */
    async fileHistory(path: string, limit: number) {
      const clean = repositoryPath(path);
      const found: FileCommit[] = [];
      for (let page = 1; found.length < limit; page++) {
        const { data } = await api(
          `reading the history of ${clean}`,
          octokit.request('GET /repos/{owner}/{repo}/commits', { ...base, sha: branch, path: clean, per_page: 100, page }),
        );
        for (const item of data)
          found.push({
            commit: item.sha,
            message: item.commit.message.trim(),
            author: item.commit.author?.name ?? item.author?.login ?? '',
            date: item.commit.author?.date ?? item.commit.committer?.date ?? new Date(0).toISOString(),
          });
        if (data.length < 100) break;
      }
      return found.slice(0, limit);
    },
    async readFileAt(commit: string, path: string) {
      const entry = await entryAt(commit, repositoryPath(path));
      return entry?.type === 'blob' ? readBlob(entry.sha) : undefined;
    },
  };
}

/**
 * When GitHub's answer is a rate limit, the time it lifts (GitHub's documented headers): 403 or 429
 * with `retry-after` (seconds; secondary limits), or with `x-ratelimit-remaining: 0` and
 * `x-ratelimit-reset` (epoch seconds). A 429 without either waits a minute, as GitHub advises.
 */
export function rateLimitResume(error: unknown, now: number): Date | undefined {
  const status = statusOf(error);
  if ((status !== 403 && status !== 429) || !hasResponse(error)) return undefined;
  const headers = ((error as { response?: { headers?: Record<string, unknown> } }).response?.headers ?? {}) as Record<
    string,
    unknown
  >;
  const header = (key: string) => {
    const value = headers[key];
    return typeof value === 'string' || typeof value === 'number' ? Number(value) : Number.NaN;
  };
  const retryAfter = header('retry-after');
  if (Number.isFinite(retryAfter) && retryAfter >= 0) return new Date(now + retryAfter * 1000);
  const reset = header('x-ratelimit-reset');
  if (header('x-ratelimit-remaining') === 0 && Number.isFinite(reset)) return new Date(Math.max(reset * 1000, now) + 1000);
  if (status === 429) return new Date(now + 60_000);
  return undefined;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

function hasResponse(error: unknown): boolean {
  return Boolean((error as { response?: unknown } | null)?.response);
}

function githubMessage(error: unknown): string {
  const data = (error as { response?: { data?: unknown } }).response?.data;
  const message = (data as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : error instanceof Error ? error.message : 'request failed';
}

function toBase64(text: string): string {
  return bytesToBase64(new TextEncoder().encode(text));
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** GitHub wraps base64 at 60 columns. */
export function fromBase64(base64: string): Uint8Array {
  const binary = atob(base64.replace(/\s/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
