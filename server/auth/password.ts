/**
 * Password hashing with PBKDF2-HMAC-SHA256 through WebCrypto (works on Node and Workers).
 * Cloudflare's runtime refuses a single PBKDF2 call above 100 000 iterations, so the 600 000
 * iterations run as 6 chained rounds of 100 000, each round's output salting the next. Stored
 * self-describing: `pbkdf2-sha256-r100k$<iterations>$<salt b64>$<hash b64>`; plain
 * `pbkdf2-sha256$…` hashes (one call) still verify.
 *
 * New hashes use `AppDeps.passwordIterations`: the platforms keep this default, tests hash with
 * 1 000 (tests/support/deps.ts). Verification always reads the count from the stored hash.
 */
export const PASSWORD_ITERATIONS = 600_000;
/**
 * The bounds of a stored hash's count (F-24): the count comes from the stored string, so an
 * absurd one (4e9: a login that runs for hours in the thread pool) or a token one (1) is refused
 * rather than run. The top leaves room to raise the default about threefold; the bottom is the
 * tests' count (tests/support/config.ts), the lowest this code ever writes.
 */
export const MIN_PASSWORD_ITERATIONS = 1_000;
export const MAX_PASSWORD_ITERATIONS = 2_000_000;
const ROUND = 100_000;
const CHAINED = 'pbkdf2-sha256-r100k';
const SINGLE = 'pbkdf2-sha256';
const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array) {
  return btoa(String.fromCharCode(...bytes));
}
function fromBase64(text: string) {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

async function pbkdf2(key: CryptoKey, salt: Uint8Array, iterations: number) {
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

async function derive(scheme: string, password: string, salt: Uint8Array, iterations: number) {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  if (scheme === SINGLE) return pbkdf2(key, salt, iterations);
  let output = salt;
  for (let done = 0; done < iterations; done += ROUND) output = await pbkdf2(key, output, Math.min(ROUND, iterations - done));
  return output;
}

/**
 * The stored "hash" of an account that has no password yet (an invitation, server/services/
 * invitations.ts): not a hash this code reads, so no password ever verifies against it; the
 * account's one way in is the invitation's link, which sets a real one.
 */
export const NO_PASSWORD = 'none$invited';

export async function hashPassword(password: string, iterations = PASSWORD_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(CHAINED, password, salt, iterations);
  return `${CHAINED}$${iterations}$${toBase64(salt)}$${toBase64(hash)}`;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A stored hash's parts, or null when it is not one this code writes or reads. */
function parseStoredHash(stored: string) {
  const [scheme = '', count = '', salt = '', expected = '', ...rest] = stored.split('$');
  if ((scheme !== CHAINED && scheme !== SINGLE) || rest.length || !/^[1-9]\d{0,9}$/.test(count)) return null;
  if (!BASE64.test(salt) || !BASE64.test(expected)) return null;
  return { scheme, iterations: Number(count), salt, expected };
}

/** The iteration count of a well-formed stored hash, or null. */
export function storedHashIterations(stored: string): number | null {
  return parseStoredHash(stored)?.iterations ?? null;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed || parsed.iterations < MIN_PASSWORD_ITERATIONS || parsed.iterations > MAX_PASSWORD_ITERATIONS) return false;
  const { scheme, iterations, salt, expected } = parsed;
  const actual = await derive(scheme, password, fromBase64(salt), iterations);
  const wanted = fromBase64(expected);
  // Constant-time comparison.
  let diff = actual.length ^ wanted.length;
  for (let i = 0; i < actual.length; i++) diff |= (actual[i] ?? 0) ^ (wanted[i] ?? 0);
  return diff === 0;
}
