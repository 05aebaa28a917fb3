import { Hono } from 'hono';
import { translateMessage } from '../../common/messages';
import { adminRequestSchema } from '../../common/schemas/account';
import type { AppDeps } from '../deps';
import {
  createOwner,
  installStatus,
  isDatabaseConnected,
  loadDefaultData,
  migrateDatabase,
  requireInstallerAccess,
} from '../services/installer';
import { errorJson, requestLocale } from './errors';
import { clientInfo, writeSessionCookie } from './request';
import { readJson } from './validate';

/**
 * The installer's API (spec §7). Mutations are POST (never GET) and need `X-Setup-Token`; once the
 * site is installed they all answer 403.
 */
export function createInstallRoutes(deps: AppDeps) {
  const install = new Hono();

  install.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    if (c.req.method === 'POST') await requireInstallerAccess(deps, c.req.header('x-setup-token'));
    return next();
  });

  install.get('/status', async (c) => c.json(await installStatus(deps)));

  install.get('/database-connections', async (c) => {
    if (!(await isDatabaseConnected(deps.db)))
      return errorJson(c, 503, translateMessage(requestLocale(c), 'api.databaseUnavailable'));
    return c.json({ connected: true, ...deps.databaseInfo });
  });

  // Lets the installer check the token before it starts; the middleware above does the check.
  install.post('/verify-token', (c) => c.json({ ok: true }));

  install.post('/migrations-run', async (c) => c.json(await migrateDatabase(deps)));

  install.post('/database-loading', async (c) => c.json(await loadDefaultData(deps)));

  install.post('/admin-loading', async (c) => {
    const input = await readJson(c, adminRequestSchema);
    const { userId, session } = await createOwner(deps, input, clientInfo(c, deps));
    writeSessionCookie(c, session.token, session.expiresAt);
    return c.json({ user: { id: userId, username: input.userName } });
  });

  return install;
}
