// After `npm run build`: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to
// every compressible file of build/client, so the node server sends them as they are
// (platforms/node/static-files.ts) instead of compressing each response. A copy that would not be
// at least 5 % smaller is not written. Workers static assets compress on their own and ignore them.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'build/client';
if (!existsSync(dir)) {
  console.error(`${dir} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|ico|txt|xml|html|webmanifest)$/;

const walk = (folder) =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    return entry.isDirectory() ? walk(file) : [file];
  });

let files = 0;
let before = 0;
let after = 0;
for (const file of walk(dir)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const body = readFileSync(file);
  const copies = {
    '.br': brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    '.gz': gzipSync(body, { level: 9 }),
  };
  for (const [suffix, copy] of Object.entries(copies)) if (copy.length < body.length * 0.95) writeFileSync(file + suffix, copy);
  files += 1;
  before += statSync(file).size;
  after += copies['.br'].length;
}
console.log(
  `precompress: ${files} files in ${dir}, ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB as brotli`,
);
