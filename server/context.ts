import type { Locale } from '../common/locales';
import type { AppDeps } from './deps';
import type { SiteState } from './services/site';

/** What is known about a page request before any loader runs, resolved once by createApp. */
export type RequestState = SiteState & { locale: Locale };

/**
 * What route loaders receive from the server (app/lib/app-context.server.ts hands it to React
 * Router): the platform's dependencies, this response's CSP nonce and the request state.
 */
export type AppLoadContext = {
  deps: AppDeps;
  /** CSP nonce for this response's inline scripts. */
  nonce?: string;
  state: RequestState;
};
