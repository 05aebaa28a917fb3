import { analytics } from './analytics';
import { apiKeys } from './api-keys';
import { auth } from './auth';
import { builds } from './builds';
import { comments } from './comments';
import type { Endpoint } from './define';
import { install } from './install';
import { media } from './media';
import { newsletter } from './newsletter';
import { operating } from './operating';
import { outgoingWebhooks } from './outgoing-webhooks';
import { pages } from './pages';
import { profile } from './profile';
import { publicApi } from './public';
import { redirects } from './redirects';
import { roles } from './roles';
import { search } from './search';
import { settings } from './settings';
import { users } from './users';

export { type Access, type ApiTag, apiTags, type Endpoint, type HttpMethod } from './define';

/**
 * Every endpoint of the API, by area and name (docs/architecture.md "Endpoints"). Server only at
 * run time: browser code takes the generated client (app/lib/api-routes.generated.ts), which
 * carries their methods and paths without their schemas and descriptions, and only its types from here.
 */
export const endpoints = {
  operating,
  install,
  auth,
  profile,
  users,
  roles,
  settings,
  pages,
  builds,
  media,
  public: publicApi,
  search,
  comments,
  newsletter,
  analytics,
  outgoingWebhooks,
  apiKeys,
  redirects,
};
export type Endpoints = typeof endpoints;

/** `GET /api/pages`: how the access matrix and the OpenAPI document key an endpoint. */
export const endpointKey = (endpoint: Pick<Endpoint, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;

/** Every endpoint once, in the table's order. */
export const endpointList: readonly Endpoint[] = Object.values(endpoints).flatMap((area) => Object.values(area) as Endpoint[]);
