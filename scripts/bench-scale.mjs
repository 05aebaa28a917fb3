// `npm run bench -- --scale 10000`: a full content sync of a big bilingual site, from the command
// line the way an operator runs it (`node build/node/cli.js content-sync`).
//
// Generates N pages of about 1 000 words (half Persian, half English, each with headings, lists, a
// table, code and links, all different), commits them as one git commit, packs the repository
// (`git gc`, as any cloned or long-lived repository is) on a freshly installed site, and then times,
// each as its own process under /usr/bin/time: the full sync (first import), a sync with nothing to
// do, and a sync after one page changed. Prints wall time, CPU time and peak memory (max RSS).
// Last, it starts the built server on that site and times uncached requests (p50/p95): the logs
// archive (first and a far page), a category, a page, the sitemaps and a feed.
//
// Options: `--scale N` (pages, default 10000), `--profile` (writes a CPU profile of the full sync
// with `node --cpu-prof` to the data folder and keeps it), `--keep` (keeps the data folder).
// `BENCH_CLI` runs another build of the CLI (default build/node/cli.js); `BENCH_PORT` fixes the
// server's port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const WALL_GOAL_S = 30;
const MEMORY_GOAL_MB = 300;

/** Deterministic pseudo-random numbers (mulberry32), so every run generates the same site. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = {
  en: 'the a of and to in is that it for on with as was by this be are from at or an have not but which they were all one their has can more when there been its would who some these other into than then only could time them so what about many out write page site text word language book letter story reader change build publish archive garden river city morning evening light window paper ink history travel music memory bridge street market season winter summer quiet careful simple bright'.split(
    ' ',
  ),
  fa: 'و در به از که این را با است برای آن یک تا می‌شود بود شد هم خود یا اما نیز کرد کند دیگر هر باید شده‌است چه ما ایشان کتاب نامه نوشتن خواندن صفحه زبان داستان شهر باغ رود صبح شب نور پنجره کاغذ جوهر تاریخ سفر موسیقی خاطره پل خیابان بازار فصل زمستان تابستان آرام ساده روشن نویسنده خواننده دفتر واژه جمله سخن اندیشه دانش هنر فرهنگ مردم خانه راه دوست زمان روز سال'.split(
    ' ',
  ),
};
const CATS = ['tuts', 'news', 'notes', 'essays'];

function sentence(rand, locale, min = 8, max = 18) {
  const words = WORDS[locale];
  const n = min + Math.floor(rand() * (max - min));
  const out = [];
  for (let i = 0; i < n; i++) out.push(words[Math.floor(rand() * words.length)]);
  const text = out.join(' ');
  return locale === 'en' ? `${text[0].toUpperCase()}${text.slice(1)}.` : `${text}.`;
}

/** One page of about 1 000 words: front matter, headings, paragraphs, a list, a table, code, links. */
export function scalePage(i, locale) {
  const rand = random(i * 2 + (locale === 'fa' ? 1 : 0));
  const day = String(1 + (i % 28)).padStart(2, '0');
  const month = String(1 + (i % 12)).padStart(2, '0');
  const year = 2010 + (i % 16);
  const title = `${sentence(rand, locale, 3, 6).slice(0, -1)} ${i}`;
  const lines = [
    '---',
    `title: ${JSON.stringify(title)}`,
    `description: ${JSON.stringify(sentence(rand, locale))}`,
    `date: ${year}-${month}-${day}`,
    `cat: ${CATS[i % CATS.length]}`,
    `toc: ${i % 3 === 0}`,
    '---',
    '',
  ];
  for (let section = 1; section <= 6; section++) {
    lines.push(`## ${sentence(rand, locale, 2, 5).slice(0, -1)}`, '');
    for (let p = 0; p < 2; p++) {
      const parts = [];
      for (let s = 0; s < 5; s++) parts.push(sentence(rand, locale));
      parts[1] = `${parts[1]} *${WORDS[locale][3]}* **${WORDS[locale][5]}** [${WORDS[locale][7]}](/${locale}/logs/page-${(i + section) % 997})`;
      lines.push(parts.join(' '), '');
    }
    if (section === 2)
      lines.push(
        `- ${sentence(rand, locale, 3, 6)}`,
        `- ${sentence(rand, locale, 3, 6)}`,
        `- ${sentence(rand, locale, 3, 6)}`,
        '',
      );
    if (section === 4) lines.push('| a | b | c |', '| - | - | - |', `| ${i} | ${section} | ${WORDS[locale][9]} |`, '');
    if (section === 5) lines.push('```js', `const page = ${i};`, 'console.log(page);', '```', '');
  }
  return lines.join('\n');
}

