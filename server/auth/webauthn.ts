/*
 * Passkeys (WebAuthn Level 3) on Web Crypto alone, for Node and Workers: the options a browser's
 * `navigator.credentials` call takes (as @simplewebauthn/browser sends them) and the checks of its
 * answers (§7.1 registration, §7.2 authentication). Daftar asks for attestation `none`: it does not
 * judge which authenticator made a key, so attestation statements are not read, and no X.509 or
 * ASN.1 parser is needed (a general library brought 77 KiB of them into the Worker's bundle).
 * Keys: ES256 (P-256), EdDSA (Ed25519) and RS256.
 */

const COSE = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, n: -1, e: -2 } as const;
const ALG = { ES256: -7, EdDSA: -8, RS256: -257 } as const;
const FLAG = { userPresent: 0x01, userVerified: 0x04, backupEligible: 0x08, backedUp: 0x10, attestedData: 0x40 } as const;
/** A credential id is at most 1 023 bytes (§5.8.3). */
const MAX_CREDENTIAL_ID_BYTES = 1023;

export class WebauthnError extends Error {
  override name = 'WebauthnError';
}
const refuse = (why: string): never => {
  throw new WebauthnError(why);
};

export function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function fromBase64url(text: unknown): Bytes {
  if (typeof text !== 'string' || !/^[A-Za-z0-9_-]*$/.test(text)) return refuse('not base64url');
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse('not UTF-8');
  }
}

// ── CBOR (RFC 8949), the subset authenticators write: definite lengths, integers, byte and text
// strings, arrays, maps, tags (skipped) and the simple values. ──────────────────────────────────

type Bytes = Uint8Array<ArrayBuffer>;
type Cbor = number | bigint | string | boolean | null | undefined | Bytes | Cbor[] | Map<Cbor, Cbor>;

/** Decodes one CBOR item at `offset`; answers it and where it ends. */
export function decodeCbor(bytes: Uint8Array, offset = 0, depth = 0): { value: Cbor; end: number } {
  if (depth > 16) refuse('CBOR nested too deep');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const need = (n: number) => {
    if (offset + n > bytes.length) refuse('CBOR cut short');
  };
  need(1);
  const head = bytes[offset++]!;
  const major = head >> 5;
  const info = head & 31;
  let length: number;
  if (info < 24) length = info;
  else if (info === 24) {
    need(1);
    length = bytes[offset]!;
    offset += 1;
  } else if (info === 25) {
    need(2);
    length = view.getUint16(offset);
    offset += 2;
  } else if (info === 26) {
    need(4);
    length = view.getUint32(offset);
    offset += 4;
  } else if (info === 27) {
    need(8);
    const big = view.getBigUint64(offset);
    offset += 8;
    if (big > BigInt(Number.MAX_SAFE_INTEGER)) return major === 0 ? { value: big, end: offset } : refuse('CBOR length too large');
    length = Number(big);
  } else return refuse('CBOR indefinite length');
  switch (major) {
    case 0:
      return { value: length, end: offset };
    case 1:
      return { value: -1 - length, end: offset };
    case 2:
      need(length);
      return { value: bytes.slice(offset, offset + length), end: offset + length };
    case 3:
      need(length);
      return { value: utf8(bytes.subarray(offset, offset + length)), end: offset + length };
    case 4: {
      if (length > bytes.length) refuse('CBOR array too long');
      const items: Cbor[] = [];
      for (let i = 0; i < length; i++) {
        const item = decodeCbor(bytes, offset, depth + 1);
        items.push(item.value);
        offset = item.end;
      }
      return { value: items, end: offset };
    }
    case 5: {
      if (length > bytes.length) refuse('CBOR map too long');
      const map = new Map<Cbor, Cbor>();
      for (let i = 0; i < length; i++) {
        const key = decodeCbor(bytes, offset, depth + 1);
        const value = decodeCbor(bytes, key.end, depth + 1);
        if (map.has(key.value)) refuse('CBOR map key twice');
        map.set(key.value, value.value);
        offset = value.end;
      }
      return { value: map, end: offset };
    }
    case 6:
      return decodeCbor(bytes, offset, depth + 1);
    default:
      if (info === 20) return { value: false, end: offset };
      if (info === 21) return { value: true, end: offset };
      if (info === 22) return { value: null, end: offset };
      if (info === 23) return { value: undefined, end: offset };
      return refuse('CBOR value not used by WebAuthn');
  }
}

// ── options ───────────────────────────────────────────────────────────────────────────────────────

type Transport = string;
type Descriptor = { id: string; type: 'public-key'; transports?: Transport[] };

