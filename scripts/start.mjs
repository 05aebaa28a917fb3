#!/usr/bin/env node
/*
 * `npm start`: builds the site quietly, then serves it. The build's own output (about a thousand
 * lines of Vite and rolldown progress and warnings) is kept back and summarised in one line, so the
 * server's address and the installer link are what the console shows last. The whole output is
 * printed when the build fails, with `npm start -- --verbose`, or with DAFTAR_VERBOSE=1.
 *
 * DAFTAR_BUILD_COMMAND replaces `npm run build` (the start-output test feeds it a stand-in).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const verbose = process.argv.includes('--verbose') || /^(1|true|yes)$/i.test(process.env.DAFTAR_VERBOSE ?? '');
const buildCommand = process.env.DAFTAR_BUILD_COMMAND || 'npm run build';
const root = fileURLToPath(new URL('..', import.meta.url));

/** One or two lines about a build that succeeded: how long it took and what was held back. */
export function buildSummary(output, milliseconds) {
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are stripped before counting
  const plain = lines.map((line) => line.replace(/\u001b\[[0-9;]*m/g, ''));
  const warnings = plain.filter((line) => /\bwarn(ing)?\b/i.test(line)).length;
  const seconds = (milliseconds / 1000).toFixed(1);
  const held = `${lines.length} lines of build output${warnings ? `, ${warnings} of them warnings,` : ''} held back`;
  return `Built in ${seconds} s (${held}; \`npm start -- --verbose\` shows them).`;
}

function run(command, { quiet }) {
  return new Promise((resolve) => {
    const child = spawn(command, {
      cwd: root,
      shell: true,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: quiet ? { ...process.env, FORCE_COLOR: '0' } : process.env,
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

async function main() {
  console.log(verbose ? `Building (${buildCommand})…` : 'Building the site…');
  const started = Date.now();
  const build = await run(buildCommand, { quiet: !verbose });
  if (build.code !== 0) {
    if (!verbose) process.stderr.write(build.output);
    console.error(`\nThe build failed (exit code ${build.code}); the server was not started.`);
    process.exit(build.code);
  }
  if (!verbose) console.log(buildSummary(build.output, Date.now() - started));

  // The server runs as a child so that its cluster (WEB_CONCURRENCY) forks the server, not this
  // script; stop signals are passed on and its exit code is this script's.
  const server = spawn(process.execPath, ['build/node/server.js'], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (server.exitCode === null) server.kill(signal);
    });
  }
  server.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
