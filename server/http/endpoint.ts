import type { Env, Handler, Hono } from 'hono';
import type { Endpoint } from '../../common/endpoints';

/**
 * Registers handlers by their endpoints' declarations (common/endpoints/, docs/architecture.md
 * "Endpoints") on an area's sub-app mounted at `base`: the method and path come from the
 * declaration, so a handler cannot answer at an address that has no access rule and no
 * description. (`route-access.test.ts` checks every route the app serves has a declaration.)
 */
export function endpointsOn<E extends Env>(routes: Hono<E>, base: `/api${string}`) {
  return <D extends Endpoint>(endpoint: D, handler: Handler<E, D['path']>) => {
    if (!endpoint.path.startsWith(base) || !/^(\/|$)/.test(endpoint.path.slice(base.length)))
      throw new Error(`${endpoint.method} ${endpoint.path} is not under ${base}`);
    routes.on(endpoint.method, endpoint.path.slice(base.length) || '/', handler as Handler<E>);
  };
}
