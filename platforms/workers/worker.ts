import * as build from 'virtual:react-router/server-build';
import { drizzle } from 'drizzle-orm/d1';
import { createPageHandler } from '../../app/lib/app-context.server';
import { type App, createApp } from '../../server/app';
import { type AppConfig, ConfigError, parseConfig } from '../../server/config';
import { githubRepositoryFromConfig } from '../../server/content/github-repository';
import type { Database } from '../../server/db/database';
import * as schema from '../../server/db/schema';
import type { SetupTokenStore } from '../../server/deps';
import { runCronJobs } from '../../server/jobs';
import { httpMailerFromConfig } from '../../server/mail/http-mailer';
import { createFetchTransport } from '../../server/outgoing-webhooks/transport';
import { inSteps } from '../../server/services/indexer';
import { createTableMediaVariants } from '../../server/services/media-variant-uploads';
import { upgradeWithChunkedSync } from '../../server/services/upgrade';
import { createWorkersPageCache } from './page-cache';

/**
 * The index is made in steps (docs/decisions/0009-workers-chunked-sync.md): each stages this many pages —
 * about as many GitHub reads, one D1 batch of as many inserts and about nine other D1 queries, and a
 * second or two of CPU — and an invocation (a request with its `waitUntil`, a cron run) runs steps for
 * at most this long and this many: 8 steps stay under a paid Worker's 1 000 D1 queries even if every
 * statement of a batch counts as one, and far under its 10 000 subrequests and 30 s of CPU.
 */
const CHUNKED_SYNC = { chunkPages: 100, budgetMs: 20_000, maxSteps: 8 };
const indexer = inSteps(CHUNKED_SYNC);

/** The Worker's bindings (wrangler.jsonc): the D1 database, plus string vars and secrets. */
export type WorkerEnv = { DB?: D1Database } & Record<string, unknown>;

// `build` is React Router's server build (build/server/index.js, made by `react-router build`):
// Vite knows it under this virtual name, and wrangler.jsonc aliases the same name to the file.
const pageHandler = createPageHandler(build);

/**
 * One app per isolate, rebuilt only when the runtime hands over a different env or D1 binding, so
 * every request is served through the database of its own env — never a stale one.
 */
const apps = new WeakMap<object, { binding: D1Database; app: App }>();
/** Each app's page cache, told the origin of every request (its keys live on the site's own host). */
const pageCaches = new WeakMap<App, ReturnType<typeof createWorkersPageCache>>();

