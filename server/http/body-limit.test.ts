import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../tests/support/config';
import { createInstalledSite, type InstalledSite } from '../../tests/support/site';
import { bodyLimitFor, DEFAULT_BODY_LIMIT, MEGABYTE } from './body-limit';

const TOO_BIG = 2 * MEGABYTE;
const bigJson = (bytes: number) => JSON.stringify({ userName: 'member', password: 'x', filler: 'a'.repeat(bytes) });

/** A body with no Content-Length: streamed in 64 KiB chunks. */
function chunked(total: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(64 * 1024, total - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
}

describe('request body limit', () => {
  let site: InstalledSite;
  beforeAll(async () => {
    site = await createInstalledSite();
  });

  it('refuses a JSON body over 1 MB with a translated 413', async () => {
    const response = await site.app.request('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bigJson(TOO_BIG),
    });
    expect(response.status).toBe(413);
    expect(await json(response)).toEqual({
      statusCode: 413,
      message: 'The request body is too large',
      data: { limitBytes: DEFAULT_BODY_LIMIT },
    });
    const persian = await site.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-locale': 'fa' },
      body: bigJson(TOO_BIG),
    });
    expect(persian.status).toBe(413);
    expect((await json(persian)).message).toBe('بدنهٔ درخواست بیش از اندازه بزرگ است');
  });

  it('refuses a declared Content-Length over the limit, and lets a body under it through', async () => {
    const body = bigJson(TOO_BIG);
    const declared = await site.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
    });
    expect(declared.status).toBe(413);
    const small = await site.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bigJson(DEFAULT_BODY_LIMIT - 1024),
    });
    expect(small.status).toBe(401); // read and judged: a wrong password, not a size problem
  });

  it('counts a chunked body without Content-Length', async () => {
    const response = await site.app.request('/api/profile', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: site.cookies.member },
      body: chunked(TOO_BIG),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('holds for page routes too (form posts to React Router actions)', async () => {
    const response = await site.app.request('/en/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `password=${'a'.repeat(TOO_BIG)}`,
    });
    expect(response.status).toBe(413);
  });

  it('lets a route prefix carry its own limit (a later media upload)', () => {
    const limits = { '/api/media/': 20 * MEGABYTE, '/api/media/avatars/': 2 * MEGABYTE };
    expect(bodyLimitFor('/api/media/upload', limits)).toBe(20 * MEGABYTE);
    expect(bodyLimitFor('/api/media/avatars/x', limits)).toBe(2 * MEGABYTE);
    expect(bodyLimitFor('/api/auth/login', limits)).toBe(DEFAULT_BODY_LIMIT);
  });
});

describe('request body limit on the node server', () => {
  let server: ReturnType<typeof serve>;
  let url = '';
  beforeAll(async () => {
    const site = await createInstalledSite();
    await new Promise<void>((resolve) => {
      server = serve({ fetch: site.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a chunked (Transfer-Encoding) upload over 1 MB with 413', async () => {
    const response = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunked(TOO_BIG),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe('The request body is too large');
  });
});
