import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTags, type Endpoint, endpointKey, endpointList, endpoints } from '../../common/endpoints';
import { analyticsQuerySchema } from '../../common/endpoints/analytics';
import { commentThreadQuerySchema, manageCommentsQuerySchema } from '../../common/endpoints/comments';
import {
  subscriberExportQuerySchema,
  subscriberListQuerySchema,
  unsubscribeQuerySchema,
} from '../../common/endpoints/newsletter';
import { contentSyncQuerySchema, pageListQuerySchema } from '../../common/endpoints/pages';
import { SETTINGS_LIMITS } from '../../common/schemas/settings';
import { json } from '../../tests/support/config';
import { createInstalledSite, type InstalledSite } from '../../tests/support/site';
import { buildOpenApiDocument, type OpenApiDocument, openApiPath } from './openapi';
import { routeAccess } from './route-access';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Every operation of the document with its method and path. */
function operations(doc: OpenApiDocument) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, path, op })),
  );
}

/** A local `$ref` (`#/components/…`) resolved in the document, or undefined. */
function resolve(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      doc,
    );
}

function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsIn(value, found);
    }
  return found;
}

describe('OpenAPI document', () => {
  let site: InstalledSite;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    site = await createInstalledSite();
    doc = buildOpenApiDocument();
  });

  /**
   * The document and the access matrix are both made from the endpoint declarations, and every
   * route the app serves is registered by one (route-access.test.ts): so every served route is
   * here, with the access rule `authorize` applies, and nothing else is.
   */
  it('describes every route the app serves, by its declaration, and nothing else', () => {
    const documented = operations(doc).map((o) => o.key);
    const served = site.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.endsWith('*'))
      .map((r) => `${r.method} ${openApiPath(r.path).path}`);
    expect([...new Set(served)].sort()).toEqual([...documented].sort());
    expect(documented.sort()).toEqual(endpointList.map((e) => `${e.method} ${openApiPath(e.path).path}`).sort());
    expect(Object.keys(routeAccess).sort()).toEqual(endpointList.map(endpointKey).sort());
  });

  it('describes a new declaration with its access rule, in the document and the access matrix alike', () => {
    const probe: Endpoint = {
      method: 'POST',
      path: '/api/probe/:id',
      access: 'builds.create',
      tag: 'builds',
      en: 'A probe',
      fa: 'آزمایش',
      params: endpoints.builds.revert.params,
    };
    const withProbe = buildOpenApiDocument([...endpointList, probe]);
    expect(withProbe.paths['/api/probe/{id}']?.post).toMatchObject({
      summary: 'A probe',
      'x-summary-fa': 'آزمایش',
      'x-daftar-permission': 'builds.create',
      // A permission: a session or an API key holding it.
      security: [{ session: [] }, { bearer: [] }],
    });
  });

  it('is a valid OpenAPI 3.1 document (the specification schema, every $ref, every path parameter)', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');

    const unresolved = refsIn(doc).filter((ref) => resolve(doc, ref) === undefined);
    expect(unresolved).toEqual([]);
    // No schema may carry its own `$defs` reference: it would resolve against the document root.
    expect(JSON.stringify(doc)).not.toContain('#/$defs');

    const ids = operations(doc).map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tagNames = new Set(doc.tags.map((tag) => tag.name));
    for (const { key, path, op } of operations(doc)) {
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), key).toEqual([...templated].sort());
      expect(declared.every((p) => p.required)).toBe(true);
      expect(
        op.tags.every((tag) => tagNames.has(tag)),
        key,
      ).toBe(true);
      for (const requirement of op.security)
        for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes).toHaveProperty(scheme);
      expect(Object.keys(op.responses).length, key).toBeGreaterThan(0);
    }
  });

  it('names each route’s permission and security the way the access table decides', () => {
    for (const { key, method, path, op } of operations(doc)) {
      const rule = Object.entries(routeAccess).find(([k]) => {
        const [m, p] = k.split(' ') as [string, string];
        return m.toLowerCase() === method && openApiPath(p).path === path;
      })?.[1];
      expect(op['x-daftar-permission'], key).toBe(rule);
      if (rule === 'public') expect(op.security, key).toEqual([]);
      else if (rule === 'setup') expect(op.security, key).toEqual(method === 'get' ? [] : [{ setupToken: [] }]);
      else if (rule === 'half-signed') {
        expect(op.security, key).toEqual([{ halfSigned: [] }]);
        expect(op.responses, key).toHaveProperty('401');
      } else if (rule === 'user' || rule === 'owner') {
        // A session only: API keys act through permissions alone.
        expect(op.security, key).toEqual([{ session: [] }]);
        expect(op.responses, key).toHaveProperty('401');
      } else {
        expect(op.security, key).toEqual([{ session: [] }, { bearer: [] }]);
        expect(op.responses, key).toHaveProperty('401');
      }
      if (rule !== 'public' && rule !== 'user' && !((rule === 'setup' || rule === 'half-signed') && method === 'get'))
        expect(op.responses, key).toHaveProperty('403');
    }
    expect(doc.paths['/api/users']?.post?.['x-daftar-permission']).toBe('users.create');
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'daftar_session' });
    expect(doc.components.securitySchemes.halfSigned).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'daftar_half_signed' });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    // Every tag has both names, and every tag in use is listed.
    for (const tag of doc.tags) expect(tag['x-name-fa'], tag.name).toBeTruthy();
    expect(Object.keys(apiTags)).toEqual(doc.tags.map((t) => t.name));
  });

  it('takes request bodies, queries and path parameters from the zod schemas the routes validate with', () => {
    const settings = doc.paths['/api/settings']?.put?.requestBody?.content['application/json']?.schema as {
      properties: Record<string, { properties?: Record<string, { maxLength?: number }>; maxItems?: number }>;
      required: string[];
    };
    expect(settings.properties.siteName?.properties?.en?.maxLength).toBe(SETTINGS_LIMITS.siteName);
    expect(settings.properties.cats?.maxItems).toBe(SETTINGS_LIMITS.cats);
    expect(settings.required).toContain('siteName');

    const list = doc.paths['/api/public/pages']?.get;
    expect(list?.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
      ['locale', 'query', true],
      ['cat', 'query', false],
      ['page', 'query', false],
    ]);
    expect(list?.parameters?.find((p) => p.name === 'locale')?.schema).toMatchObject({ enum: ['fa', 'en'] });
    expect(list?.parameters?.find((p) => p.name === 'page')?.schema).toMatchObject({ type: 'integer', minimum: 1, default: 1 });
    expect(list?.responses['200']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/PublicPageList',
    });
    expect(list?.responses).toHaveProperty('304');
    expect(list?.responses['400']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ApiError' });
    expect(doc.components.schemas.PublicPage).toMatchObject({ properties: { html: { type: 'string' }, toc: { type: 'array' } } });

    const page = doc.paths['/api/public/pages/{locale}/{path}']?.get;
    expect(page?.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
      ['locale', 'path', true],
      ['path', 'path', true],
    ]);
    const login = doc.paths['/api/auth/login']?.post?.requestBody?.content['application/json']?.schema as { required: string[] };
    expect([...login.required].sort()).toEqual(['password', 'userName']);
    expect(doc.paths['/api/media']?.post?.requestBody?.content).toHaveProperty('multipart/form-data');
    expect(doc.paths['/api/auth/login']?.post?.requestBody?.required).toBe(true);
    // The one-click unsubscribe sends its token in the query, with no JSON body.
    expect(doc.paths['/api/newsletter/unsubscribe']?.post?.requestBody?.required).toBe(false);
  });

  it('documents the very query schemas the handlers validate with (readQuery), not look-alikes', () => {
    const handlerSchemas: [string, unknown][] = [
      ['GET /api/pages', pageListQuerySchema],
      ['GET /api/analytics', analyticsQuerySchema],
      ['POST /api/content/sync', contentSyncQuerySchema],
      ['GET /api/comments', commentThreadQuerySchema],
      ['GET /api/manage/comments', manageCommentsQuerySchema],
      ['GET /api/newsletter/subscribers', subscriberListQuerySchema],
      ['GET /api/newsletter/subscribers/export', subscriberExportQuerySchema],
      ['POST /api/newsletter/unsubscribe', unsubscribeQuerySchema],
    ];
    const byKey = new Map(endpointList.map((e) => [endpointKey(e), e]));
    for (const [route, schema] of handlerSchemas) expect(byKey.get(route)?.query, route).toBe(schema);
    const moderation = doc.paths['/api/manage/comments']?.get?.parameters ?? [];
    expect(moderation.map((p) => [p.name, p.required])).toEqual([
      ['status', false],
      ['query', false],
      ['page', false],
    ]);
    expect(moderation.find((p) => p.name === 'page')?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100_000 });
    expect(moderation.find((p) => p.name === 'query')?.schema).toMatchObject({ maxLength: 200 });
  });

  it('is served at GET /api/openapi.json to anyone, from any origin', async () => {
    const response = await site.app.request('/api/openapi.json', { headers: { origin: 'https://tools.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await json(response)).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
