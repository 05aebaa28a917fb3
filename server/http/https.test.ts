import { describe, expect, it } from 'vitest';
import { testConfig } from '../../tests/support/config';
import { createInstalledSite, PASSWORD } from '../../tests/support/site';
import { HSTS_VALUE, isHttpsRequest } from './https';

const hsts = (response: Response) => response.headers.get('strict-transport-security');

function login(
  app: Awaited<ReturnType<typeof createInstalledSite>>['app'],
  origin: string,
  headers: Record<string, string> = {},
) {
  return app.request(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...headers },
    body: JSON.stringify({ userName: 'member', password: PASSWORD }),
  });
}

describe('https: HSTS and the Secure cookie follow one rule (F-16)', () => {
  it('decides https from the URL, the trusted proxy, or SITE_URL for its own host', () => {
    const request = (url: string, proto?: string) => new Request(url, { headers: proto ? { 'x-forwarded-proto': proto } : {} });
    const plain = testConfig();
    const proxied = testConfig({ TRUST_PROXY: 'true' });
    const site = testConfig({ SITE_URL: 'https://site.example' });
    expect(isHttpsRequest(request('https://site.example/'), plain)).toBe(true);
    expect(isHttpsRequest(request('http://site.example/'), plain)).toBe(false);
    // X-Forwarded-Proto counts only behind a trusted proxy, and only its last entry (the proxy's own).
    expect(isHttpsRequest(request('http://site.example/', 'https'), plain)).toBe(false);
    expect(isHttpsRequest(request('http://site.example/', 'https'), proxied)).toBe(true);
    expect(isHttpsRequest(request('http://site.example/', 'https, http'), proxied)).toBe(false);
    expect(isHttpsRequest(request('http://site.example/', 'http'), proxied)).toBe(false);
    expect(isHttpsRequest(request('http://site.example/'), site)).toBe(true);
    expect(isHttpsRequest(request('http://127.0.0.1:3000/'), site)).toBe(false);
    expect(isHttpsRequest(request('http://site.example/'), testConfig({ SITE_URL: 'http://site.example' }))).toBe(false);
  });

  it('sends HSTS over https only', async () => {
    const { app } = await createInstalledSite();
    expect(hsts(await app.request('https://site.example/api/health'))).toBe(HSTS_VALUE);
    expect(hsts(await app.request('http://site.example/api/health'))).toBeNull();
    // Errors and refusals too.
    expect(hsts(await app.request('https://site.example/api/nothing-here'))).toBe(HSTS_VALUE);
    expect(hsts(await app.request('http://site.example/api/nothing-here'))).toBeNull();
    // The rest of the security headers are there either way.
    const plain = await app.request('http://site.example/api/health');
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
    expect(plain.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('sends HSTS behind a trusted proxy that says https, not for a client claiming it without TRUST_PROXY', async () => {
    const proxied = await createInstalledSite({ TRUST_PROXY: 'true' });
    expect(hsts(await proxied.app.request('http://site.example/api/health', { headers: { 'x-forwarded-proto': 'https' } }))).toBe(
      HSTS_VALUE,
    );
    const direct = await createInstalledSite();
    expect(
      hsts(await direct.app.request('http://site.example/api/health', { headers: { 'x-forwarded-proto': 'https' } })),
    ).toBeNull();
  });

  it('marks the session cookie Secure by the same rule', async () => {
    const { app } = await createInstalledSite({ TRUST_PROXY: 'true' });
    const secure = await login(app, 'https://site.example');
    expect(secure.status).toBe(200);
    expect(secure.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
    expect(hsts(secure)).toBe(HSTS_VALUE);
    // Behind a TLS proxy the app sees http, the browser (and its Origin) https.
    const proxied = await login(app, 'http://site.example', { 'x-forwarded-proto': 'https', origin: 'https://site.example' });
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
    const plain = await login(app, 'http://site.example');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/i);
    expect(hsts(plain)).toBeNull();
  });

  it('judges same origin by the scheme the browser used, so forms work behind a TLS proxy', async () => {
    const { app } = await createInstalledSite({ TRUST_PROXY: 'true' });
    const viaProxy = { 'x-forwarded-proto': 'https', origin: 'https://site.example' };
    expect((await login(app, 'http://site.example', viaProxy)).status).toBe(200);
    // The same https Origin without the proxy's word is another origin, and so is http behind it.
    expect((await login(app, 'http://site.example', { origin: 'https://site.example' })).status).toBe(403);
    expect(
      (await login(app, 'http://site.example', { 'x-forwarded-proto': 'https', origin: 'http://site.example' })).status,
    ).toBe(403);
    expect((await login(app, 'http://site.example', { ...viaProxy, origin: 'https://evil.example' })).status).toBe(403);
  });
});