function newChallenge() {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** What `navigator.credentials.create` takes, as JSON (PublicKeyCredentialCreationOptionsJSON). */
export function registrationOptions(input: {
  rpName: string;
  rpID: string;
  user: { id: Uint8Array; name: string; displayName: string };
  exclude: { id: string; transports: Transport[] }[];
}) {
  return {
    challenge: newChallenge(),
    rp: { name: input.rpName, id: input.rpID },
    user: { id: base64url(input.user.id), name: input.user.name, displayName: input.user.displayName },
    pubKeyCredParams: [ALG.EdDSA, ALG.ES256, ALG.RS256].map((alg) => ({ alg, type: 'public-key' as const })),
    timeout: 60_000,
    attestation: 'none' as const,
    excludeCredentials: input.exclude.map((k): Descriptor => ({ id: k.id, type: 'public-key', transports: k.transports })),
    authenticatorSelection: { residentKey: 'required' as const, requireResidentKey: true, userVerification: 'required' as const },
    extensions: { credProps: true },
  };
}

/** What `navigator.credentials.get` takes, as JSON (PublicKeyCredentialRequestOptionsJSON). */
export function authenticationOptions(input: { rpID: string; allow?: { id: string; transports: Transport[] }[] }) {
  return {
    challenge: newChallenge(),
    timeout: 60_000,
    rpId: input.rpID,
    ...(input.allow
      ? { allowCredentials: input.allow.map((k): Descriptor => ({ id: k.id, type: 'public-key', transports: k.transports })) }
      : {}),
    userVerification: 'required' as const,
  };
}

// ── checks ────────────────────────────────────────────────────────────────────────────────────────

type Expected = {
  /** Spends the challenge the answer signed: true once (server/services/two-factor.ts). */
  challenge: (challenge: string) => Promise<boolean>;
  origin: string;
  rpID: string;
};

const sha256 = async (bytes: Bytes) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : refuse('not an object');

async function checkClientData(encoded: unknown, type: 'webauthn.create' | 'webauthn.get', expected: Expected) {
  const bytes = fromBase64url(encoded);
  let data: Record<string, unknown>;
  try {
    data = record(JSON.parse(utf8(bytes)));
  } catch {
    return refuse('client data is not JSON');
  }
  if (data.type !== type) refuse('wrong ceremony');
  if (data.origin !== expected.origin) refuse('wrong origin');
  if (data.crossOrigin === true) refuse('cross-origin');
  if (typeof data.challenge !== 'string' || !(await expected.challenge(data.challenge))) refuse('unknown or spent challenge');
  return bytes;
}

type AuthenticatorData = {
  flags: number;
  counter: number;
  credential?: { id: Bytes; publicKey: Bytes };
};

async function parseAuthenticatorData(bytes: Bytes, rpID: string): Promise<AuthenticatorData> {
  if (bytes.length < 37) refuse('authenticator data too short');
  if (!same(bytes.subarray(0, 32), await sha256(new TextEncoder().encode(rpID)))) refuse('wrong RP ID');
  const flags = bytes[32]!;
  if (!(flags & FLAG.userPresent)) refuse('user not present');
  if (!(flags & FLAG.userVerified)) refuse('user not verified');
  if (flags & FLAG.backedUp && !(flags & FLAG.backupEligible)) refuse('backed up without being eligible');
  const counter = new DataView(bytes.buffer, bytes.byteOffset + 33, 4).getUint32(0);
  if (!(flags & FLAG.attestedData)) return { flags, counter };
  if (bytes.length < 55) refuse('attested credential data cut short');
  const idLength = new DataView(bytes.buffer, bytes.byteOffset + 53, 2).getUint16(0);
  if (idLength > MAX_CREDENTIAL_ID_BYTES || 55 + idLength > bytes.length) refuse('credential id too long');
  const id = bytes.slice(55, 55 + idLength);
  const key = decodeCbor(bytes, 55 + idLength);
  return { flags, counter, credential: { id, publicKey: bytes.slice(55 + idLength, key.end) } };
}

/** A COSE public key as a Web Crypto key and the verification parameters it takes. */
async function importCoseKey(cose: Bytes) {
  const { value } = decodeCbor(cose);
  if (!(value instanceof Map)) return refuse('COSE key is not a map');
  const bytesAt = (label: number) => {
    const field = value.get(label);
    return field instanceof Uint8Array ? field : refuse('COSE key field missing');
  };
  const alg = value.get(COSE.alg);
  const kty = value.get(COSE.kty);
  if (alg === ALG.ES256 && kty === 2 && value.get(COSE.crv) === 1) {
    const x = bytesAt(COSE.x);
    const y = bytesAt(COSE.y);
    if (x.length !== 32 || y.length !== 32) refuse('P-256 key of the wrong size');
    const raw = new Uint8Array([4, ...x, ...y]);
    const key = await crypto.subtle.importKey('raw', raw, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    return { key, params: { name: 'ECDSA', hash: 'SHA-256' }, der: true };
  }
  if (alg === ALG.EdDSA && kty === 1 && value.get(COSE.crv) === 6) {
    const x = bytesAt(COSE.x);
    if (x.length !== 32) refuse('Ed25519 key of the wrong size');
    const key = await crypto.subtle.importKey('raw', x, { name: 'Ed25519' }, false, ['verify']);
    return { key, params: { name: 'Ed25519' }, der: false };
  }
  if (alg === ALG.RS256 && kty === 3) {
    const jwk = { kty: 'RSA', n: base64url(bytesAt(COSE.n)), e: base64url(bytesAt(COSE.e)), alg: 'RS256', ext: true };
    const key = await crypto.subtle.importKey('jwk', jwk, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['verify']);
    return { key, params: { name: 'RSASSA-PKCS1-v1_5' }, der: false };
  }
  return refuse('unsupported key type');
}

/** An ECDSA signature as WebAuthn sends it (ASN.1 DER) → the r‖s Web Crypto verifies. */
export function ecdsaDerToRaw(der: Uint8Array, size = 32): Uint8Array<ArrayBuffer> {
  const bad = (): never => refuse('malformed signature');
  if (der[0] !== 0x30 || der[1] === undefined || der[1] > 0x7f || der[1] !== der.length - 2) bad();
  let at = 2;
  const integer = () => {
    if (der[at] !== 0x02) bad();
    const length = der[at + 1] ?? bad();
    const start = at + 2;
    if (length === 0 || length > size + 1 || start + length > der.length) bad();
    at = start + length;
    let bytes = der.subarray(start, at);
    while (bytes.length > size && bytes[0] === 0) bytes = bytes.subarray(1); // the sign byte
    if (bytes.length > size) bad();
    const out = new Uint8Array(size);
    out.set(bytes, size - bytes.length);
    return out;
  };
  const r = integer();
  const s = integer();
  if (at !== der.length) bad();
  const raw = new Uint8Array(size * 2);
  raw.set(r);
  raw.set(s, size);
  return raw;
}

export type RegisteredPasskey = {
  id: string;
  /** The COSE public key. */
  publicKey: Bytes;
  counter: number;
  transports: Transport[];
  backedUp: boolean;
};

/** §7.1: a new passkey from the browser's answer to `registrationOptions` (throws WebauthnError). */
export async function verifyRegistration(response: unknown, expected: Expected): Promise<RegisteredPasskey> {
  const answer = record(response);
  const inner = record(answer.response);
  if (answer.type !== 'public-key' || typeof answer.id !== 'string' || answer.id !== answer.rawId) refuse('not a passkey');
  await checkClientData(inner.clientDataJSON, 'webauthn.create', expected);
  const { value: attestation } = decodeCbor(fromBase64url(inner.attestationObject));
  if (!(attestation instanceof Map)) return refuse('attestation is not a map');
  const authData = attestation.get('authData');
  if (!(authData instanceof Uint8Array)) return refuse('no authenticator data');
  const parsed = await parseAuthenticatorData(authData, expected.rpID);
  const credential = parsed.credential ?? refuse('no credential');
  if (base64url(credential.id) !== answer.id) refuse('credential id differs');
  await importCoseKey(credential.publicKey); // a key this server can verify with, or refused now
  const transports = Array.isArray(inner.transports)
    ? inner.transports.filter((t): t is string => typeof t === 'string' && /^[a-z-]{1,20}$/.test(t)).slice(0, 8)
    : [];
  return {
    id: answer.id as string,
    publicKey: credential.publicKey,
    counter: parsed.counter,
    transports,
    backedUp: Boolean(parsed.flags & FLAG.backedUp),
  };
}

/** §7.2: a passkey's proof for the stored key; answers the new signature counter (throws WebauthnError). */
export async function verifyAuthentication(
  response: unknown,
  expected: Expected & { credential: { id: string; publicKey: Bytes; counter: number } },
): Promise<{ counter: number }> {
  const answer = record(response);
  const inner = record(answer.response);
  if (answer.type !== 'public-key' || answer.id !== expected.credential.id || answer.rawId !== answer.id)
    refuse('not this passkey');
  const clientData = await checkClientData(inner.clientDataJSON, 'webauthn.get', expected);
  const authData = fromBase64url(inner.authenticatorData);
  const parsed = await parseAuthenticatorData(authData, expected.rpID);
  const { key, params, der } = await importCoseKey(expected.credential.publicKey);
  const signature = fromBase64url(inner.signature);
  const signed = new Uint8Array([...authData, ...(await sha256(clientData))]);
  const valid = await crypto.subtle.verify(params, key, der ? ecdsaDerToRaw(signature) : signature, signed);
  if (!valid) refuse('bad signature');
  // A counter that does not move forward means a copied authenticator (both 0: one that keeps none).
  if ((parsed.counter !== 0 || expected.credential.counter !== 0) && parsed.counter <= expected.credential.counter)
    refuse('signature counter went back');
  return { counter: parsed.counter };
}
