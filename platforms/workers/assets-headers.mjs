// biome-ignore-all lint/correctness/noNodejsModules: a build step run by Node (wrangler.jsonc `build`), never bundled into the Worker.
// Writes build/client/_headers, which Workers static assets apply to the files they serve (never to
// the Worker's own responses). Vite's content-hashed files under /assets/ never change, so browsers
// keep them for a year, as the node target does; other files keep the default revalidation by ETag.
import { existsSync, writeFileSync } from 'node:fs';

const clientDir = 'build/client';
if (!existsSync(clientDir)) {
  console.error('build/client is missing: run `npm run build:workers` (or `npm run build`) first.');
  process.exit(1);
}
writeFileSync(
  `${clientDir}/_headers`,
  ['/assets/*', '  Cache-Control: public, max-age=31536000, immutable', '  X-Content-Type-Options: nosniff', ''].join('\n'),
);
