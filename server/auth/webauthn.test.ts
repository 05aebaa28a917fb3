import { describe, expect, it } from 'vitest';
import {
  base64url,
  decodeCbor,
  ecdsaDerToRaw,
  registrationOptions,
  verifyAuthentication,
  verifyRegistration,
  WebauthnError,
} from './webauthn';

/*
 * A software authenticator: real keys from Web Crypto, the bytes an authenticator writes (CBOR
 * attestation object, authenticator data, DER signatures), so every check of webauthn.ts is tried
 * against a proof that is right but for the one thing a test breaks.
 */
const RP_ID = 'daftar.example';
const ORIGIN = 'https://daftar.example';
const enc = new TextEncoder();

function cbor(value: unknown): number[] {
  const head = (major: number, n: number) =>
    n < 24 ? [(major << 5) | n] : n < 256 ? [(major << 5) | 24, n] : [(major << 5) | 25, n >> 8, n & 255];
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return [...head(3, enc.encode(value).length), ...enc.encode(value)];
  if (value instanceof Uint8Array) return [...head(2, value.length), ...value];
  if (value instanceof Map) return [...head(5, value.size), ...[...value].flatMap(([k, v]) => [...cbor(k), ...cbor(v)])];
  throw new Error('not encodable');
}

async function sha256(bytes: Uint8Array<ArrayBuffer>) {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

/** r‖s → DER, as authenticators sign. */
function der(raw: Uint8Array) {
  const int = (bytes: Uint8Array) => {
    let b = [...bytes];
    while (b.length > 1 && b[0] === 0 && b[1]! < 0x80) b = b.slice(1);
    if (b[0]! >= 0x80) b = [0, ...b];
    return [2, b.length, ...b];
  };
  const body = [...int(raw.subarray(0, 32)), ...int(raw.subarray(32))];
  return new Uint8Array([0x30, body.length, ...body]);
}

async function authenticator({ flags = 0x05, rpId = RP_ID } = {}) {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
  const cose = new Uint8Array(
    cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, raw.slice(1, 33)],
        [-3, raw.slice(33)],
      ]),
    ),
  );
  const credentialId = crypto.getRandomValues(new Uint8Array(16));
  const rpHash = await sha256(enc.encode(rpId));
  const authData = (counter: number, attested: boolean, flagBits = flags) =>
    new Uint8Array([
      ...rpHash,
      flagBits | (attested ? 0x40 : 0),
      (counter >>> 24) & 255,
      (counter >>> 16) & 255,
      (counter >>> 8) & 255,
      counter & 255,
      ...(attested ? [...new Uint8Array(16), 0, credentialId.length, ...credentialId, ...cose] : []),
    ]);
  const clientData = (type: string, challenge: string, origin = ORIGIN) =>
    enc.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  return {
    id: base64url(credentialId),
    cose,
    register(challenge: string, options: { origin?: string; flagBits?: number } = {}) {
      const attestation = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(0, true, options.flagBits)],
        ]),
      );
      return {
        id: base64url(credentialId),
        rawId: base64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: base64url(clientData('webauthn.create', challenge, options.origin)),
          attestationObject: base64url(new Uint8Array(attestation)),
          transports: ['internal'],
        },
      };
    },
    async prove(challenge: string, counter: number, options: { origin?: string; tamper?: boolean } = {}) {
      const data = authData(counter, false);
      const client = clientData('webauthn.get', challenge, options.origin);
      const signed = new Uint8Array([...data, ...(await sha256(client))]);
      const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, signed));
      if (options.tamper) signature[5] = signature[5]! ^ 1;
      return {
        id: base64url(credentialId),
        rawId: base64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: base64url(client),
          authenticatorData: base64url(data),
          signature: base64url(der(signature)),
        },
      };
    },
  };
}

/** A challenge store as two-factor.ts keeps one: each challenge spent once. */
function challenges(...known: string[]) {
  const open = new Set(known);
  return async (challenge: string) => open.delete(challenge);
}

const expected = (challenge: (c: string) => Promise<boolean>) => ({ challenge, origin: ORIGIN, rpID: RP_ID });