const git = (cwd, ...args) => {
  // No automatic gc in the background: the explicit `git gc` below packs once, in the foreground.
  const result = spawnSync('git', ['-c', 'gc.auto=0', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
  });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
};

/** Writes N pages (half fa, half en) into a new repository as one commit, then packs it. */
function generate(repo, count) {
  for (const locale of ['fa', 'en']) mkdirSync(path.join(repo, 'content', locale, 'logs'), { recursive: true });
  for (let i = 0; i < count; i++) {
    const locale = i % 2 === 0 ? 'fa' : 'en';
    writeFileSync(path.join(repo, 'content', locale, 'logs', `page-${Math.floor(i / 2)}.md`), scalePage(i, locale));
  }
  git(repo, 'init', '--quiet', '--initial-branch=main');
  git(repo, 'add', 'content');
  git(repo, '-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', 'commit', '--quiet', '-m', `${count} pages`);
  git(repo, 'gc', '--quiet');
}

/** Runs the CLI under /usr/bin/time -v: wall seconds, CPU seconds, peak memory in MB, output. */
function timed(cli, args, env, nodeFlags = []) {
  const result = spawnSync('/usr/bin/time', ['-v', process.execPath, ...nodeFlags, cli, ...args], {
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const field = (name) => new RegExp(`${name}: (.+)`).exec(result.stderr)?.[1]?.trim();
  const clock = (field('Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)') ?? '0:0').split(':').map(Number);
  const wall = clock.reduce((sum, part) => sum * 60 + part, 0);
  const cpu = Number(field('User time \\(seconds\\)')) + Number(field('System time \\(seconds\\)'));
  const peak = Number(field('Maximum resident set size \\(kbytes\\)')) / 1024;
  const output = `${result.stdout}${result.stderr.slice(0, result.stderr.indexOf('\tCommand being timed'))}`.trim();
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited with ${result.status}:\n${output}`);
  return { wall, cpu, peak, output };
}

const TOKEN = 'bench-scale-setup-token-0123456789';
const OWNER = { firstName: 'Bench', lastName: 'Owner', about: 'Benchmark', userName: 'bench', password: 'bench-pass-1' };

export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(Number(process.env.BENCH_PORT ?? 0), '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** The built server on the data folder; resolves once /api/health answers. */
export async function startServer(env) {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['build/node/server.js'], {
    env: { ...env, HOST: '127.0.0.1', PORT: String(port), SETUP_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
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

/** Installs the site through the installer's API (it commits and indexes the sample content). */
export async function install(url) {
  const headers = { 'x-setup-token': TOKEN, 'content-type': 'application/json' };
  for (const [step, body] of [['migrations-run'], ['database-loading'], ['admin-loading', JSON.stringify(OWNER)]]) {
    const res = await fetch(`${url}/api/install/${step}`, { method: 'POST', headers, body });
    if (!res.ok) throw new Error(`${step}: ${res.status} ${await res.text()}`);
  }
}

/**
 * Median and 95th percentile of N sequential requests, each with a query the page cache does not
 * keep (`?bench=i`), so every one is rendered from the database. `headers`: a signed-in cookie.
 */
export async function latency(url, path, count = 40, headers = {}) {
  const times = [];
  for (let i = 0; i < count + 5; i++) {
    const started = performance.now();
    const res = await fetch(`${url}${path}${path.includes('?') ? '&' : '?'}bench=${i}`, { headers });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    if (i >= 5) times.push({ ms: performance.now() - started, bytes: body.byteLength });
  }
  times.sort((a, b) => a.ms - b.ms);
  return { p50: times[Math.floor(count / 2)].ms, p95: times[Math.floor(count * 0.95)].ms, bytes: times[0].bytes };
}

export async function benchScale(argv) {
  const at = argv.indexOf('--scale');
  const count = Number(argv[at + 1] && !argv[at + 1].startsWith('--') ? argv[at + 1] : 10000);
  if (!Number.isInteger(count) || count < 2) throw new Error('--scale takes a page count of at least 2');
  const cli = path.resolve(process.env.BENCH_CLI ?? 'build/node/cli.js');
  if (!existsSync('build/node/server.js') || !existsSync('build/server/index.js')) {
    console.log('No build found: running `npm run build` first…');
    if (spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'daftar-scale-'));
  const repo = path.join(dataDir, 'repo');
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir };
  try {
    // An installed site first (owner, settings, the sample pages), so the pages can be served afterwards.
    const installer = await startServer(env);
    try {
      await install(installer.url);
    } finally {
      await installer.stop();
    }
    let started = performance.now();
    generate(repo, count);
    const packs = readdirSync(path.join(repo, '.git', 'objects', 'pack')).filter((f) => f.endsWith('.pack')).length;
    console.log(
      `Generated ${count} pages (${Math.ceil(count / 2)} fa, ${Math.floor(count / 2)} en, about 1 000 words each) as one commit, packed (${packs} pack file): ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    started = performance.now();
    const profileFlags = argv.includes('--profile') ? ['--cpu-prof', `--cpu-prof-dir=${path.join(dataDir, 'profile')}`] : [];
    const full = timed(cli, ['content-sync'], env, profileFlags);
    const idle = timed(cli, ['content-sync'], env);
    const changedFile = path.join(repo, 'content', 'en', 'logs', 'page-0.md');
    writeFileSync(changedFile, `${scalePage(1, 'en')}\nOne more paragraph.\n`);
    git(repo, 'add', 'content');
    git(repo, '-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', 'commit', '--quiet', '-m', 'one change');
    const one = timed(cli, ['content-sync'], env);

    const row = (label, r) =>
      `${label.padEnd(34)}${`${r.wall.toFixed(1)} s`.padEnd(10)}${`${r.cpu.toFixed(1)} s`.padEnd(10)}${r.peak.toFixed(0)} MB`;
    console.log(`\n${''.padEnd(34)}${'wall'.padEnd(10)}${'CPU'.padEnd(10)}peak memory`);
    console.log(row(`full sync of ${count} pages`, full));
    console.log(row('sync, nothing changed', idle));
    console.log(row('sync, one page changed', one));
    console.log(
      `\nfull sync: ${full.output
        .split('\n')
        .slice(0, 8)
        .map((line) => (line.length > 160 ? `${line.slice(0, 160)}…` : line))
        .join('\n           ')}`,
    );
    const met = full.wall <= WALL_GOAL_S && full.peak <= MEMORY_GOAL_MB;
    console.log(
      `\nGoal for 10 000 pages: ≤ ${WALL_GOAL_S} s wall, ≤ ${MEMORY_GOAL_MB} MB peak — ${count === 10000 ? (met ? 'met' : 'NOT met') : `(ran ${count})`}`,
    );
    if (profileFlags.length) console.log(`CPU profile: ${path.join(dataDir, 'profile')}`);

    // Serving: the built server on the synced site, every request rendered (not from the page cache).
    const server = await startServer(env);
    try {
      console.log(`\nServing ${count} pages, uncached (${40} requests each, one at a time):`);
      for (const target of [
        '/en/logs',
        `/fa/logs?page=${Math.max(1, Math.floor(count / 40))}`,
        '/en/cats/tuts',
        `/en/logs/page-${Math.floor(count / 4)}`,
        '/en/sitemap.xml',
        '/sitemap.xml',
        '/en/feed.xml',
      ]) {
        const r = await latency(server.url, target);
        console.log(
          `  ${target.padEnd(22)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   ${(r.bytes / 1024).toFixed(0)} KiB`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    if (argv.includes('--keep') || argv.includes('--profile')) console.log(`Data folder kept: ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}
