import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/*
 * Tests that need a second process (a publish or a sync killed with SIGKILL half-way, two
 * publishers racing) run one of tests/support/*-child.ts. Compiling the app in every child (tsx)
 * took 10–30 s each on a loaded 2-core machine and timed tests out; the global setup now bundles
 * the children once per run and each child is a plain `node` start of its bundle.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Inside the checkout, so the bundles' package imports resolve to its node_modules. */
const bundleDir = path.join(root, '.cache', 'test-children');
const childrenDir = path.join(root, 'tests', 'support');

export type ChildScript = 'publish-child' | 'publish-race-child' | 'sync-child' | 'sync-memory-child';

/** Bundles every tests/support/*-child.ts (packages stay imports). Run by the global setup. */
export async function bundleChildScripts() {
  const entryPoints = readdirSync(childrenDir)
    .filter((file) => file.endsWith('-child.ts'))
    .map((file) => path.join(childrenDir, file));
  await build({
    entryPoints,
    outdir: bundleDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: 'inline',
    logLevel: 'error',
  });
}

/** Starts a child script's bundle with these arguments (and node flags), its standard streams piped. */
export function spawnChild(script: ChildScript, args: string[], nodeFlags: string[] = []): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [...nodeFlags, '--enable-source-maps', path.join(bundleDir, `${script}.mjs`), ...args]);
}

/**
 * Starts a child that prints `marker` once it reached the step under test and then waits, and
 * kills it there with SIGKILL, as a crash or `kill -9` would.
 */
export async function killWhenPrinted(script: ChildScript, args: string[], marker: string) {
  const child = spawnChild(script, args);
  let output = '';
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes(marker)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`${script} ended (${code}) before printing "${marker}":\n${output}`)));
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  child.kill('SIGKILL');
  return exited;
}
