import type { RouterContextProvider } from 'react-router';
import type { AppConfig } from './config';
import type { Database } from './db/database';

/** Renders every page: React Router's request handler over the server build. */
export type PageHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

/**
 * Everything the app needs from its platform. The node and workers entries build these (database
 * driver, secrets) and hand them to `createApp`; no product code reaches for a platform itself.
 */
export type AppDeps = {
  config: AppConfig;
  db: Database;
  pageHandler?: PageHandler;
  /** Version string shown by /api/health; the build id once builds exist. */
  version?: string;
};
