import { type Context, Hono } from 'hono';
import type { PublishIndexing, PublishResult } from '../../common/authoring';
import { endpoints } from '../../common/endpoints';
import { publishSchema } from '../../common/endpoints/builds';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import {
  cancelScheduledPublish,
  discardChange,
  listBuilds,
  openBuildChanges,
  publishOpenBuild,
  revertBuild,
  schedulePublish,
} from '../services/builds';
import { indexerOf } from '../services/indexer';
import { endpointsOn } from './endpoint';
import { type AuthEnv, requireApiUser } from './guards';
import { readJson } from './validate';

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
  const on = endpointsOn(routes, '/api/builds');
  /** A publish whose index goes on in steps: 202, and the next steps after the response. */
  const published = (c: Context<AuthEnv>, result: PublishResult | PublishIndexing) => {
    if (result.buildId !== null) return c.json(result);
    const rest = indexerOf(deps).afterResponse(deps);
    if (rest) c.executionCtx.waitUntil(rest);
    return c.json(result, 202);
  };

  on(endpoints.builds.list, async (c) => c.json(await listBuilds(deps)));
  on(endpoints.builds.open, async (c) => c.json(await openBuildChanges(deps)));

  on(endpoints.builds.discardChange, async (c) => {
    const id = idParam(c.req.param('id'));
    await discardChange(deps, id);
    return c.json({ discarded: id });
  });

  on(endpoints.builds.publish, async (c) => {
    const user = requireApiUser(c);
    // The body is optional: no body publishes with a title made from the changes.
    const { at, ...input } = (await c.req.text()).trim() ? await readJson(c, publishSchema) : {};
    if (at !== undefined) {
      const when = new Date(at);
      // A time already past is most likely a mistake (a stale form): say so rather than publish now.
      if (when.getTime() <= Date.now()) {
        throw new AppError(400, 'api.validationFailed', { issues: [{ path: ['at'], message: 'api.publishAtPast' }] });
      }
      return c.json(await schedulePublish(deps, user, { ...input, at: when }), 202);
    }
    return published(c, await publishOpenBuild(deps, user, input));
  });

  on(endpoints.builds.cancelSchedule, async (c) => c.json(await cancelScheduledPublish(deps, idParam(c.req.param('id')))));

  on(endpoints.builds.revert, async (c) => {
    const user = requireApiUser(c);
    return published(c, await revertBuild(deps, user, idParam(c.req.param('id'))));
  });

  return routes;
}
