import { Hono } from 'hono';
import { z } from 'zod';
import { type Access, apiTags, type Endpoint, endpointList, endpoints } from '../../common/endpoints';
import { SESSION_COOKIE } from '../auth/sessions';
import type { AppDeps } from '../deps';
import { endpointsOn } from './endpoint';
import { HALF_SIGNED_COOKIE } from './request';

/*
 * `GET /api/openapi.json`: the API described in OpenAPI 3.1, made from the endpoint declarations
 * (common/endpoints/: every route, who may call it, what it does and the zod schemas its handler
 * validates with). Nothing is written twice: a schema change is a document change.
 */

type JsonSchema = Record<string, unknown>;
type Parameter = { name: string; in: 'path' | 'query'; required: boolean; description?: string; schema: JsonSchema };
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  'x-summary-fa': string;
  'x-daftar-permission': Access;
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }>; headers?: JsonSchema }>;
};
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string; 'x-name-fa': string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

/** The one error shape of the API (server/http/errors.ts). */
const apiErrorSchema = z.object({
  statusCode: z.int(),
  message: z
    .string()
    .meta({ description: "In the caller's language: X-Locale, the locale cookie, Accept-Language, else English." }),
  data: z
    .object({
      issues: z
        .array(z.object({ path: z.array(z.union([z.string(), z.int()])), message: z.string(), code: z.string().optional() }))
        .optional(),
    })
    .catchall(z.unknown())
    .optional(),
});

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as a client sends it (`io: 'input'`). */
export function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
  return rest;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  304: 'Not modified: the If-None-Match validator is current',
  400: 'Invalid input: `data.issues` names each field (path) and what is wrong',
  401: 'Not signed in',
  403: 'Signed in without the permission, or a cross-origin write',
  404: 'Not found',
  409: 'Conflicts with the current state',
  410: 'Gone: the link was used or has expired',
  412: 'Changed since it was read (If-Match)',
  413: 'Too large',
  415: 'Unsupported file type',
  429: 'Too many attempts; try again later',
  501: 'Not available on this platform',
  503: 'Unavailable: the database or a service is not ready',
};

/** `/api/pages/:locale/:path{.+}` → `/api/pages/{locale}/{path}` and its parameter names. */
export function openApiPath(honoPath: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = honoPath.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

function parametersOf(where: 'path' | 'query', schema: z.ZodObject | undefined, names?: string[]): Parameter[] {
  const object = schema ? jsonSchema(schema) : { properties: {} };
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required as string[] | undefined) ?? []);
  const all = names ?? Object.keys(properties);
  return all.map((name) => {
    const { description, ...propertySchema } = properties[name] ?? { type: 'string' };
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: propertySchema,
    };
  });
}

const errorResponse = (status: number) => ({
  description: STATUS_TEXT[status] ?? 'Refused',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
});

/** The refusals a route can answer: from its access rule, its schemas and its own list. */
function errorStatuses(access: Access, method: string, doc: Endpoint, hasPathParams: boolean): number[] {
  const statuses = new Set(doc.errors ?? []);
  // Malformed path parameters are a 404 (they name nothing); a query or body that fails its schema is a 400.
  if (doc.query || doc.body || doc.form) statuses.add(400);
  if (access !== 'public' && access !== 'setup') statuses.add(401);
  if (access !== 'public' && access !== 'user' && access !== 'half-signed') statuses.add(403);
  if (access === 'setup' && method === 'GET') statuses.delete(403);
  // Writes from another origin are refused by the CSRF check (server/http/request.ts).
  if (method !== 'GET') statuses.add(403);
  if (hasPathParams) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

function operation(described: Endpoint): { method: string; path: string; operation: Operation } {
  const { method, access } = described;
  const { path, params } = openApiPath(described.path);
  const parameters = [...parametersOf('path', described.params, params), ...parametersOf('query', described.query)];
  const status = described.status ?? 200;
  const media = described.produces ?? 'application/json';
  const success = {
    description: STATUS_TEXT[status] ?? 'OK',
    ...(status === 204
      ? {}
      : {
          content: { [media]: { schema: described.response ? { $ref: `#/components/schemas/${described.response.name}` } : {} } },
        }),
  };
  const responses: Operation['responses'] = { [String(status)]: success };
  for (const code of errorStatuses(access, method, described, params.length > 0))
    responses[String(code)] = code === 304 ? { description: STATUS_TEXT[304]! } : errorResponse(code);
  const security: Record<string, string[]>[] =
    access === 'public'
      ? []
      : access === 'setup'
        ? method === 'GET'
          ? []
          : [{ setupToken: [] }]
        : access === 'half-signed'
          ? [{ halfSigned: [] }]
          : access === 'user' || access === 'owner'
            ? [{ session: [] }]
            : // A permission: a session whose roles grant it, or an API key with it among its scopes.
              [{ session: [] }, { bearer: [] }];
  const body: Record<string, { schema: JsonSchema }> | undefined = described.body
    ? { 'application/json': { schema: jsonSchema(described.body) } }
    : described.form
      ? { 'multipart/form-data': { schema: jsonSchema(described.form) } }
      : undefined;
  return {
    method: method.toLowerCase(),
    path,
    operation: {
      operationId: `${method.toLowerCase()}${path.replace(/[^a-zA-Z0-9]+(\w)?/g, (_, c?: string) => (c ?? '').toUpperCase())}`,
      tags: [described.tag],
      summary: described.en,
      'x-summary-fa': described.fa,
      'x-daftar-permission': access,
      security,
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: { required: !described.bodyOptional, content: body } } : {}),
      responses,
    },
  };
}

