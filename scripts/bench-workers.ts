// `npm run bench -- --workers`: the figures of a Workers + D1 site at its limits (issue 24,
// docs/deploy-workers.md), in one run:
// - the Worker's bundle, gzipped, as `wrangler deploy --dry-run` reports it (Cloudflare's limit for
//   the Free plan is 3 MiB, the goal here 1 MiB), and its startup CPU from `wrangler check startup`
//   (the busy part of the profile; Cloudflare's limit is 1 s);
// - a forced re-index through the GitHub stand-in (tests/support/github-stand-in.ts, a local git
//   repository behind GitHub's API) in Workers steps of 100 pages, for 1 000 and 10 000 pages:
//   requests, those GitHub's rate limit counts (its 304s are free), and wall time;
// - bytes a page takes at rest in the index after that sync (SQLite's dbstat after VACUUM: the file
//   format D1 stores), for the 1 000 generated pages of about 1 000 words.
// `BENCH_WORKERS_PAGES=1000,10000` chooses the sizes; `--no-bundle` skips the wrangler part.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createNodeDatabase } from '../platforms/node/database';
import { createGithubRepository } from '../server/content/github-repository';
import { runMigrations } from '../server/db/migrate';
import { runSyncSteps, startChunkedSync } from '../server/services/content-sync-runner';
import { startGithubStandIn } from '../tests/support/github-stand-in';

const SIZES = (process.env.BENCH_WORKERS_PAGES ?? '1000,10000').split(',').map(Number);
const WORDS = 'the page of a site and its words in two languages written for readers who come back every week'.split(' ');
const FA = 'این صفحه از دفتر است و واژه‌هایش به دو زبان برای خوانندگانی نوشته شده که هر هفته برمی‌گردند'.split(' ');

/** About 1 000 words with headings, a list and a link: pages differ, so nothing is shared. */
function pageText(n: number) {
  const words = n % 2 ? FA : WORDS;
  const paragraph = (k: number) => Array.from({ length: 100 }, (_, i) => words[(n * 7 + k * 13 + i) % words.length]).join(' ');
  const sections = Array.from(
    { length: 10 },
    (_, k) => `## Part ${k + 1} of ${n}\n\n${paragraph(k)}.\n\n- item ${k}\n- [a link](/en/about)\n`,
  );
  return `---\ntitle: "Page ${n}"\ndate: 2026-02-01\n---\n\n${sections.join('\n')}`;
}

function bundle() {
  const outdir = mkdtempSync(path.join(tmpdir(), 'daftar-bench-worker-'));
  try {
    const deploy = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', outdir], { encoding: 'utf8' });
    const upload = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(deploy.stdout + deploy.stderr);
    console.log(
      upload
        ? `Worker bundle: ${upload[1]} KiB, ${upload[2]} KiB gzipped (goal ≤ 1 024 KiB gzipped)`
        : `Worker bundle: wrangler did not report its size (exit ${deploy.status}); run npm run build first`,
    );
    const check = spawnSync('npx', ['wrangler', 'check', 'startup'], { encoding: 'utf8', cwd: process.cwd() });
    const profileFile = /(\S+\.cpuprofile)/.exec(check.stdout + check.stderr)?.[1];
    if (!profileFile || !existsSync(profileFile)) {
      console.log(`Startup CPU: wrangler check startup gave no profile (exit ${check.status})`);
      return;
    }
    const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as {
      nodes: { id: number; callFrame: { functionName: string } }[];
      samples: number[];
      timeDeltas: number[];
    };
    const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
    let busy = 0;
    let span = 0;
    profile.samples.forEach((id, i) => {
      span += profile.timeDeltas[i] ?? 0;
      if (!idle.has(id)) busy += profile.timeDeltas[i] ?? 0;
    });
    console.log(
      `Startup CPU (wrangler check startup, workerd here): ${(busy / 1000).toFixed(0)} ms busy of a ${(span / 1000).toFixed(0)} ms profile (Cloudflare's limit: 1 s)`,
    );
    rmSync(profileFile, { force: true }); // wrangler writes it into the checkout
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

async function reindex(pageCount: number) {
  const server = await startGithubStandIn();
  const dir = mkdtempSync(path.join(tmpdir(), 'daftar-bench-reindex-'));
  const { db, close } = await createNodeDatabase(`file:${path.join(dir, 'd1.db')}`);
  try {
    const files: Record<string, string> = {};
    for (let n = 0; n < pageCount; n++) files[`content/${n % 2 ? 'fa' : 'en'}/logs/page-${n}.md`] = pageText(n);
    await server.push(files, `${pageCount} pages`);
    await runMigrations(db);
    const repository = createGithubRepository({
      token: server.token,
      owner: server.owner,
      repo: server.repo,
      apiUrl: server.url,
    });
    await startChunkedSync(db, { force: true });
    const from = server.requests.length;
    const free = server.notModified.length;
    const started = performance.now();
    const outcome = await runSyncSteps(db, repository, { chunkPages: 100 });
    const seconds = (performance.now() - started) / 1000;
    const requests = server.requests.length - from;
    const counted = requests - (server.notModified.length - free);
    console.log(
      `Forced re-index of ${pageCount} pages (stand-in, Workers steps of 100): ${outcome.steps} steps, ${requests} requests (${counted} counted by GitHub's rate limit), ${seconds.toFixed(1)} s`,
    );
    await db.run(sql`VACUUM`);
    const [row] = await db.all<{ bytes: number; pages: number }>(
      sql`select (select page_count * page_size from pragma_page_count(), pragma_page_size()) as bytes, (select count(*) from pages) as pages`,
    );
    if (row)
      console.log(
        `  index at rest: ${(row.bytes / 1024 / 1024).toFixed(1)} MB for ${row.pages} pages, ${(row.bytes / row.pages / 1024).toFixed(1)} KB a page (goal about 15 KB)`,
      );
  } finally {
    close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (!process.argv.includes('--no-bundle')) bundle();
for (const size of SIZES) await reindex(size);