function stringVars(env: WorkerEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * A Worker keeps no files, so the installer's token is the `SETUP_TOKEN` secret
 * (`npx wrangler secret put SETUP_TOKEN`). A secret cannot be removed from inside the Worker; once
 * the site is installed the installer refuses every call anyway, and the owner may delete it.
 */
function secretSetupToken(config: AppConfig): SetupTokenStore {
  return {
    async read() {
      if (!config.SETUP_TOKEN) console.warn('SETUP_TOKEN is not set: run `npx wrangler secret put SETUP_TOKEN`.');
      return config.SETUP_TOKEN;
    },
    async clear() {},
  };
}

function appFor(env: WorkerEnv, binding: D1Database): App {
  const cached = apps.get(env);
  if (cached?.binding === binding) return cached.app;
  const config: AppConfig = parseConfig(stringVars(env));
  const db = drizzle(binding, { schema }) as unknown as Database;
  // Anonymous pages through the data centre's cache (absent outside workerd, e.g. in unit tests).
  const pageCache =
    typeof caches === 'undefined' ? undefined : createWorkersPageCache((caches as unknown as { default: Cache }).default);
  const app = createApp({
    config,
    db,
    databaseInfo: { driver: 'Cloudflare D1', location: 'binding DB' },
    setupToken: secretSetupToken(config),
    // No disk for a local repository: GitHub when configured, else none (publishing answers 503).
    contentRepository: githubRepositoryFromConfig(config),
    mailer: httpMailerFromConfig(config),
    // Outgoing webhooks over fetch: the URL is checked; Cloudflare's network reaches no private address.
    webhookTransport: createFetchTransport({ allowPrivate: config.OUTGOING_WEBHOOKS_ALLOW_PRIVATE }),
    // Cloudflare sets CF-Connecting-IP on every request that reaches a Worker.
    trustCloudflareIp: true,
    indexer,
    pageHandler,
    pageCache,
    // No image encoder in a Worker: the browser makes the copies at upload, the server checks and keeps them (decision 0008).
    mediaVariants: createTableMediaVariants(db),
  });
  if (pageCache) pageCaches.set(app, pageCache);
  apps.set(env, { binding, app });
  return app;
}

/** The per-minute cron trigger (wrangler.jsonc); the other one is daily. */
const SCHEDULED_PUBLISH_CRON = '* * * * *';

const upgraded = new WeakMap<D1Database, Promise<string[]>>();
/** Once per isolate and database: a failure is retried by the next request. */
function releaseMigrationsFor(binding: D1Database): Promise<string[]> {
  let pending = upgraded.get(binding);
  if (!pending) {
    const db = drizzle(binding, { schema }) as unknown as Database;
    // A new release may render pages differently (a migration, or a newer renderer than the index's):
    // re-index, carried on by the per-minute cron.
    pending = upgradeWithChunkedSync(db).then(({ applied }) => applied);
    pending.catch(() => upgraded.delete(binding));
    upgraded.set(binding, pending);
  }
  return pending;
}

/** A deployment mistake the administrator must fix: said plainly (no stack trace), and logged. */
function setupProblem(request: Request, message: string): Response {
  console.error(message);
  const isApi = new URL(request.url).pathname.startsWith('/api/');
  const headers = { 'Cache-Control': 'no-store' };
  return isApi
    ? Response.json({ statusCode: 500, message }, { status: 500, headers })
    : new Response(`${message}\n`, { status: 500, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * The Cloudflare Workers entry. Static files under build/client are served by Workers static
 * assets before this runs; everything else goes through the same app as the node target. The cron
 * triggers in wrangler.jsonc run `scheduled`: the background jobs (server/jobs).
 */
export default {
  async scheduled(controller: ScheduledController, env: WorkerEnv) {
    if (!env.DB) return;
    const db = drizzle(env.DB, { schema }) as unknown as Database;
    const config = parseConfig(stringVars(env));
    const deps = {
      db,
      config,
      contentRepository: githubRepositoryFromConfig(config),
      mailer: httpMailerFromConfig(config),
      webhookTransport: createFetchTransport({ allowPrivate: config.OUTGOING_WEBHOOKS_ALLOW_PRIVATE }),
      indexer,
    };
    // The background jobs of server/jobs: every minute the frequent ones (a build scheduled for
    // now publishes itself, a re-index in progress takes its next steps, interrupted publishes and
    // newsletter sends are taken up), once a day the rest (purges, page-view roll-ups). The page
    // cache needs no clearing: its version is the latest build id, re-read every 5 s.
    const cadence = controller.cron === SCHEDULED_PUBLISH_CRON ? 'minute' : 'daily';
    await runCronJobs(deps, cadence, { budgetMs: CHUNKED_SYNC.budgetMs, maxSteps: CHUNKED_SYNC.maxSteps });
  },

  async fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext) {
    if (!env.DB) {
      return setupProblem(request, 'The D1 binding "DB" is missing: add it under d1_databases in wrangler.jsonc.');
    }
    let app: App;
    try {
      app = appFor(env, env.DB);
    } catch (error) {
      if (error instanceof ConfigError) return setupProblem(request, error.message);
      throw error;
    }
    // A release's migrations are applied before this isolate's first request (server/services/upgrade.ts).
    // If the database cannot be reached the app answers that itself (503); the next request retries.
    await releaseMigrationsFor(env.DB).catch((error: unknown) => console.warn('Applying the release migrations failed:', error));
    const pageCache = pageCaches.get(app);
    if (pageCache) pageCache.origin = new URL(request.url).origin;
    // The execution context lets page views be written after the response (`waitUntil`).
    return app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<WorkerEnv>;