/** The whole document for a list of endpoint declarations (default: the app's). */
export function buildOpenApiDocument(endpoints: readonly Endpoint[] = endpointList): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = { ApiError: jsonSchema(apiErrorSchema) };
  for (const doc of endpoints) if (doc.response) schemas[doc.response.name] = jsonSchema(doc.response.schema);
  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of endpoints) {
    const { method, path, operation: op } = operation(endpoint);
    paths[path] ??= {};
    paths[path][method] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Daftar API',
      version: '1',
      description:
        "The JSON API of a Daftar site. `x-daftar-permission` names who may call each operation: `public` (anyone), `setup` (the installer, with its setup token), `half-signed` (the second step of signing in, with the cookie a correct password gave an account with two factors), `user` (anyone signed in), `owner`, or a permission of the signed-in user's roles — or of an API key's scopes (the `bearer` scheme). Errors are `{ statusCode, message, data? }`. The headless content API (`/api/public/*`) is read-only, open to every origin and cached with ETags.",
    },
    servers: [{ url: '/' }],
    tags: Object.entries(apiTags).map(([name, label]) => ({ name, description: label.en, 'x-name-fa': label.fa })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie set by POST /api/auth/login.',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'dftr_…',
          description:
            'An API key made in Settings → Integrations (or POST /api/keys): `Authorization: Bearer dftr_…`. It acts with its scopes that its maker still holds, on the operations whose `x-daftar-permission` is a permission; `user` and `owner` operations refuse keys. No CSRF rule applies, and other origins may call with it (CORS, never with cookies). Every wrong key is the same 401.',
        },
        halfSigned: {
          type: 'apiKey',
          in: 'cookie',
          name: HALF_SIGNED_COOKIE,
          description:
            'The half-signed cookie POST /api/auth/login sets instead of a session when the account has two factors: valid 5 minutes, for /api/auth/two-factor only.',
        },
        setupToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Setup-Token',
          description: "The installer's setup token (printed by the server at start).",
        },
      },
    },
  };
}

let memo: { doc: OpenApiDocument; text: string } | undefined;

/** The app's document and its JSON, made once per process: they depend on the code only. */
function memoised() {
  if (!memo) {
    const doc = buildOpenApiDocument();
    memo = { doc, text: JSON.stringify(doc) };
  }
  return memo;
}

export const openApiDocument = (): OpenApiDocument => memoised().doc;

/** `/api/openapi.json` (public): the document for API tools and client generators. */
export function createOpenApiRoutes(_deps: AppDeps) {
  const routes = new Hono();
  const on = endpointsOn(routes, '/api');
  on(endpoints.operating.openApi, (c) => {
    return c.body(memoised().text, 200, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=300',
      // API tools (editors, client generators) read it from other origins.
      'access-control-allow-origin': '*',
    });
  });
  return routes;
}
