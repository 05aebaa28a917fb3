import * as fs from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import git, { type TreeEntry } from 'isomorphic-git';

/*
 * A local stand-in for the GitHub REST API: exactly the endpoints the GitHub content repository
 * (server/content/github-repository.ts) uses, as GitHub documents them, on top of a real bare git
 * repository written and read with isomorphic-git. Tests check the real commits it ends up with
 * (isomorphic-git `log`/`readTree`, or plain `git --git-dir`).
 *
 * Endpoints: GET /repos/{o}/{r}; GET git/ref/{ref}; POST git/refs; PATCH git/refs/{ref};
 * GET|POST git/commits; GET|POST git/trees; GET|POST git/blobs; PUT contents/{path} (creating a
 * file, which is how GitHub lets the first commit into an empty repository); GET compare/{base}...{head}
 * (commit ids only; its status, 404 without a common ancestor); POST /graphql (only
 * `repository(owner, name) { alias: object(oid: "…") { ... on Blob { text isTruncated isBinary } } … }`,
 * the bulk read of blob texts, and `alias: object(oid: "…") { ... on Commit { alias: history(first: 1,
 * path: $var) { nodes { oid committedDate } } … } }`, the last change of files).
 *
 * `requests` counts every request; `rateLimit(resetAt)` makes every request answer as GitHub does
 * when the hourly budget is spent (403, `x-ratelimit-remaining: 0`, `x-ratelimit-reset`) until `lift()`.
 */

export type GithubStandInOptions = {
  owner?: string;
  repo?: string;
  /** Accepted as `Authorization: Bearer <token>` or `token <token>`. */
  token?: string;
  /** Accepted for reads only; writes answer 403 as for a token without contents write permission. */
  readOnlyToken?: string;
  defaultBranch?: string;
  /** Recursive tree listings longer than this are cut and marked `truncated`, as GitHub does for huge trees. */
  truncateTreesOver?: number;
  /** GraphQL gives no text (`isTruncated`) for blobs longer than this many bytes; the adapter reads those over REST. */
  graphqlTextUpTo?: number;
};

export type GithubStandIn = Awaited<ReturnType<typeof startGithubStandIn>>;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;
type TreeChange = { path: string; mode: string; type: string; sha: string | null };

const SHA = /^[0-9a-f]{40}$/;
const MODES: Record<string, string> = {
  '100644': 'blob',
  '100755': 'blob',
  '120000': 'blob',
  '040000': 'tree',
  '160000': 'commit',
};
const isoDate = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

