// biome-ignore-all lint/correctness/noNodejsModules: a build step run by Node (wrangler.jsonc `build`), never bundled into the Worker.
// Writes build/client/_headers (and .assetsignore, below), which Workers static assets apply to the files they serve (never to
// the Worker's own responses). Vite's content-hashed files under /assets/ never change, so browsers
// keep them for a year, as the node target does; other files keep the default revalidation by ETag.
// Cloudflare applies every rule that matches a path, so /assets/* files get both.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const clientDir = 'build/client';
if (!existsSync(clientDir)) {
  console.error('build/client is missing: run `npm run build:workers` (or `npm run build`) first.');
  process.exit(1);
}
/**
 * Writes only what changed: a running `wrangler dev` watches build/client and restarts its Worker
 * mid-request on any write, so a second wrangler (a deploy's dry run beside it) must leave equal
 * files untouched.
 */
function writeIfChanged(file, text) {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  writeFileSync(file, text);
}

// Every file gets `nosniff` (a browser never runs a file as another type than it was sent as).
writeIfChanged(
  `${clientDir}/_headers`,
  ['/*', '  X-Content-Type-Options: nosniff', '/assets/*', '  Cache-Control: public, max-age=31536000, immutable', ''].join('\n'),
);
// The node target's pre-compressed copies (scripts/precompress.mjs) are not uploaded: Workers static
// assets compress on their own.
writeIfChanged(`${clientDir}/.assetsignore`, ['*.br', '*.gz', ''].join('\n'));
