// `npm run bench -- --sizes [--big]`: how the site's screens grow with its size (issue 35). For 1 000
// and 10 000 pages (and 100 000 with `--big`: seeding takes minutes), a freshly installed site gets
// that many generated pages by bulk SQL straight into its index (scripts/seed-pages.mjs: half
// Persian, half English, translations, categories, tags, drafts; no repository, no renderer: the
// re-index itself is `--scale`'s bench), then the built server answers every screen below one at a
// time, uncached (`?bench=i`), signed in as the owner for the dashboard. Prints the median per
// screen and size, and each size's ratio to 1 000 pages (the goal: within 1.5×).
// `BENCH_SIZES_REQUESTS` requests per screen (default 15).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { install, latency, startServer } from './bench-scale.mjs';
import { seedPagesSql } from './seed-pages.mjs';

const REQUESTS = Number(process.env.BENCH_SIZES_REQUESTS ?? 15);
const OWNER = { userName: 'bench', password: 'bench-pass-1' };

/** The screens, for a site of `count` pages (half of them in each language). */
const screens = (count) => {
  const perLocale = Math.floor(count / 2);
  return [
    ['home', '/en'],
    ['archive', '/en/logs'],
    ['archive, last pages', `/en/logs?page=${Math.max(1, Math.floor((perLocale * 0.9) / 10))}`],
    ['a category', '/en/cats/tuts'],
    ['a tag', '/en/tags/tag-1'],
    ['search', '/en/search?q=river'],
    ['sitemap index', '/sitemap.xml'],
    ['sitemap, first part', '/en/sitemap.xml'],
    ['sitemap, last part', `/en/sitemap-${Math.max(1, Math.ceil((perLocale * 0.95) / 2000))}.xml`.replace('-1.xml', '.xml')],
    ['feed', '/en/feed.xml'],
    ['public API, page 1', '/api/public/pages?locale=en'],
    ['public API, deep page', `/api/public/pages?locale=en&page=${Math.max(1, Math.floor((perLocale * 0.9) / 20))}`],
    ['dashboard pages list', '/en/manage/pages', true],
    ['… filtered', '/en/manage/pages?status=published&cat=tuts&locale=en', true],
    ['… missing translations', '/en/manage/pages?translation=missing', true],
    ['editor link search', '/api/pages?locale=en&query=page', true],
    ['media library', '/en/manage/media', true],
    ['overview', '/en/manage', true],
  ];
};

async function signIn(url) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(OWNER),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function measureSize(count) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'daftar-sizes-'));
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DAFTAR_QUIET: '1' };
  try {
    const installer = await startServer(env);
    try {
      await install(installer.url);
    } finally {
      await installer.stop();
    }
    let started = performance.now();
    const client = createClient({ url: `file:${path.join(dataDir, 'daftar.db')}` });
    await client.batch(seedPagesSql(count), 'write');
    client.close();
    const seeded = (performance.now() - started) / 1000;
    const server = await startServer(env);
    const times = {};
    try {
      const cookie = await signIn(server.url);
      // The overview's first visit after a change counts the translations (then kept per index state).
      started = performance.now();
      const first = await fetch(`${server.url}/en/manage`, { headers: { cookie } });
      await first.arrayBuffer();
      times['overview, first visit'] = performance.now() - started;
      for (const [label, target, signedIn] of screens(count)) {
        const r = await latency(server.url, target, REQUESTS, signedIn ? { cookie } : {});
        times[label] = r.p50;
      }
    } finally {
      await server.stop();
    }
    console.log(`  ${count} pages: seeded in ${seeded.toFixed(1)} s, measured.`);
    return times;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchSizes(argv) {
  const sizes = [1000, 10000, ...(argv.includes('--big') ? [100000] : [])];
  console.log(`Screens by site size (median of ${REQUESTS} uncached requests, ms):`);
  const results = [];
  for (const size of sizes) results.push(await measureSize(size));
  const labels = Object.keys(results[0]);
  const head = `${'screen'.padEnd(26)}${sizes.map((s) => `${s.toLocaleString('en')} pages`.padStart(16)).join('')}`;
  console.log(
    `\n${head}${sizes
      .slice(1)
      .map((s) => `  ×${s / 1000}k/1k`)
      .join('')}`,
  );
  for (const label of labels) {
    const row = results.map((r) => `${r[label].toFixed(1)} ms`.padStart(16)).join('');
    const ratios = results
      .slice(1)
      .map((r) => `${(r[label] / results[0][label]).toFixed(2)}×`.padStart(9))
      .join('');
    console.log(`${label.padEnd(26)}${row}${ratios}`);
  }
}
