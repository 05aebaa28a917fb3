// `npm run bench`: a long content page served by the built app (installed on a temporary data
// folder) against the same HTML bytes served as a static file by a minimal Node server, measured
// one after the other in the same run with autocannon (32 connections, 10 s, after a warm-up).
// Prints requests/s, p50 and p99 latency for both and the ratio, then the compressed bytes of HTML,
// CSS and JavaScript a browser downloads for that page. Last, publishing through the API on the
// local repository: one build of 100 new pages, then one build of the same 100 pages changed
// (goal: at most 2 s).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const PAGE = '/en/logs/a-long-guide-to-bilingual-publishing';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const TOKEN = 'bench-setup-token-0123456789';
const OWNER = { firstName: 'Bench', lastName: 'Owner', about: 'Benchmark', userName: 'bench', password: 'bench-pass-1' };
const PUBLISH_PAGES = Number(process.env.BENCH_PUBLISH_PAGES ?? 100);
const PUBLISH_GOAL_MS = 2000;

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function startApp(dataDir) {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['build/node/server.js'], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, SETUP_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (
      await fetch(`${url}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url, stop };
}

async function install(url) {
  const headers = { 'x-setup-token': TOKEN, 'content-type': 'application/json' };
  for (const step of ['migrations-run', 'database-loading']) {
    const res = await fetch(`${url}/api/install/${step}`, { method: 'POST', headers });
    if (!res.ok) throw new Error(`${step}: ${res.status} ${await res.text()}`);
  }
  const res = await fetch(`${url}/api/install/admin-loading`, { method: 'POST', headers, body: JSON.stringify(OWNER) });
  if (!res.ok) throw new Error(`admin-loading: ${res.status} ${await res.text()}`);
}

/** The smallest honest static server: reads the file and sends it, like any file server would. */
function startStatic(file) {
  return new Promise((resolve) => {
    const server = createServer(async (_req, res) => {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((r) => server.close(r)) }),
    );
  });
}

const run = (url, duration) => autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1 });

async function measure(label, url) {
  await run(url, WARMUP);
  const result = await run(url, DURATION);
  if (result.non2xx || result.errors) throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { label, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total };
}

async function transferSizes(url, html) {
  const assets = new Set();
  for (const match of html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)) assets.add(match[1]);
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) assets.add(match[1]);
  const sizes = { html: gzipSync(html).length, css: 0, js: 0, files: { css: 0, js: 0 } };
  for (const asset of assets) {
    const body = Buffer.from(await (await fetch(url + asset)).arrayBuffer());
    const kind = asset.endsWith('.css') ? 'css' : 'js';
    sizes[kind] += gzipSync(body).length;
    sizes.files[kind] += 1;
  }
  return sizes;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** A page of about 400 words with headings, a list and a table, in one of two versions. */
function benchPage(i, version) {
  const paragraph = `Version ${version} of page ${i}: words that the renderer turns into a paragraph, with *emphasis*, \`code\` and [a link](/en/about). `;
  const body = [1, 2, 3]
    .map((n) => `## Part ${n}\n\n${paragraph.repeat(6)}\n\n- one\n- two\n- three\n\n| a | b |\n| - | - |\n| ${n} | ${version} |`)
    .join('\n\n');
  return { frontMatter: { title: `Bench page ${i}`, date: '2026-01-01', cat: 'bench', toc: true }, body };
}

/** Saves PUBLISH_PAGES pages through the API, then times `POST /api/builds/publish` (commit, index, cache). */
async function measurePublish(url) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: OWNER.userName, password: OWNER.password }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const headers = { cookie: (login.headers.get('set-cookie') ?? '').split(';')[0], 'content-type': 'application/json' };
  const build = async (version) => {
    for (let i = 1; i <= PUBLISH_PAGES; i++) {
      const res = await fetch(`${url}/api/pages/en/bench/page-${i}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify(benchPage(i, version)),
      });
      if (!res.ok) throw new Error(`saving page ${i}: ${res.status} ${await res.text()}`);
    }
    const started = performance.now();
    const res = await fetch(`${url}/api/builds/publish`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: `Bench ${version}` }),
    });
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`publish: ${res.status} ${await res.text()}`);
    return ms;
  };
  const created = await build(1);
  const changed = await build(2);
  const check = await fetch(`${url}/en/bench/page-${PUBLISH_PAGES}`);
  if (!(await check.text()).includes(`Version 2 of page ${PUBLISH_PAGES}`))
    throw new Error('the published page does not show the change');
  return { created, changed };
}

async function main() {
  if (process.argv.includes('--scale')) return (await import('./bench-scale.mjs')).benchScale(process.argv);
  if (!existsSync('build/node/server.js') || !existsSync('build/server/index.js')) {
    console.log('No build found: running `npm run build` first…');
    if (spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'daftar-bench-'));
  const app = await startApp(dataDir);
  let stat;
  try {
    await install(app.url);
    const page = await fetch(app.url + PAGE);
    const html = await page.text();
    if (!page.ok) throw new Error(`content page answered ${page.status}`);
    const body = html.slice(html.indexOf('data-testid="content-body"'), html.indexOf('</article>'));
    const words = body
      .replace(/<[^>]+>/g, ' ')
      .split(/\s+/)
      .filter((word) => /\p{L}/u.test(word)).length;
    const file = path.join(dataDir, 'page.html');
    writeFileSync(file, html);
    stat = await startStatic(file);

    console.log(`Benchmark: ${PAGE} (${words ?? '?'} words, table of contents), ${Buffer.byteLength(html)} bytes of HTML`);
    console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s each after a ${WARMUP} s warm-up, one after the other\n`);
    const dynamic = await measure('daftar (node, page cache)', app.url + PAGE);
    const fixed = await measure('static file (node:http)', stat.url);
    const rows = [dynamic, fixed];
    const pad = (s, n) => String(s).padEnd(n);
    console.log(`${pad('', 28)}${pad('req/s', 12)}${pad('p50 ms', 10)}${pad('p99 ms', 10)}requests`);
    for (const r of rows)
      console.log(`${pad(r.label, 28)}${pad(r.rps.toFixed(0), 12)}${pad(r.p50, 10)}${pad(r.p99, 10)}${r.total}`);
    console.log(`\nratio daftar / static: ${(dynamic.rps / fixed.rps).toFixed(2)} × the static file's requests per second`);

    const sizes = await transferSizes(app.url, html);
    console.log(
      `\nDownloaded for this page (gzip): HTML ${kb(sizes.html)}, CSS ${kb(sizes.css)} (${sizes.files.css} file), JavaScript ${kb(sizes.js)} (${sizes.files.js} files); total ${kb(sizes.html + sizes.css + sizes.js)} (font and banner image not counted)`,
    );

    const publish = await measurePublish(app.url);
    console.log(
      `\nPublishing (local repository, one git commit + index + cache): one build of ${PUBLISH_PAGES} new pages ${publish.created.toFixed(0)} ms; one build of ${PUBLISH_PAGES} changed pages ${publish.changed.toFixed(0)} ms (goal ≤ ${PUBLISH_GOAL_MS} ms${publish.changed <= PUBLISH_GOAL_MS ? ', met' : ', NOT met'})`,
    );
  } finally {
    await stat?.stop();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
