import { type Access, endpointKey, endpointList } from '../../common/endpoints';

export type { Access };

/**
 * Who may call each API route, by `METHOD /path` — made from the endpoint declarations
 * (common/endpoints/, each carries its `access`); the authorisation middleware
 * (server/http/guards.ts) reads it and the authorisation-matrix test checks it. A route missing
 * here is refused (fail closed), and the test names it.
 */
export const routeAccess: Record<string, Access> = Object.fromEntries(
  endpointList.map((endpoint) => [endpointKey(endpoint), endpoint.access]),
);

export function accessFor(method: string, path: string): Access | undefined {
  return routeAccess[`${method} ${path}`];
}
