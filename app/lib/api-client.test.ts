import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointList } from '../../common/endpoints';
import { apiClientSource, GENERATED_CLIENT } from '../../scripts/generate-api-client';
import { api } from './api-client';
import { addressOf } from './api-route';

describe('the API client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is generated from the endpoint declarations and current (npm run generate:api)', () => {
    expect(readFileSync(GENERATED_CLIENT, 'utf8')).toBe(apiClientSource());
    const routes = Object.values(api).flatMap((area) => Object.values(area));
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(endpointList.map((e) => `${e.method} ${e.path}`).sort());
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
