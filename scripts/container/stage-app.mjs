#!/usr/bin/env node
/*
 * `npm run container:build` (scripts/container/build.sh) makes the image's /app on this machine,
 * in `.container/app/` (in the build context, ignored by git), instead of running `npm ci` and
 * `npm run build` in the chroot: package.json, the build (build/, as `npm run build` left it) and
 * the production packages — every package-lock.json entry that is not dev-only, hard-linked from
 * node_modules (no copy, nothing of node_modules is written: a link is only ever removed) — then
 * prune-runtime.mjs's cut, as the Containerfile's build stage does after `npm prune --omit=dev`.
 * The Containerfile's `host` stage copies it (build-arg APP=host).
 *
 * Usage: node scripts/container/stage-app.mjs [stage folder]
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const stage = path.resolve(process.argv[2] ?? path.join(root, '.container/app'));

/** The lock's production packages: `node_modules/…` entries npm keeps under `--omit=dev`. */
export function productionPackages(lock) {
  return Object.entries(lock.packages ?? {})
    .filter(([key, entry]) => key.startsWith('node_modules/') && !entry.dev && !entry.link)
    .map(([key]) => key)
    .sort();
}

/** Hard-links the files of package folder `from` into `to`, leaving out its own nested node_modules. */
function linkTree(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isFile()) linkSync(source, target);
  }
}

function main() {
  if (!existsSync(path.join(root, 'build/node/server.js'))) {
    console.error('No build/node/server.js: run `npm run build` first.');
    process.exit(1);
  }
  if (!existsSync(path.join(root, 'node_modules'))) {
    console.error('No node_modules: run `npm ci` first.');
    process.exit(1);
  }
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  let linked = 0;
  for (const key of productionPackages(lock)) {
    const from = path.join(root, key);
    // Optional packages for other platforms (another CPU, musl) are in the lock but not installed.
    if (!existsSync(from) || !lstatSync(from).isDirectory()) continue;
    linkTree(from, path.join(stage, key));
    linked++;
  }
  cpSync(path.join(root, 'package.json'), path.join(stage, 'package.json'));
  // The build is copied, not linked: `npm run build` rewrites its files in place.
  cpSync(path.join(root, 'build'), path.join(stage, 'build'), { recursive: true });
  execFileSync(process.execPath, [path.join(root, 'scripts/container/prune-runtime.mjs')], { cwd: stage, stdio: 'inherit' });
  console.log(`Staged the app in ${path.relative(root, stage) || stage}: ${linked} production packages and the build.`);
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) main();
