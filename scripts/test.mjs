// `npm test`: every suite in order — static checks, unit/service/API tests (Vitest), the build,
// browser tests (Playwright in Chromium) — then one plain summary line: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const results = { passed: 0, failed: 0 };
const failures = [];
mkdirSync('test-results', { recursive: true });

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`◀ ${label}: ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return status === 0;
}

/** A check that is not a test runner counts as one test. */
function check(label, command, args) {
  if (run(label, command, args)) results.passed += 1;
  else {
    results.failed += 1;
    failures.push(label);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

check('generated modules are current', 'node', ['scripts/generate-modules.mjs', '--check']);
check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('lint', 'npm', ['run', '--silent', 'lint']);

rmSync('test-results/vitest.json', { force: true });
const unitOk = run('unit, service and API tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=test-results/vitest.json',
]);
const vitest = readJson('test-results/vitest.json');
if (vitest) {
  results.passed += vitest.numPassedTests;
  results.failed += vitest.numFailedTests;
  if (vitest.numFailedTests > 0) failures.push('vitest');
}
if (!unitOk && (!vitest || vitest.numFailedTests === 0)) {
  results.failed += 1;
  failures.push('vitest (run failed)');
}

const built = run('build', 'npm', ['run', '--silent', 'build']);
if (built) results.passed += 1;
else {
  results.failed += 1;
  failures.push('build');
}

if (built) {
  // The container image test (tests/e2e/container.spec.ts) runs with the other browser tests when
  // buildah is here (and we are root); otherwise one plain line says why, and it is skipped.
  if (spawnSync('buildah', ['--version']).error)
    console.log('\n! Container image test (tests/e2e/container.spec.ts): skipped: buildah not installed.');
  else if (process.getuid?.() !== 0)
    console.log('\n! Container image test (tests/e2e/container.spec.ts): skipped: it needs root (mount and unshare).');
  rmSync('test-results/playwright.json', { force: true });
  const e2eOk = run('browser tests', 'npx', ['playwright', 'test']);
  const report = existsSync('test-results/playwright.json') ? readJson('test-results/playwright.json') : undefined;
  if (report?.stats) {
    results.passed += report.stats.expected + report.stats.flaky;
    results.failed += report.stats.unexpected;
    if (report.stats.unexpected > 0) failures.push('playwright');
  }
  if (!e2eOk && (!report?.stats || report.stats.unexpected === 0)) {
    results.failed += 1;
    failures.push('playwright (run failed)');
  }
}

// The same clock-reading tests a year ahead (issue 41): a test that names a fixed future instant
// fails here the day it is written, not the day that instant passes. libfaketime moves the clock
// of every process — the runner, the server, SQLite's `unixepoch()`, Chromium — by one offset.
const yearAhead = datedTests();
if (!spawnSync('faketime', ['-f', '+0d', 'true']).error) {
  const vitestOk = run('clock-reading unit tests a year ahead', 'faketime', [
    '-f',
    '+366d',
    'npx',
    'vitest',
    'run',
    ...yearAhead.unit,
  ]);
  if (vitestOk) results.passed += 1;
  else {
    results.failed += 1;
    failures.push('unit tests a year ahead');
  }
  if (built && yearAhead.browser.length) {
    const e2eOk = run('clock-reading browser tests a year ahead', 'faketime', [
      '-f',
      '+366d',
      'npx',
      'playwright',
      'test',
      '--reporter=list',
      ...yearAhead.browser,
    ]);
    if (e2eOk) results.passed += 1;
    else {
      results.failed += 1;
      failures.push('browser tests a year ahead');
    }
  }
} else {
  console.log('\n! The year-ahead check needs libfaketime (Debian: apt-get install -y faketime); skipped, not counted.');
}

/** Test files that read the clock or name instants: schedules, expiries, digests, retention windows. */
function datedTests() {
  const clockWords = /Date\.now\(|new Date\(\)|schedul|expires?At|digest|setSystemTime/;
  const scan = (dir, suffix) =>
    readdirSync(dir, { recursive: true })
      .map((file) => path.join(dir, String(file)))
      .filter((file) => file.endsWith(suffix) && !file.includes('node_modules') && clockWords.test(readFileSync(file, 'utf8')));
  // content-sync-github reads the clock only to time itself and takes minutes: left out.
  const unit = ['app', 'common', 'server', 'platforms']
    .flatMap((dir) => [...scan(dir, '.test.ts'), ...scan(dir, '.test.tsx')])
    .filter((file) => !file.endsWith('content-sync-github.test.ts'));
  // Browser tests are slow: only the ones about schedules and digests, the instants a reader waits for.
  const browser = scan('tests/e2e', '.spec.ts').filter((file) => /schedul|digest/.test(path.basename(file)));
  return { unit: unit.sort(), browser: browser.sort() };
}

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed === 0 ? 0 : 1);
