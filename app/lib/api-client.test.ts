import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointList } from '../../common/endpoints';
import { apiClientSource, GENERATED_CLIENT } from '../../scripts/generate-api-client';
import { api } from './api-client';
import { addressOf } from './api-route';

/** Every source file under a folder. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('the API client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is generated from the endpoint declarations and current (npm run generate:api)', () => {
    expect(readFileSync(GENERATED_CLIENT, 'utf8')).toBe(apiClientSource());
    const routes = Object.values(api).flatMap((area) => Object.values(area));
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(endpointList.map((e) => `${e.method} ${e.path}`).sort());
  });

  it('is the only file of app/ that spells an /api/ address', () => {
    const spelled = filesUnder('app')
      // The client itself, and its test of the addresses it makes.
      .filter((file) => file !== GENERATED_CLIENT && file !== 'app/lib/api-client.test.ts')
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) => (/['"`]\/api\//.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(spelled, 'call the API through api-client.ts (api.<area>.<endpoint>)').toEqual([]);
  });

  it('keeps the declarations out of the browser bundle: app/ imports common/endpoints as types only', () => {
    const valueImports = filesUnder('app')
      .filter((file) => !file.endsWith('.test.ts') && !file.endsWith('.server.ts'))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*from '[./]*common\/endpoints[^']*';/gm)].map(
          (match) => `${file}: ${match[0]}`,
        ),
      );
    expect(valueImports, 'the generated client carries methods and paths; import the declarations with `import type`').toEqual(
      [],
    );
  });

  it('fills path parameters encoded, a whole-path one segment by segment, and leaves out empty query values', () => {
    expect(api.pages.save.url({ params: { locale: 'fa', path: 'logs/سلام دنیا?#' } })).toBe(
      '/api/pages/fa/logs/%D8%B3%D9%84%D8%A7%D9%85%20%D8%AF%D9%86%DB%8C%D8%A7%3F%23',
    );
    expect(api.users.setRoles.url({ params: { id: 'a/b?c' } })).toBe('/api/users/a%2Fb%3Fc/roles');
    expect(api.pages.list.url({ query: { query: 'a&b=c', page: 2, status: undefined, cat: '' } })).toBe(
      '/api/pages?query=a%26b%3Dc&page=2',
    );
    expect(api.operating.backup.url()).toBe('/api/backup');
  });

  it('refuses a parameter that would name another address once the browser normalises it', () => {
    for (const hostile of ['..', '.', '', 'logs/../../users', 'logs//x'])
      expect(() => addressOf('/api/pages/:locale/:path{.+}', { params: { locale: 'en', path: hostile } }), hostile).toThrow(
        TypeError,
      );
    expect(() => api.users.delete.url({ params: { id: '..' } })).toThrow(TypeError);
    expect(() => addressOf('/api/users/:id', {})).toThrow('no id');
  });

  it('calls with the declared method, the JSON body and the page language, and returns the answer', async () => {
    const fetch = vi.fn(async () => Response.json({ id: 7 }, { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const answer = await api.roles.update<{ id: number }>({
      params: { id: 'editor' },
      body: { name: 'Editor', description: '', permissions: [] },
      locale: 'fa',
    });
    expect(answer).toEqual({ id: 7 });
    expect(fetch).toHaveBeenCalledWith(
      '/api/roles/editor',
      expect.objectContaining({
        method: 'PATCH',
        body: JSON.stringify({ name: 'Editor', description: '', permissions: [] }),
        headers: expect.objectContaining({ 'x-locale': 'fa', 'content-type': 'application/json' }),
      }),
    );
  });
});
