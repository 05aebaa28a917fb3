import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiFetch } from './api';

/** A fetch that answers the given statuses in turn and records each call's method. */
function answering(...statuses: number[]) {
  const calls: string[] = [];
  const queue = [...statuses];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit) => {
      calls.push(init.method ?? 'GET');
      const status = queue.shift() ?? 200;
      return new Response(JSON.stringify(status < 400 ? { ok: true } : { statusCode: status, message: `failed ${status}` }), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('tries a GET once more after %i, and succeeds', async (status) => {
    const calls = answering(status, 200);
    await expect(apiFetch('/x', { locale: 'en' })).resolves.toEqual({ ok: true });
    expect(calls).toEqual(['GET', 'GET']);
  });

  it('tries only once more: a second failure is the answer', async () => {
    const calls = answering(503, 503, 200);
    await expect(apiFetch('/x', { locale: 'en' })).rejects.toMatchObject({ failure: { statusCode: 503 } });
    expect(calls).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 413, 422, 501])('does not repeat a GET that answered %i', async (status) => {
    const calls = answering(status, 200);
    await expect(apiFetch('/x', { locale: 'en' })).rejects.toBeInstanceOf(ApiRequestError);
    expect(calls).toHaveLength(1);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never repeats a %s, which may not be idempotent', async (method) => {
    const calls = answering(503, 200);
    await expect(apiFetch('/x', { method, body: {}, locale: 'fa' })).rejects.toMatchObject({
      failure: { statusCode: 503, message: 'failed 503' },
    });
    expect(calls).toEqual([method]);
  });
});
