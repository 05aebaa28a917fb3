import { isbot } from 'isbot';
import { renderToReadableStream } from 'react-dom/server';
import { type EntryContext, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from 'react-router';
import { headCodeOrigins } from '../common/head-code';
import { errorForLog } from '../server/errors';
import { contentSecurityPolicy } from '../server/http/csp';
import { serverContext } from './lib/app-context.server';
import type { RootData } from './lib/root-data';
import { isReadingPage } from './reading/document';

export const streamTimeout = 5_000;

/**
 * A loader's or a render's failure in the log, as React Router's own would but without a failed
 * statement's values (a page's text): `errorForLog`. A request the browser gave up is not logged.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  console.error(`${request.method} ${new URL(request.url).pathname} failed:\n${errorForLog(cause)}`);
}

/**
 * Web-streams rendering, so the same server build runs on Node and in workerd. The CSP nonce comes
 * from the Hono app through React Router's context.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, state } = serverContext(loadContext);
  // A reading page renders the owner's head code (app/root.tsx): its policy names exactly those
  // scripts' origins. A preview of the appearance (Settings → Appearance) may be framed by the site
  // itself. Every other response keeps the app's own policy (server/app.ts).
  if (nonce && state.installed) {
    const { matches, loaderData } = routerContext.staticHandlerContext;
    if (isReadingPage(matches.map((match) => routerContext.routeModules[match.route.id]?.handle))) {
      const origins = state.headTags?.length ? headCodeOrigins(state.headTags) : [];
      const framedBySite = Boolean((loaderData.root as RootData | undefined)?.appearancePreview);
      if (origins.length || framedBySite)
        responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce, origins, { framedBySite }));
    }
  }
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  let shellRendered = false;
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
    nonce,
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError(error: unknown) {
      responseStatusCode = 500;
      if (shellRendered) console.error(`Rendering ${new URL(request.url).pathname} failed:\n${errorForLog(error)}`);
    },
  });
  shellRendered = true;
  const userAgent = request.headers.get('user-agent');
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
