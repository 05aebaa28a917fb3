import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { createServer as createViteServer } from 'vite';
import { createPageHandler } from '../../app/lib/app-context.server';
import { createApp } from '../../server/app';
import { startJobs } from '../../server/jobs';
import { createNodeDeps, installerUrl } from './deps';
import { exitOnConfigError, loadNodeConfig } from './environment';
import { closeWhenBodyUnread } from './unread-body';

/**
 * `npm run dev`: Vite serves the client with hot reload and renders pages from source; the same
 * Hono app handles everything Vite does not. tsx restarts this process when server code changes.
 */
async function main() {
  const config = (() => {
    try {
      return { ...loadNodeConfig(), NODE_ENV: 'development' as const };
    } catch (error) {
      return exitOnConfigError(error);
    }
  })();
  const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' });
  const pageHandler = createPageHandler(
    () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    'development',
  );
  const { deps, installerToken } = await createNodeDeps(config, pageHandler);
  // The same background jobs as `npm run serve` (server/jobs), also before the site is installed.
  startJobs(deps, { holder: randomUUID() });
  const app = createApp(deps);
  const listener = getRequestListener(app.fetch);
  createServer(closeWhenBodyUnread((req, res) => vite.middlewares(req, res, () => listener(req, res)))).listen(
    config.PORT,
    config.HOST,
    () => {
      console.log(`Daftar (dev) at http://localhost:${config.PORT}`);
      if (installerToken) console.log(`Install: ${installerUrl(config, installerToken)}`);
    },
  );
}

main();
