import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { createApp } from '../../server/app';
import { createNodeDeps, installerUrl } from './deps';
import { exitOnConfigError, loadNodeConfig } from './environment';

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
  const handler = createRequestHandler(build, 'production');
  const { deps, installerToken } = await createNodeDeps(config, (request, context) => handler(request, context));
  const app = createApp(deps);

  const server = new Hono();
  // Cloudflare compresses on Workers; on Node the server does it (HTML, CSS, JS, JSON, XML).
  server.use(compress());
  const clientDir = path.relative(process.cwd(), path.join(buildDir, 'client'));
  server.use(
    '/assets/*',
    serveStatic({
      root: clientDir,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  server.use('*', serveStatic({ root: clientDir, onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600') }));
  server.route('/', app);

  serve({ fetch: server.fetch, port: config.PORT, hostname: config.HOST }, () => {
    console.log(`Daftar is running at ${installerUrl(config, '').replace('/?setup=', '')} (data: ${config.dataDir})`);
    if (installerToken)
      console.log(
        `\nNot installed yet. Open this link to install (it carries the setup token):\n\n  ${installerUrl(config, installerToken)}\n`,
      );
  });
}

main();
