import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { compress } from 'hono/compress';
import type { ServerBuild } from 'react-router';
import { createPageHandler } from '../../app/lib/app-context.server';
import { createApp } from '../../server/app';
import { SESSION_COOKIE } from '../../server/auth/sessions';
import { errorForLog } from '../../server/errors';
import { createNotFoundRecorder } from '../../server/http/not-found-log';
import { answeredByPageCache } from '../../server/http/page-cache';
import { createPageViewRecorder } from '../../server/http/page-views';
import { siteUrlStartupWarnings } from '../../server/http/site-url-check';
import { startJobs } from '../../server/jobs';
import { isDatabaseConnected } from '../../server/services/installer';
import { upgradeInstalledSite } from '../../server/services/upgrade';
import { withRequestBudget } from './database-guard';
import { createNodeDeps, installerUrl, siteAddress } from './deps';
import { exitOnConfigError, loadNodeConfig, webConcurrency } from './environment';
import { answerPageHits } from './page-hits';
import { clientFiles } from './static-files';
import { closeWhenBodyUnread } from './unread-body';

/** How long a stop waits for requests in flight and running jobs before it closes anyway. */
const STOP_TIMEOUT_MS = 10_000;

type NodeConfig = ReturnType<typeof loadNodeConfig>;

/**
 * `npm run serve`: the built site on Node. With `WEB_CONCURRENCY` above 1 this process is the
 * primary: it applies a release's migrations once, then forks that many serving processes that
 * share the port (node:cluster), the database and the background jobs (server/jobs: leases pick one
 * process per job), restarts one that dies, and passes SIGTERM/SIGINT on.
 */
async function main() {
  const config = (() => {
    try {
      return loadNodeConfig();
    } catch (error) {
      return exitOnConfigError(error);
    }
  })();
  const processes = (() => {
    try {
      return webConcurrency();
    } catch (error) {
      return exitOnConfigError(error);
    }
  })();
  const buildDir = path.resolve('build');
  const serverBuildPath = path.join(buildDir, 'server', 'index.js');
  if (!existsSync(serverBuildPath)) {
    console.error('No build found in ./build — run `npm run build` first (or `npm start`, which builds).');
    process.exit(1);
  }
  if (cluster.isPrimary && processes > 1) return runPrimary(config, processes);
  return serve(config, buildDir, serverBuildPath);
}

/**
 * An update's migrations, applied before the first request; the content is re-indexed meanwhile.
 * Nothing to do on a database the installer has not migrated yet (upgradeInstalledSite decides),
 * and one that cannot be reached is for the installer's first step to report, not a crash.
 */
async function upgrade(deps: Awaited<ReturnType<typeof createNodeDeps>>['deps']) {
  if (!(await isDatabaseConnected(deps.db))) return;
  const { reindexed } = await upgradeInstalledSite(deps);
  void reindexed.catch((error: unknown) => console.error(`Re-indexing after the upgrade failed:\n${errorForLog(error)}`));
}

async function runPrimary(config: NodeConfig, processes: number) {
  // Once, before any serving process opens the database: a release's migrations, and the setup token.
  const { deps, installerToken } = await createNodeDeps(config);
  await upgrade(deps);
  let stopping = false;
  const fork = () => cluster.fork({ DAFTAR_QUIET: '1' });
  for (let i = 0; i < processes; i++) fork();
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === processes) announce(config, installerToken, `${processes} processes`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
      return;
    }
    console.error(`Serving process ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another.`);
    fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    // A process that does not stop in time is ended; the leases it held lapse on their own.
    setTimeout(() => process.exit(1), STOP_TIMEOUT_MS + 5_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** A reader's request: a GET or HEAD without a session cookie (the statement budget is enforced on these). */
function isReaderRequest(request: Request) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return !(request.headers.get('cookie') ?? '').split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

async function serve(config: NodeConfig, buildDir: string, serverBuildPath: string) {
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
  const { deps, close, installerToken } = await createNodeDeps(config, createPageHandler(build));
  if (cluster.isPrimary) await upgrade(deps);
  // Cloudflare compresses on Workers; on Node the server does it (HTML, CSS, JS, JSON, XML), except
  // for what the page cache answered: stored pages are already in their final encoding.
  const compressor = compress();
  // One recorder for the views of both paths: cache hits answered before the app, and the app's.
  const pageViews = deps.pageViews ?? createPageViewRecorder(deps.db);
  const notFoundLog = deps.notFoundLog ?? createNotFoundRecorder(deps.db);
  const app = createApp(
    { ...deps, pageViews, notFoundLog },
    {
      platform: [
        // build/client's files, pre-compressed at build time; every other path goes on without a file lookup.
        clientFiles(path.join(buildDir, 'client')),
        async (c, next) => {
          await next();
          if (!answeredByPageCache(c)) await compressor(c, async () => {});
        },
      ],
    },
  );

  // Background jobs from start-up, installed or not: each waits until the site is installed,
  // which may happen in this very process (server/jobs).
  const jobs = startJobs(deps, { holder: randomUUID() });

  // Page-cache hits are answered from the raw request, before Hono builds a web Request (docs/decisions/0010);
  // an answer given before its request body has arrived closes the connection (unread-body.ts, F-21).
  const server = createServer(
    closeWhenBodyUnread(
      answerPageHits(
        { ...deps, pageViews },
        pageViews,
        // Each request's SQL statements under one budget (database-guard.ts, issue 35).
        getRequestListener((request, env) =>
          withRequestBudget(`${request.method} ${new URL(request.url).pathname}`, () => app.fetch(request, env), {
            enforced: isReaderRequest(request),
          }),
        ),
      ),
    ),
  );
  server.listen(config.PORT, config.HOST, () => {
    // Everything a page needs is loaded now: the next start reads its compiled code (platforms/node/start.ts).
    module.flushCompileCache?.();
    if (!process.env.DAFTAR_QUIET) announce(config, installerToken);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!process.env.DAFTAR_QUIET)
      console.log(`${signal}: stopping (requests in flight and running jobs get ${STOP_TIMEOUT_MS / 1000} s).`);
    const deadline = setTimeout(() => server.closeAllConnections(), STOP_TIMEOUT_MS);
    deadline.unref();
    await Promise.all([closeServer(server), jobs.stop(STOP_TIMEOUT_MS)]);
    clearTimeout(deadline);
    // Views answered before the stop are written, then the database is closed.
    await Promise.all([pageViews.flush(), notFoundLog.flush()]);
    close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** Stops accepting connections and resolves once every request in flight has been answered. */
function closeServer(server: Server) {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    // Keep-alive connections with no request in flight would hold `close` open: end them now.
    server.closeIdleConnections();
  });
}

function announce(config: NodeConfig, installerToken: string | undefined, processes?: string) {
  const where = siteAddress(config);
  console.log(`Daftar is running at ${where} (data: ${config.dataDir}${processes ? `; ${processes}` : ''})`);
  for (const warning of siteUrlStartupWarnings(config)) console.warn(`Warning: ${warning}`);
  // The link comes last and stands apart: it is what a new owner has to find in the console.
  if (installerToken)
    console.log(
      `\n${'─'.repeat(72)}\nNot installed yet. Open this link to install (it carries the setup token):\n\n  ${installerUrl(config, installerToken)}\n${'─'.repeat(72)}\n`,
    );
}

main();