describe('passkeys on Web Crypto (server/auth/webauthn.ts)', () => {
  it('registers a passkey and proves it; the same challenge does not work twice', async () => {
    const device = await authenticator();
    const { challenge } = registrationOptions({
      rpName: 'D',
      rpID: RP_ID,
      user: { id: enc.encode('u1'), name: 'u', displayName: 'U' },
      exclude: [],
    });
    const store = challenges(challenge);
    const registered = await verifyRegistration(device.register(challenge), expected(store));
    expect(registered).toMatchObject({ id: device.id, counter: 0, transports: ['internal'], backedUp: false });
    await expect(verifyRegistration(device.register(challenge), expected(store))).rejects.toThrow('unknown or spent challenge');

    const credential = { id: device.id, publicKey: registered.publicKey, counter: 0 };
    const proof = await device.prove('c2', 5);
    expect(await verifyAuthentication(proof, { ...expected(challenges('c2')), credential })).toEqual({ counter: 5 });
  });

  it('refuses a proof from another origin or RP, without user verification, with a broken signature or a counter that went back', async () => {
    const device = await authenticator();
    const registered = await verifyRegistration(device.register('r'), expected(challenges('r')));
    const credential = { id: device.id, publicKey: registered.publicKey, counter: 7 };
    const check = async (proof: unknown, counter = 7) =>
      verifyAuthentication(proof, { ...expected(challenges('c')), credential: { ...credential, counter } });
    await expect(check(await device.prove('c', 8, { origin: 'https://evil.example' }))).rejects.toThrow('wrong origin');
    await expect(check(await device.prove('c', 8, { tamper: true }))).rejects.toThrow(/bad signature|malformed signature/);
    await expect(check(await device.prove('c', 7))).rejects.toThrow('signature counter went back');
    await expect(check(await device.prove('other', 8))).rejects.toThrow('unknown or spent challenge');
    const elsewhere = await authenticator({ rpId: 'evil.example' });
    const foreign = await verifyRegistration(elsewhere.register('r2'), { ...expected(challenges('r2')), rpID: 'evil.example' });
    await expect(
      verifyAuthentication(await elsewhere.prove('c', 1), {
        ...expected(challenges('c')),
        credential: { id: elsewhere.id, publicKey: foreign.publicKey, counter: 0 },
      }),
    ).rejects.toThrow('wrong RP ID');
    const unverified = await authenticator({ flags: 0x01 });
    await expect(verifyRegistration(unverified.register('r3'), expected(challenges('r3')))).rejects.toThrow('user not verified');
    // Another credential's proof is not this passkey's.
    await expect(check({ ...(await device.prove('c', 9)), id: 'AAAA', rawId: 'AAAA' })).rejects.toThrow('not this passkey');
  });

  it('refuses hostile encodings with its own error, never another', async () => {
    const refused = (run: () => unknown) => expect(run).toThrow(WebauthnError);
    refused(() => decodeCbor(new Uint8Array([0x9f, 0x01, 0xff]))); // indefinite array
    refused(() => decodeCbor(new Uint8Array([0x5a, 0xff, 0xff, 0xff, 0xff]))); // a 4 GB byte string in 5 bytes
    refused(() => decodeCbor(new Uint8Array(40).fill(0x81))); // nested 40 deep
    refused(() => decodeCbor(new Uint8Array([0xa2, 0x01, 0x01, 0x01, 0x02]))); // one key twice
    refused(() => decodeCbor(new Uint8Array([0x63, 0xff, 0xfe, 0xfd]))); // text that is not UTF-8
    refused(() => ecdsaDerToRaw(new Uint8Array([0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x05, 0x01])));
    refused(() => ecdsaDerToRaw(new Uint8Array([0x30, 0x04, 0x02, 0x22, ...new Uint8Array(34)])));
    const device = await authenticator();
    const good = device.register('x');
    await expect(
      verifyRegistration({ ...good, response: { ...good.response, attestationObject: '!!' } }, expected(challenges('x'))),
    ).rejects.toThrow(WebauthnError);
    await expect(verifyRegistration({ ...good, rawId: 'other' }, expected(challenges('x')))).rejects.toThrow('not a passkey');
    await expect(verifyRegistration(null, expected(challenges('x')))).rejects.toThrow(WebauthnError);
  });
});
