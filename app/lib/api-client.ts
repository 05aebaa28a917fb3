/**
 * The dashboard's and the islands' one way to the API: `api.<area>.<endpoint>(…)`, one typed route
 * per endpoint declaration (app/lib/api-route.ts, docs/architecture.md "Endpoints"). No other file
 * of app/ spells an API address (api-client.test.ts).
 */

export type { ApiRoute } from './api-route';
export * as api from './api-routes.generated';
