import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Hono, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { PageEncoding } from '../../server/deps';
import { acceptedEncodings } from '../../server/http/page-cache';

/** Long-lived, content-hashed files (Vite's `/assets/*`) and the rest of build/client (favicon, images). */
export const STATIC_CACHE = { assets: 'public, max-age=31536000, immutable', other: 'public, max-age=3600' } as const;

/** The pre-compressed copies `scripts/precompress.mjs` writes next to a file after the build. */
const ENCODED: [Exclude<PageEncoding, 'identity'>, string][] = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

type StaticFile = {
  /** Absolute path per stored encoding (identity always). */
  paths: Partial<Record<PageEncoding, string>> & { identity: string };
  headers: Record<string, string>;
  etag: string;
  /** Bytes read on first use, then kept: build/client is small and never changes while serving. */
  bodies: Partial<Record<PageEncoding, Uint8Array<ArrayBuffer>>>;
};

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listFiles(path.join(dir, entry.name), `${prefix}/${entry.name}`)
      : entry.isFile()
        ? [`${prefix}/${entry.name}`]
        : [],
  );
}

/**
 * Every file of build/client by its URL path, read once at start (a directory listing, no file
 * contents), so a request for anything else — every page — never touches the file system.
 */
export function indexClientFiles(clientDir: string): Map<string, StaticFile> {
  const index = new Map<string, StaticFile>();
  let names: string[];
  try {
    names = listFiles(clientDir);
  } catch {
    return index;
  }
  const present = new Set(names);
  for (const name of names) {
    if (ENCODED.some(([, suffix]) => name.endsWith(suffix))) continue;
    const file = path.join(clientDir, name);
    const stat = statSync(file);
    const paths: StaticFile['paths'] = { identity: file };
    for (const [encoding, suffix] of ENCODED) if (present.has(name + suffix)) paths[encoding] = file + suffix;
    const type = getMimeType(name) ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': name.startsWith('/assets/') ? STATIC_CACHE.assets : STATIC_CACHE.other,
      'x-content-type-options': 'nosniff',
    };
    if (paths.br || paths.gzip) headers.vary = 'Accept-Encoding';
    index.set(name, { paths, headers, etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}`, bodies: {} });
  }
  return index;
}

const SUFFIX: Record<PageEncoding, string> = { br: '-br"', gzip: '-gz"', identity: '"' };

/** `If-None-Match` names this file in any of its encodings. */
function notModified(ifNoneMatch: string | undefined, etag: string) {
  const tags = Object.values(SUFFIX).map((suffix) => etag + suffix);
  return Boolean(ifNoneMatch?.split(',').some((raw) => tags.includes(raw.trim().replace(/^W\//, ''))));
}

/**
 * Serves build/client before the app, each file in the best encoding the client accepts among the
 * build's pre-compressed copies, with `ETag`, `Vary: Accept-Encoding`, caching and
 * `X-Content-Type-Options: nosniff` (these responses never pass through the app's headers).
 */
export function clientFiles(clientDir: string): MiddlewareHandler {
  const index = indexClientFiles(clientDir);
  return async (c, next) => {
    const method = c.req.method;
    const file = method === 'GET' || method === 'HEAD' ? index.get(c.req.path) : undefined;
    if (!file) return next();
    const encoding = acceptedEncodings(c.req.header('accept-encoding')).find((e) => file.paths[e]) ?? 'identity';
    const etag = file.etag + SUFFIX[encoding];
    if (notModified(c.req.header('if-none-match'), file.etag))
      return new Response(null, { status: 304, headers: { etag, 'cache-control': file.headers['cache-control'] ?? '' } });
    file.bodies[encoding] ??= new Uint8Array(readFileSync(file.paths[encoding] ?? file.paths.identity));
    const body = file.bodies[encoding];
    const headers: Record<string, string> = { ...file.headers, etag, 'content-length': String(body.byteLength) };
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    return new Response(method === 'HEAD' ? null : body, { status: 200, headers });
  };
}

export function serveClientFiles(server: Hono, clientDir: string) {
  server.use('*', clientFiles(clientDir));
}
