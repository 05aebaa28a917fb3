import { describe, expect, it } from 'vitest';
import { json } from '../../tests/support/config';
import { createInstalledSite, PASSWORD } from '../../tests/support/site';
import { createApp } from '../app';
import { IP_FAILURE_LIMIT, PAIR_FAILURE_LIMIT, SEARCH_IP_LIMIT, TOKEN_GUESS_LIMIT } from '../auth/rate-limit';

/*
 * Abuse limits live in the database (server/auth/rate-limit.ts), so two apps over one database —
 * what two server processes or two Workers isolates are — hold one limit between them. (The
 * same with real separate processes: tests/e2e/many-processes.spec.ts.)
 */

const call = (app: ReturnType<typeof createApp>, method: string, path: string, body?: unknown, ip = '198.51.100.7') =>
  app.request(path, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function twoProcesses() {
  const site = await createInstalledSite({ TRUST_PROXY: 'true' });
  return { site, apps: [site.app, createApp(site.deps)] as const };
}

describe('abuse limits shared through the database', () => {
  it('a pair of address and name gets 5 wrong passwords in all, however they are spread over two apps', async () => {
    const { apps } = await twoProcesses();
    const statuses: number[] = [];
    for (let i = 0; i < PAIR_FAILURE_LIMIT + 2; i++) {
      const response = await call(apps[i % 2]!, 'POST', '/api/auth/login', { userName: 'owner', password: 'wrong password' });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(PAIR_FAILURE_LIMIT).fill(401), 429, 429]);
    // Another address is not locked out by them, and signs in.
    const other = await call(apps[1], 'POST', '/api/auth/login', { userName: 'owner', password: PASSWORD }, '192.0.2.44');
    expect(other.status).toBe(200);
  });

  it('an address gets 20 failures across names in all, also in parallel from both apps', async () => {
    const { apps } = await twoProcesses();
    const responses = await Promise.all(
      Array.from({ length: IP_FAILURE_LIMIT + 6 }, (_, i) =>
        call(apps[i % 2]!, 'POST', '/api/auth/login', { userName: `name${i}`, password: 'wrong password' }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(IP_FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it('search: 120 queries a minute per address, then 429 with its own message in both languages (F-30)', async () => {
    const { apps } = await twoProcesses();
    for (let i = 0; i < SEARCH_IP_LIMIT; i++) {
      expect((await call(apps[i % 2]!, 'GET', `/api/search?locale=en&q=word${i}`)).status).toBe(200);
    }
    const refused = await call(apps[0], 'GET', '/api/search?locale=en&q=more');
    expect(refused.status).toBe(429);
    expect(((await json(refused)) as { message: string }).message).toBe(
      'Too many searches from your address. Please wait a minute and try again.',
    );
    const fa = await apps[1].request('/api/search?locale=fa&q=x', {
      headers: { 'x-forwarded-for': '198.51.100.7', 'x-locale': 'fa' },
    });
    expect(((await json(fa)) as { message: string }).message).toContain('جست‌وجو');
    // An empty query costs nothing and is not counted; another address is free.
    expect((await call(apps[0], 'GET', '/api/search?locale=en&q=')).status).toBe(200);
    expect((await call(apps[0], 'GET', '/api/search?locale=en&q=more', undefined, '192.0.2.1')).status).toBe(200);
  });

  it('newsletter confirmation: 10 wrong tokens from an address, then 429 (F-35)', async () => {
    const { apps } = await twoProcesses();
    for (let i = 0; i < TOKEN_GUESS_LIMIT; i++) {
      expect((await call(apps[i % 2]!, 'POST', '/api/newsletter/confirm', { token: `guess-${i}` })).status).toBe(400);
    }
    expect((await call(apps[0], 'POST', '/api/newsletter/confirm', { token: 'one-more' })).status).toBe(429);
    expect((await call(apps[0], 'POST', '/api/newsletter/confirm', { token: 'one-more' }, '192.0.2.9')).status).toBe(400);
  });

  it('password reset links: 10 wrong tokens from an address, then 429 even for a real link', async () => {
    const { apps } = await twoProcesses();
    const body = (token: string) => ({ token, password: 'violet harbour lantern 42' });
    for (let i = 0; i < TOKEN_GUESS_LIMIT; i++) {
      expect((await call(apps[i % 2]!, 'POST', '/api/auth/password-reset', body(`guess-${i}`))).status).toBe(400);
    }
    expect((await call(apps[0], 'POST', '/api/auth/password-reset', body('one-more'))).status).toBe(429);
    expect((await call(apps[1], 'POST', '/api/auth/password-reset', body('one-more'), '192.0.2.9')).status).toBe(400);
  });

  // F-44: each wrong-token limit is counted in the statement that checks it, so 40 guesses at
  // once, spread over two apps, get exactly 10 judged and 30 refused (before: up to all 40).
  const passkeyProof = {
    response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30' } },
  };
  it.each([
    ['newsletter confirmation', '/api/newsletter/confirm', (i: number) => ({ token: `guess-${i}` })],
    ['e-mail confirmation', '/api/auth/confirm-email', (i: number) => ({ token: `guess-${i}` })],
    [
      'password reset',
      '/api/auth/password-reset',
      (i: number) => ({ token: `guess-${i}`, password: 'violet harbour lantern 42' }),
    ],
    ['passkey proof', '/api/auth/passkey', () => passkeyProof],
  ])('%s: 40 parallel wrong tokens from one address, exactly 10 judged (F-44)', async (_name, path, body) => {
    const { apps } = await twoProcesses();
    const GUESSES = 40;
    const responses = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) => call(apps[i % 2]!, 'POST', path, body(i), '198.51.100.40')),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(TOKEN_GUESS_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(GUESSES - TOKEN_GUESS_LIMIT);
  });
});
