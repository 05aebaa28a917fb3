// biome-ignore-all lint/correctness/noNodejsModules: a build step run by Node (wrangler.jsonc `build`), never bundled into the Worker.
// Writes build/client/_headers (and .assetsignore, below), which Workers static assets apply to the files they serve (never to
// the Worker's own responses). Vite's content-hashed files under /assets/ never change, so browsers
// keep them for a year, as the node target does; other files keep the default revalidation by ETag.
// Cloudflare applies every rule that matches a path, so /assets/* files get both.
import { existsSync, writeFileSync } from 'node:fs';

const clientDir = 'build/client';
if (!existsSync(clientDir)) {
  console.error('build/client is missing: run `npm run build:workers` (or `npm run build`) first.');
  process.exit(1);
}
// Every file gets `nosniff` (a browser never runs a file as another type than it was sent as).
writeFileSync(
  `${clientDir}/_headers`,
  ['/*', '  X-Content-Type-Options: nosniff', '/assets/*', '  Cache-Control: public, max-age=31536000, immutable', ''].join('\n'),
);
// The node target's pre-compressed copies (scripts/precompress.mjs) are not uploaded: Workers static
// assets compress on their own.
writeFileSync(`${clientDir}/.assetsignore`, ['*.br', '*.gz', ''].join('\n'));