export async function startGithubStandIn(options: GithubStandInOptions = {}) {
  const owner = options.owner ?? 'daftar-test';
  const repo = options.repo ?? 'content';
  const token = options.token ?? 'stand-in-token-0123456789';
  const defaultBranch = options.defaultBranch ?? 'main';
  const gitdir = fs.mkdtempSync(path.join(tmpdir(), 'daftar-github-'));
  const repository = { fs, gitdir };
  await git.init({ ...repository, bare: true, defaultBranch });

  /** Every request, as `METHOD /route` with the route decoded (`GET /git/ref/heads/main`). */
  const requests: string[] = [];
  /** The requests answered 304 Not Modified (conditional), which GitHub's rate limit does not count. */
  const notModified: string[] = [];
  /** Actions to run once before the next request to a route (to interleave another client's push). */
  const pending: { route: string; action: () => Promise<void> }[] = [];
  /** While set, every request is refused for the rate limit until this time (epoch seconds, GitHub's `x-ratelimit-reset`). */
  let limitedUntil: number | undefined;
  /** The same for GraphQL alone (its budget is counted apart from REST's). */
  let graphqlLimitedUntil: number | undefined;

  // --- the git side -------------------------------------------------------------------------

  const isEmpty = async () => (await git.listBranches(repository)).length === 0;
  const resolve = (ref: string) => git.resolveRef({ ...repository, ref }).catch(() => undefined);
  const objectType = async (oid: unknown) =>
    typeof oid === 'string' && SHA.test(oid)
      ? (await git.readObject({ ...repository, oid, format: 'parsed' }).catch(() => undefined))?.type
      : undefined;

  /** Applies changes (paths may be nested) to a tree and writes the result; undefined when empty. */
  async function applyToTree(baseOid: string | undefined, changes: { segments: string[]; change: TreeChange }[]) {
    const entries = new Map<string, TreeEntry>(
      baseOid ? (await git.readTree({ ...repository, oid: baseOid })).tree.map((entry) => [entry.path, entry]) : [],
    );
    const nested = new Map<string, { segments: string[]; change: TreeChange }[]>();
    for (const { segments, change } of changes) {
      const [name, ...rest] = segments as [string, ...string[]];
      if (rest.length > 0) {
        nested.set(name, [...(nested.get(name) ?? []), { segments: rest, change }]);
      } else if (change.sha === null) {
        // GitHub does not document deleting a path that is not there; refusing it keeps adapters honest.
        if (!entries.delete(name)) throw new HttpError(422, `tree.path ${change.path} does not exist in base_tree`);
      } else {
        entries.set(name, { path: name, mode: change.mode, type: change.type as TreeEntry['type'], oid: change.sha });
      }
    }
    for (const [name, list] of nested) {
      const existing = entries.get(name);
      if (existing && existing.type !== 'tree') throw new HttpError(422, `tree.path ${name} is not a directory`);
      const oid = await applyToTree(existing?.oid, list);
      if (oid) entries.set(name, { path: name, mode: '040000', type: 'tree', oid });
      else entries.delete(name);
    }
    return entries.size > 0 ? git.writeTree({ ...repository, tree: [...entries.values()] }) : undefined;
  }
  const writeTree = async (baseOid: string | undefined, changes: TreeChange[]) =>
    (await applyToTree(
      baseOid,
      changes.map((change) => ({ segments: change.path.split('/'), change })),
    )) ?? git.writeTree({ ...repository, tree: [] });

  function person(value: unknown, fallback?: { name: string; email: string; timestamp: number; timezoneOffset: number }) {
    const given = value as { name?: unknown; email?: unknown; date?: unknown } | undefined;
    if (!given)
      return (
        fallback ?? { name: 'GitHub', email: 'noreply@github.com', timestamp: Math.floor(Date.now() / 1000), timezoneOffset: 0 }
      );
    if (typeof given.name !== 'string' || typeof given.email !== 'string')
      throw new HttpError(422, 'author must have a name and an email');
    const timestamp = typeof given.date === 'string' ? Math.floor(Date.parse(given.date) / 1000) : Math.floor(Date.now() / 1000);
    return { name: given.name, email: given.email, timestamp, timezoneOffset: 0 };
  }

  async function writeCommit(tree: string, parents: string[], message: string, author: unknown, committer?: unknown) {
    const writtenBy = person(author);
    return git.writeCommit({
      ...repository,
      commit: { message, tree, parent: parents, author: writtenBy, committer: person(committer, writtenBy) },
    });
  }

  async function commitJson(oid: string) {
    const { commit } = await git.readCommit({ ...repository, oid });
    const who = (p: typeof commit.author) => ({ name: p.name, email: p.email, date: isoDate(p.timestamp) });
    return {
      sha: oid,
      author: who(commit.author),
      committer: who(commit.committer ?? commit.author),
      message: commit.message,
      tree: { sha: commit.tree },
      parents: commit.parent.map((sha) => ({ sha })),
    };
  }

  /** Lists a tree as GitHub does: one level, or (recursive) every entry below with full paths. */
  async function listTree(oid: string, recursive: boolean, prefix = ''): Promise<Json[]> {
    const { tree } = await git.readTree({ ...repository, oid });
    const rows: Json[] = [];
    for (const entry of tree) {
      const full = `${prefix}${entry.path}`;
      const size = entry.type === 'blob' ? { size: (await git.readBlob({ ...repository, oid: entry.oid })).blob.length } : {};
      rows.push({ path: full, mode: entry.mode, type: entry.type, sha: entry.oid, ...size });
      if (recursive && entry.type === 'tree') rows.push(...(await listTree(entry.oid, true, `${full}/`)));
    }
    return rows;
  }

  async function moveRef(ref: string, sha: string) {
    await git.writeRef({ ...repository, ref, value: sha, force: true });
  }

  /** Another client's push straight into the repository: the branch moves on with these files. */
  async function push(files: Record<string, string | null>, message = 'Pushed elsewhere', branch = defaultBranch) {
    const parent = await resolve(`refs/heads/${branch}`);
    const changes: TreeChange[] = [];
    for (const [file, content] of Object.entries(files)) {
      const sha = content === null ? null : await git.writeBlob({ ...repository, blob: new TextEncoder().encode(content) });
      changes.push({ path: file, mode: '100644', type: 'blob', sha });
    }
    const base = parent ? (await git.readCommit({ ...repository, oid: parent })).commit.tree : undefined;
    const sha = await writeCommit(await writeTree(base, changes), parent ? [parent] : [], message, {
      name: 'Someone Else',
      email: 'else@example.com',
    });
    await moveRef(`refs/heads/${branch}`, sha);
    return sha;
  }

  // --- the HTTP side ------------------------------------------------------------------------

  const needsCommits = async () => {
    if (await isEmpty()) throw new HttpError(409, 'Git Repository is empty.');
  };

  type Handler = (request: {
    params: [string];
    body: Json;
    query: URLSearchParams;
    ifNoneMatch?: string;
  }) => Promise<[number, unknown] | [number, unknown, Record<string, string>]>;
  /** The endpoints, by method and path below /repos/{owner}/{repo} (percent-decoded). */
  const routes: [string, RegExp, Handler][] = [
    ['GET', /^$/, async () => [200, { name: repo, full_name: `${owner}/${repo}`, default_branch: defaultBranch, private: true }]],
    [
      'GET',
      /^\/git\/ref\/(.+)$/,
      async ({ params: [ref], ifNoneMatch }) => {
        await needsCommits();
        const sha = await resolve(`refs/${ref}`);
        if (!sha) throw new HttpError(404, 'Not Found');
        // Conditional requests as GitHub answers them: 304 (not counted by its rate limit) while the ETag matches.
        const etag = `"${sha}"`;
        if (ifNoneMatch === etag) return [304, null, { etag }];
        return [200, { ref: `refs/${ref}`, object: { sha, type: 'commit' } }, { etag }];
      },
    ],
    [
      'GET',
      /^\/git\/commits\/([^/]+)$/,
      async ({ params: [sha] }) => {
        await needsCommits();
        if ((await objectType(sha)) !== 'commit') throw new HttpError(404, 'Not Found');
        return [200, await commitJson(sha)];
      },
    ],
    [
      'GET',
      /^\/compare\/([0-9a-f]{40}\.\.\.[0-9a-f]{40})$/,
      async ({ params: [basehead] }) => {
        await needsCommits();
        const [baseSha, headSha] = basehead.split('...') as [string, string];
        if ((await objectType(baseSha)) !== 'commit' || (await objectType(headSha)) !== 'commit')
          throw new HttpError(404, 'Not Found');
        const descends = (oid: string, ancestor: string) => git.isDescendent({ ...repository, oid, ancestor, depth: -1 });
        const [mergeBase] = await git.findMergeBase({ ...repository, oids: [baseSha, headSha] });
        if (!mergeBase) throw new HttpError(404, `No common ancestor between ${baseSha} and ${headSha}.`);
        const status =
          baseSha === headSha
            ? 'identical'
            : (await descends(headSha, baseSha))
              ? 'ahead'
              : (await descends(baseSha, headSha))
                ? 'behind'
                : 'diverged';
        // Only what the adapter reads, plus the commits' ids (GitHub also lists commits and files).
        return [200, { status, base_commit: { sha: baseSha }, merge_base_commit: { sha: mergeBase } }];
      },
    ],
    [
      'GET',
      /^\/git\/trees\/([^/]+)$/,
      async ({ params: [sha], query }) => {
        await needsCommits();
        if ((await objectType(sha)) !== 'tree') throw new HttpError(404, 'Not Found');
        let tree = await listTree(sha, query.has('recursive'));
        const limit = options.truncateTreesOver;
        const truncated = query.has('recursive') && limit !== undefined && tree.length > limit;
        if (truncated) tree = tree.slice(0, limit);
        return [200, { sha, tree, truncated }];
      },
    ],
    [
      'GET',
      /^\/git\/blobs\/([^/]+)$/,
      async ({ params: [sha] }) => {
        await needsCommits();
        if ((await objectType(sha)) !== 'blob') throw new HttpError(404, 'Not Found');
        const { blob } = await git.readBlob({ ...repository, oid: sha });
        // GitHub wraps the base64 at 60 columns.
        const content = `${Buffer.from(blob).toString('base64').replace(/.{60}/g, '$&\n')}\n`;
        return [200, { sha, size: blob.length, content, encoding: 'base64' }];
      },
    ],
    [
      'POST',
      /^\/git\/blobs$/,
      async ({ body }) => {
        await needsCommits();
        const encoding = body.encoding ?? 'utf-8';
        if (typeof body.content !== 'string' || (encoding !== 'utf-8' && encoding !== 'base64'))
          throw new HttpError(422, 'Invalid request: content must be a string, encoding utf-8 or base64');
        const bytes = encoding === 'base64' ? Buffer.from(body.content, 'base64') : Buffer.from(body.content, 'utf8');
        const sha = await git.writeBlob({ ...repository, blob: new Uint8Array(bytes) });
        return [201, { sha }];
      },
    ],
    [
      'POST',
      /^\/git\/trees$/,
      async ({ body }) => {
        await needsCommits();
        if (!Array.isArray(body.tree)) throw new HttpError(422, 'Invalid request: tree must be an array');
        const base = body.base_tree;
        if (base !== undefined && (await objectType(base)) !== 'tree') throw new HttpError(422, 'base_tree is not a valid tree');
        const changes: TreeChange[] = [];
        for (const raw of body.tree as Json[]) {
          const { path: file, mode, type, sha } = raw;
          if (
            typeof file !== 'string' ||
            !file ||
            file.startsWith('/') ||
            file.endsWith('/') ||
            file.split('/').some((s) => !s || s === '.' || s === '..')
          )
            throw new HttpError(422, `tree.path ${String(file)} is invalid`);
          if (typeof mode !== 'string' || MODES[mode] === undefined || MODES[mode] !== type)
            throw new HttpError(422, `tree.mode ${String(mode)} / tree.type ${String(type)} is invalid`);
          if (!('sha' in raw))
            throw new HttpError(422, 'Must supply either tree.sha or tree.content (the stand-in supports sha only)');
          if (sha !== null && (await objectType(sha)) !== type)
            throw new HttpError(422, `tree.sha ${String(sha)} is not a valid ${type}`);
          changes.push({ path: file, mode, type, sha: sha as string | null });
        }
        const sha = await writeTree(base as string | undefined, changes);
        return [201, { sha, tree: await listTree(sha, false), truncated: false }];
      },
    ],
    [
      'POST',
      /^\/git\/commits$/,
      async ({ body }) => {
        await needsCommits();
        const parents = body.parents ?? [];
        if (typeof body.message !== 'string') throw new HttpError(422, 'Invalid request: message must be a string');
        if ((await objectType(body.tree)) !== 'tree') throw new HttpError(422, 'Tree SHA does not exist');
        if (!Array.isArray(parents)) throw new HttpError(422, 'Invalid request: parents must be an array');
        for (const parent of parents)
          if ((await objectType(parent)) !== 'commit')
            throw new HttpError(422, 'Parent SHA does not exist or is not a commit object');
        const sha = await writeCommit(body.tree as string, parents as string[], body.message, body.author, body.committer);
        return [201, await commitJson(sha)];
      },
    ],
    [
      'POST',
      /^\/git\/refs$/,
      async ({ body }) => {
        await needsCommits();
        const ref = body.ref;
        if (typeof ref !== 'string' || !/^refs\/[^/]+\/.+/.test(ref)) throw new HttpError(422, 'Reference name is invalid');
        if ((await objectType(body.sha)) !== 'commit') throw new HttpError(422, 'Object does not exist');
        if (await resolve(ref)) throw new HttpError(422, 'Reference already exists');
        await moveRef(ref, body.sha as string);
        return [201, { ref, object: { sha: body.sha, type: 'commit' } }];
      },
    ],
    [
      'PATCH',
      /^\/git\/refs\/(.+)$/,
      async ({ params: [name], body }) => {
        await needsCommits();
        const ref = `refs/${name}`;
        const current = await resolve(ref);
        if (!current) throw new HttpError(422, 'Reference does not exist');
        const sha = body.sha as string;
        if ((await objectType(sha)) !== 'commit') throw new HttpError(422, 'Object does not exist');
        const fastForward =
          sha === current || (await git.isDescendent({ ...repository, oid: sha, ancestor: current, depth: -1 }));
        if (!fastForward && body.force !== true) throw new HttpError(422, 'Update is not a fast forward');
        await moveRef(ref, sha);
        return [200, { ref, object: { sha, type: 'commit' } }];
      },
    ],
    [
      'PUT',
      /^\/contents\/(.+)$/,
      async ({ params: [file], body }) => {
        const branch = typeof body.branch === 'string' ? body.branch : defaultBranch;
        if (typeof body.message !== 'string' || typeof body.content !== 'string')
          throw new HttpError(422, 'Invalid request: message and content are required');
        const parent = await resolve(`refs/heads/${branch}`);
        if (!parent && !(await isEmpty())) throw new HttpError(404, `Branch ${branch} not found`);
        const base = parent ? (await git.readCommit({ ...repository, oid: parent })).commit.tree : undefined;
        const existing = base
          ? await git.readBlob({ ...repository, oid: parent!, filepath: file }).catch(() => undefined)
          : undefined;
        if (existing && body.sha !== existing.oid) throw new HttpError(422, '"sha" wasn\'t supplied.');
        const blob = await git.writeBlob({ ...repository, blob: new Uint8Array(Buffer.from(body.content, 'base64')) });
        const tree = await writeTree(base, [{ path: file, mode: '100644', type: 'blob', sha: blob }]);
        const sha = await writeCommit(tree, parent ? [parent] : [], body.message, body.author, body.committer);
        await moveRef(`refs/heads/${branch}`, sha);
        return [existing ? 200 : 201, { content: { path: file, sha: blob, type: 'file' }, commit: await commitJson(sha) }];
      },
    ],
  ];

  /** The bulk blob read of the adapter: each `alias: object(oid: "…")` of the query, answered as a Blob (or null). */
  async function graphql(body: Json): Promise<[number, unknown]> {
    if (typeof body.query !== 'string') throw new HttpError(400, 'A query attribute must be specified and must be a string.');
    const variables = (body.variables ?? {}) as Json;
    if (
      String(variables.owner).toLowerCase() !== owner.toLowerCase() ||
      String(variables.name).toLowerCase() !== repo.toLowerCase()
    )
      return [200, { data: { repository: null }, errors: [{ type: 'NOT_FOUND', message: 'Could not resolve to a Repository' }] }];
    await needsCommits();
    const found: Record<string, unknown> = {};
    // The last change of paths: `commit: object(oid: "…") { ... on Commit { h0: history(first: 1, path: $p0) { nodes { oid committedDate } } … } }`.
    const commitAt = /(\w+): object\(oid: "([0-9a-f]{40})"\) \{ \.\.\. on Commit/.exec(body.query);
    if (commitAt) {
      const [, commitAlias, head] = commitAt as unknown as [string, string, string];
      if ((await objectType(head)) !== 'commit') return [200, { data: { repository: { [commitAlias]: null } } }];
      const histories: Record<string, unknown> = {};
      for (const [, alias, variable] of body.query.matchAll(/(\w+): history\(first: 1, path: \$(\w+)\)/g)) {
        const filepath = variables[variable!];
        if (typeof filepath !== 'string')
          throw new HttpError(400, `Variable $${variable} of type String! was provided invalid value`);
        const [last] = await git.log({ ...repository, ref: head, filepath, depth: 1 }).catch(() => []);
        histories[alias!] = {
          nodes: last ? [{ oid: last.oid, committedDate: isoDate(last.commit.committer.timestamp) }] : [],
        };
      }
      return [200, { data: { repository: { [commitAlias]: histories } } }];
    }
    for (const [, alias, oid] of body.query.matchAll(/(\w+): object\(oid: "([0-9a-f]{40})"\)/g)) {
      if ((await objectType(oid)) !== 'blob') {
        found[alias!] = (await objectType(oid)) ? {} : null;
        continue;
      }
      const { blob } = await git.readBlob({ ...repository, oid: oid! });
      const isBinary = blob.includes(0);
      const isTruncated = options.graphqlTextUpTo !== undefined && blob.length > options.graphqlTextUpTo;
      found[alias!] = { text: isBinary || isTruncated ? null : new TextDecoder().decode(blob), isTruncated, isBinary };
    }
    return [200, { data: { repository: found } }];
  }

  async function route(
    method: string,
    rest: string,
    query: URLSearchParams,
    body: Json,
    ifNoneMatch?: string,
  ): Promise<[number, unknown] | [number, unknown, Record<string, string>]> {
    for (const [verb, pattern, handle] of routes) {
      const match = verb === method ? pattern.exec(rest) : null;
      if (match) return handle({ params: match.slice(1) as [string], body, query, ifNoneMatch });
    }
    throw new HttpError(404, 'Not Found');
  }

  const readBody = async (request: IncomingMessage): Promise<Json> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (chunks.length === 0) return {};
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
    } catch {
      throw new HttpError(400, 'Problems parsing JSON');
    }
  };

  /** GitHub's answer once the hourly budget is spent (its documented headers). */
  const refuseWhileLimited = () => {
    if (limitedUntil === undefined) return;
    throw new HttpError(403, 'API rate limit exceeded for user ID 1.', {
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-used': '5000',
      'x-ratelimit-reset': String(limitedUntil),
      'x-ratelimit-resource': 'core',
    });
  };

  // One request at a time, like a single git process: no ref races inside the stand-in itself.
  let queue: Promise<unknown> = Promise.resolve();
  const server = createServer((request, response) => {
    queue = queue.then(async () => {
      let status: number;
      let payload: unknown;
      let errorHeaders: Record<string, string> | undefined;
      let answerHeaders: Record<string, string> | undefined;
      try {
        const url = new URL(request.url ?? '/', 'http://stand-in');
        const presented = /^(?:bearer|token)\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
        const canWrite = presented === token;
        if (!canWrite && (presented === undefined || presented !== options.readOnlyToken))
          throw new HttpError(401, 'Bad credentials');
        const method = request.method ?? 'GET';
        if (url.pathname === '/graphql' && method === 'POST') {
          requests.push('POST /graphql');
          refuseWhileLimited();
          if (graphqlLimitedUntil !== undefined) {
            // GitHub's GraphQL answers its own budget's end with 200 and a RATE_LIMITED error.
            response.writeHead(200, {
              'content-type': 'application/json; charset=utf-8',
              'x-ratelimit-remaining': '0',
              'x-ratelimit-reset': String(graphqlLimitedUntil),
              'x-ratelimit-resource': 'graphql',
            });
            response.end(
              JSON.stringify({ errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded for user ID 1.' }] }),
            );
            return;
          }
          const hook = pending.findIndex((item) => 'POST /graphql'.startsWith(item.route));
          if (hook >= 0) await pending.splice(hook, 1)[0]!.action();
          [status, payload] = await graphql(await readBody(request));
          response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
          response.end(JSON.stringify(payload));
          return;
        }
        const match = url.pathname.match(/^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/);
        if (!match || match[1]!.toLowerCase() !== owner.toLowerCase() || match[2]!.toLowerCase() !== repo.toLowerCase())
          throw new HttpError(404, 'Not Found');
        const rest = decodeURIComponent(match[3] ?? '');
        requests.push(`${method} ${rest || '/'}`);
        refuseWhileLimited();
        const body = await readBody(request);
        if (method !== 'GET' && !canWrite) throw new HttpError(403, 'Resource not accessible by personal access token');
        const hook = pending.findIndex((item) => `${method} ${rest}`.startsWith(item.route));
        if (hook >= 0) await pending.splice(hook, 1)[0]!.action();
        const ifNoneMatch = request.headers['if-none-match'];
        [status, payload, answerHeaders] = await route(method, rest, url.searchParams, body, ifNoneMatch);
        if (status === 304) notModified.push(`${method} ${rest}`);
      } catch (error) {
        status = error instanceof HttpError ? error.status : 500;
        if (error instanceof HttpError) errorHeaders = error.headers;
        payload = {
          message: error instanceof Error ? error.message : String(error),
          documentation_url: 'https://docs.github.com/rest',
        };
      }
      if (status === 304) {
        response.writeHead(304, answerHeaders);
        response.end();
        return;
      }
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        ...(answerHeaders ?? {}),
        ...(errorHeaders ?? {}),
      });
      response.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    gitdir,
    owner,
    repo,
    token,
    branch: defaultBranch,
    requests,
    notModified,
    /** The configuration that points the app at this stand-in. */
    env: { GITHUB_TOKEN: token, GITHUB_OWNER: owner, GITHUB_REPO: repo, GITHUB_API_URL: url } as Record<string, string>,
    push,
    /**
     * From now on every request answers 403 for the rate limit, reset at `resetAt` (epoch seconds),
     * until `lift()`; `graphql`: only GraphQL's budget is spent (200 with a RATE_LIMITED error).
     */
    rateLimit(resetAt: number, which: 'all' | 'graphql' = 'all') {
      if (which === 'all') limitedUntil = resetAt;
      else graphqlLimitedUntil = resetAt;
    },
    lift() {
      limitedUntil = undefined;
      graphqlLimitedUntil = undefined;
    },
    /** Runs `action` just before the next request whose `METHOD /route` starts with `route`. */
    before(route: string, action: () => Promise<void>) {
      pending.push({ route, action });
    },
    /** Commits of a branch, newest first (isomorphic-git `log`). */
    log: (branch = defaultBranch) => git.log({ ...repository, ref: `refs/heads/${branch}` }),
    /** Files of a branch's newest commit, path → text. */
    async files(branch = defaultBranch) {
      const files: Record<string, string> = {};
      const oid = await resolve(`refs/heads/${branch}`);
      if (!oid) return files;
      for (const row of await listTree((await git.readCommit({ ...repository, oid })).commit.tree, true)) {
        if (row.type !== 'blob') continue;
        const { blob } = await git.readBlob({ ...repository, oid: row.sha as string });
        files[row.path as string] = new TextDecoder().decode(blob);
      }
      return files;
    },
    branches: () => git.listBranches(repository),
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      fs.rmSync(gitdir, { recursive: true, force: true });
    },
  };
}
