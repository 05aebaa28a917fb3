import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { compress } from 'hono/compress';
import type { ServerBuild } from 'react-router';
import { createPageHandler } from '../../app/lib/app-context.server';
import { createApp } from '../../server/app';
import { purgeExpiredSessions, SESSION_PURGE_INTERVAL_MS } from '../../server/auth/sessions';
import { answeredByPageCache } from '../../server/http/page-cache';
import { createPageViewRecorder } from '../../server/http/page-views';
import { siteUrlStartupWarnings } from '../../server/http/site-url-check';
import { resumeInterruptedPublishes } from '../../server/services/builds';
import { resumeNewsletterQueue } from '../../server/services/newsletter';
import { startScheduledPublishing } from '../../server/services/scheduled-publishing';
import { upgradeInstalledSite } from '../../server/services/upgrade';
import { createNodeDeps, installerUrl } from './deps';
import { exitOnConfigError, loadNodeConfig } from './environment';
import { answerPageHits } from './page-hits';
import { clientFiles } from './static-files';
import { closeWhenBodyUnread } from './unread-body';

/** `npm run serve`: the built site on Node, static files first, then the app. */
async function main() {
  const config = (() => {
    try {
      return loadNodeConfig();
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
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
  const { deps, installerToken } = await createNodeDeps(config, createPageHandler(build));
  // An update's migrations are applied before the first request; the content is re-indexed meanwhile.
  if (!installerToken) {
    const { reindexed } = await upgradeInstalledSite(deps);
    void reindexed.catch((error: unknown) => console.error('Re-indexing after the upgrade failed:', error));
  }
  // A publish cut off by a crash or a kill is completed (its commit landed) or reopened (server/services/builds.ts).
  if (!installerToken)
    await resumeInterruptedPublishes(deps, { leaseMs: 0 }).catch((error: unknown) =>
      console.error('Resuming an interrupted publish failed:', error),
    );
  // Newsletter issues queued before a stop are sent on; a message cut off mid-send is not repeated.
  if (!installerToken)
    void resumeNewsletterQueue(deps, { leaseMs: 0 }).catch((error: unknown) =>
      console.error('Resuming the newsletter queue failed:', error),
    );
  // Cloudflare compresses on Workers; on Node the server does it (HTML, CSS, JS, JSON, XML), except
  // for what the page cache answered: stored pages are already in their final encoding.
  const compressor = compress();
  // One recorder for the views of both paths: cache hits answered before the app, and the app's.
  const pageViews = deps.pageViews ?? createPageViewRecorder(deps.db);
  const app = createApp(
    { ...deps, pageViews },
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

  // Builds scheduled for later publish themselves within 5 s of their time, also after a restart.
  if (!installerToken) startScheduledPublishing(deps);
  // Expired sessions are refused anyway; purging them keeps the table small.
  const purgeSessions = () =>
    purgeExpiredSessions(deps.db).catch((error: unknown) => console.error('Purging expired sessions failed:', error));
  void purgeSessions();
  setInterval(purgeSessions, SESSION_PURGE_INTERVAL_MS).unref();

  // Page-cache hits are answered from the raw request, before Hono builds a web Request (docs/decisions/0010);
  // an answer given before its request body has arrived closes the connection (unread-body.ts).
  const server = createServer(
    closeWhenBodyUnread(answerPageHits({ ...deps, pageViews }, pageViews, getRequestListener(app.fetch))),
  );
  server.listen(config.PORT, config.HOST, () => {
    // Everything a page needs is loaded now: the next start reads its compiled code (platforms/node/start.ts).
    module.flushCompileCache?.();
    console.log(`Daftar is running at ${installerUrl(config, '').replace('/?setup=', '')} (data: ${config.dataDir})`);
    for (const warning of siteUrlStartupWarnings(config)) console.warn(`Warning: ${warning}`);
    if (installerToken)
      console.log(
        `\nNot installed yet. Open this link to install (it carries the setup token):\n\n  ${installerUrl(config, installerToken)}\n`,
      );
  });
}

main();
