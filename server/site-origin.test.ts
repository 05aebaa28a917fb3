import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { requestOrigin } from './site-origin';

const config = (env: Record<string, string> = {}) => parseConfig(env);
const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe('requestOrigin: the origin a request was made to (server/site-origin.ts)', () => {
  it('is the request’s own scheme and host, forwarded headers ignored without TRUST_PROXY', () => {
    const forwarded = { 'x-forwarded-host': 'public.example', 'x-forwarded-proto': 'https' };
    expect(requestOrigin(request('http://127.0.0.1:3000/x', forwarded), config())).toBe('http://127.0.0.1:3000');
    expect(requestOrigin(request('https://site.example/x'), config())).toBe('https://site.example');
  });

  it('behind TRUST_PROXY takes the last X-Forwarded-Host and -Proto entries (the proxy’s own)', () => {
    const trusted = config({ TRUST_PROXY: 'true' });
    expect(
      requestOrigin(
        request('http://127.0.0.1:3000/x', {
          'x-forwarded-host': 'client-said.example, Public.Example:8443',
          'x-forwarded-proto': 'http, https',
        }),
        trusted,
      ),
    ).toBe('https://public.example:8443');
    expect(requestOrigin(request('http://127.0.0.1:3000/x', { 'x-forwarded-host': '[::1]:8080' }), trusted)).toBe(
      'http://[::1]:8080',
    );
  });

  it.each([
    'evil.example/path',
    'evil.example?x',
    'evil.example#x',
    'user@evil.example',
    'user:pass@evil.example',
    'evil.example:99999999',
    'evil.example:65536',
    'evil.example:port',
    'a b',
    'evil.example\\x',
    'http://evil.example',
    '-evil.example',
    '.',
    '',
  ])('behind TRUST_PROXY, refuses X-Forwarded-Host %j (the request’s own host stays)', (hostile) => {
    expect(
      requestOrigin(request('http://site.example/x', { 'x-forwarded-host': hostile }), config({ TRUST_PROXY: 'true' })),
    ).toBe('http://site.example');
  });
});
