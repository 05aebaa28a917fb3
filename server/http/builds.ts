import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { discardChange, listBuilds, openBuildChanges, publishOpenBuild, revertBuild } from '../services/builds';
import { type AuthEnv, requireUser } from './guards';
import { readJson } from './validate';

const publishSchema = z.object({ title: z.string().max(200, 'validation.invalid').optional() });

function idParam(value: string) {
  const id = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(id)) throw new AppError(404, 'api.notFound');
  return id;
}

/**
 * `/api/builds`: the open build, publishing, history and revert (permissions in route-access.ts:
 * reading `builds.read`, publishing and reverting `builds.create`, discarding a change
 * `commits.delete`).
 */
export function createBuildRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();

  routes.get('/', async (c) => c.json(await listBuilds(deps)));
  routes.get('/open', async (c) => c.json(await openBuildChanges(deps)));

  routes.delete('/open/changes/:id', async (c) => {
    const id = idParam(c.req.param('id'));
    await discardChange(deps, id);
    return c.json({ discarded: id });
  });

  routes.post('/publish', async (c) => {
    const user = requireUser(c);
    // The body is optional: no body publishes with a title made from the changes.
    const input = (await c.req.text()).trim() ? await readJson(c, publishSchema) : {};
    return c.json(await publishOpenBuild(deps, user, input));
  });

  routes.post('/:id/revert', async (c) => {
    const user = requireUser(c);
    return c.json(await revertBuild(deps, user, idParam(c.req.param('id'))));
  });

  return routes;
}
