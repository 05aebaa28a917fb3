import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, totpCode, totpStep } from './totp';

const ascii = (text: string) => new TextEncoder().encode(text);

// RFC 6238 appendix B: T0 = 0, X = 30 s, 8 digits, one seed per hash.
const vectors: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];
const seed1 = ascii('12345678901234567890');
const seed256 = ascii('12345678901234567890123456789012');
const seed512 = ascii('1234567890123456789012345678901234567890123456789012345678901234');

describe('TOTP (RFC 6238)', () => {
  it.each(vectors)('matches the RFC test vectors at %i s', async (seconds, sha1, sha256, sha512) => {
    const step = totpStep(seconds * 1000);
    expect(await hotp(seed1, step, 8)).toBe(sha1);
    expect(await hotp(seed256, step, 8, 'SHA-256')).toBe(sha256);
    expect(await hotp(seed512, step, 8, 'SHA-512')).toBe(sha512);
    // The site's codes are the last six digits of the same computation (SHA-1).
    expect(await totpCode(base32Encode(seed1), seconds * 1000)).toBe(sha1.slice(2));
  });

  it('round-trips base32 and refuses what is not base32', () => {
    expect(base32Encode(seed1)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(seed1);
    expect(base32Decode('GEZ1')).toBeNull();
    expect(base32Decode('<script>')).toBeNull();
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)?.length).toBe(20);
  });

  it('accepts one step either side, no further, and never a step already used', async () => {
    const secret = base32Encode(seed1);
    const now = 1111111111 * 1000;
    const step = totpStep(now);
    const at = (delta: number) => totpCode(secret, now + delta * 30_000);
    expect(await matchTotp(secret, await at(0), now)).toBe(step);
    expect(await matchTotp(secret, await at(-1), now)).toBe(step - 1);
    expect(await matchTotp(secret, await at(1), now)).toBe(step + 1);
    expect(await matchTotp(secret, await at(-2), now)).toBeNull();
    expect(await matchTotp(secret, await at(2), now)).toBeNull();
    // Replay: the step was used, so neither it nor an older one passes.
    expect(await matchTotp(secret, await at(0), now, step)).toBeNull();
    expect(await matchTotp(secret, await at(-1), now, step)).toBeNull();
    expect(await matchTotp(secret, await at(1), now, step)).toBe(step + 1);
  });

  it.each(['', '12345', '1234567', '12345a', ' 123456', '١٢٣٤٥٦', '123 456', '999999999999'])(
    'refuses the malformed code %j',
    async (code) => {
      expect(await matchTotp(base32Encode(seed1), code, 59_000)).toBeNull();
    },
  );

  it('writes the otpauth:// address apps scan, escaping the label', () => {
    const uri = otpauthUri('GEZDGNBV', 'دفتر & co', 'سارا:x');
    const url = new URL(uri);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    // One raw colon between issuer and account; the account's own colon is escaped.
    expect(url.pathname.split(':')).toHaveLength(2);
    expect(decodeURIComponent(url.pathname)).toBe('/دفتر & co:سارا:x');
    expect(url.searchParams.get('secret')).toBe('GEZDGNBV');
    expect(url.searchParams.get('issuer')).toBe('دفتر & co');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(uri).not.toContain('+');
  });
});
