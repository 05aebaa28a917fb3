import { Hono } from 'hono';
import { endpoints } from '../../common/endpoints';
import { installOwnerSchema } from '../../common/schemas/settings';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import {
  createOwner,
  installStatus,
  isDatabaseConnected,
  loadDefaultData,
  migrateDatabase,
  requireNotInstalled,
} from '../services/installer';
import { installationAddress } from '../site-origin';
import { endpointsOn } from './endpoint';
import { clientInfo, writeSessionCookie } from './request';
import { readJson } from './validate';

/**
 * The installer's API (docs/spec.md §7). Mutations are POST (never GET); their access rule is `setup`
 * (route-access.ts), so `authorize` asks for `X-Setup-Token`. Once the site is installed every
 * installer route answers 403, the two GETs included.
 */
export function createInstallRoutes(deps: AppDeps) {
  const install = new Hono();
  const on = endpointsOn(install, '/api/install');

  install.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    return next();
  });

  // Read by the installer page before installation; afterwards, 403 like every other step.
  on(endpoints.install.status, async (c) => {
    await requireNotInstalled(deps);
    return c.json(await installStatus(deps));
  });

  on(endpoints.install.databaseConnection, async (c) => {
    await requireNotInstalled(deps);
    if (!(await isDatabaseConnected(deps.db))) throw new AppError(503, 'api.databaseUnavailable');
    return c.json({ connected: true, ...deps.databaseInfo });
  });

  // Lets the installer check the token before it starts; `authorize` does the check.
  on(endpoints.install.verifyToken, (c) => c.json({ ok: true }));

  on(endpoints.install.runMigrations, async (c) => c.json(await migrateDatabase(deps)));

  on(endpoints.install.loadDatabase, async (c) => c.json(await loadDefaultData(deps)));

  on(endpoints.install.createOwner, async (c) => {
    const input = await readJson(c, installOwnerSchema);
    const address = installationAddress(c.req.raw, deps.config);
    const { userId, session } = await createOwner(deps, input, clientInfo(c, deps), address);
    writeSessionCookie(c, session.token, session.expiresAt);
    return c.json({ user: { id: userId, username: input.userName } });
  });

  return install;
}
