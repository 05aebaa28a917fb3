import type { z } from 'zod';
import type { Endpoint } from '../../common/endpoints';
import type { Locale } from '../../common/locales';
import { apiFetch } from './api';

/*
 * The browser's typed API client (docs/architecture.md "Endpoints"). Each endpoint of
 * common/endpoints/ becomes a `route` in api-routes.generated.ts: its method and path (nothing
 * else of the declaration reaches the bundle), typed by the declaration itself — the path
 * parameters, the query and the JSON body its schemas accept. `api.pages.save({ params, body,
 * locale })` calls it through `apiFetch`; `api.operating.backup.url()` is its address for a link,
 * a download or an upload.
 */

type ParamName<Segment> = Segment extends `${infer Name}{${string}}` ? Name : Segment;
/** `…/pages/:locale/:path{.+}/history/:commit` → `'locale' | 'path' | 'commit'`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Rest}`
  ? Rest extends `${infer Segment}/${infer Tail}`
    ? ParamName<Segment> | PathParamNames<Tail>
    : ParamName<Rest>
  : never;

type ParamsOf<D extends Endpoint> = [PathParamNames<D['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<D['path']>, string | number> };
type QueryValue = string | number | boolean | null | undefined;
type QueryOf<D extends Endpoint> = D extends { query: infer Q extends z.ZodObject }
  ? { query?: { [K in keyof z.input<Q>]?: QueryValue } }
  : { query?: undefined };
type BodyOf<D extends Endpoint> = D extends { body: infer B extends z.ZodType }
  ? D extends { bodyOptional: true }
    ? { body?: z.input<B> }
    : { body: z.input<B> }
  : { body?: Record<string, never> };
/** The answer's type when the declaration names its schema; otherwise the caller says (`api.x.y<T>(…)`). */
type AnswerOf<D extends Endpoint> = D extends { response: { schema: infer S extends z.ZodType } } ? z.output<S> : unknown;

export type RouteAddress<D extends Endpoint> = ParamsOf<D> & QueryOf<D>;
export type RouteCall<D extends Endpoint> = RouteAddress<D> & BodyOf<D> & { locale: Locale; headers?: Record<string, string> };

export type ApiRoute<D extends Endpoint> = {
  /** Calls the endpoint through `apiFetch` (JSON in and out, errors as ApiRequestError, a GET retried once). */
  <T = AnswerOf<D>>(options: RouteCall<D>): Promise<T>;
  readonly method: D['method'];
  readonly path: D['path'];
  /** The endpoint's address with its parameters and query filled in. */
  url(
    ...options: Partial<RouteAddress<D>> extends RouteAddress<D> ? [options?: RouteAddress<D>] : [options: RouteAddress<D>]
  ): string;
};

/** One path parameter, encoded; a whole-path one (`:path{.+}`) segment by segment. */
function encodeParam(value: string, wholePath: boolean): string {
  const segments = wholePath ? value.split('/') : [value];
  // An empty or dot segment would name another address once the browser normalises the URL.
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..'))
    throw new TypeError(`Not an address segment: ${JSON.stringify(value)}`);
  return segments.map(encodeURIComponent).join('/');
}

type LooseAddress = { params?: Record<string, string | number>; query?: Record<string, QueryValue> };

export function addressOf(path: string, { params, query }: LooseAddress = {}): string {
  const filled = path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string, pattern?: string) => {
    const value = params?.[name];
    if (value === undefined) throw new TypeError(`${path}: no ${name}`);
    return encodeParam(String(value), pattern !== undefined);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  return search.size ? `${filled}?${search}` : filled;
}

/** An endpoint's client; made by api-routes.generated.ts from its declaration's method and path. */
export function route<D extends Endpoint>(method: D['method'], path: D['path']): ApiRoute<D> {
  const call = (options: LooseAddress & { body?: unknown; locale: Locale; headers?: Record<string, string> }) =>
    apiFetch(addressOf(path, options), { method, body: options.body, locale: options.locale, headers: options.headers });
  return Object.assign(call, {
    method,
    path,
    url: (options?: LooseAddress) => addressOf(path, options),
  }) as unknown as ApiRoute<D>;
}
