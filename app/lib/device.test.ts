import { readFileSync } from 'node:fs';
import path from 'node:path';
import { schnorr } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/curves/utils.js';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearDevice,
  DEVICE_KEY_STORAGE,
  DEVICE_PROFILE_STORAGE,
  ensureDevicePublicKey,
  initDevice,
  type Jungles,
  randomName,
  readDevice,
  regenerateDeviceNames,
} from './device';

const words: Jungles = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../public/data/jungles.json'), 'utf8'));

/** A Storage like the browser's, fresh per test. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const publicKeyOf = (secret: string) => bytesToHex(schnorr.getPublicKey(hexToBytes(secret)));

describe('random names', () => {
  it('puts the animal before the adjective in Persian', () => {
    for (let i = 0; i < 50; i++) {
      const name = randomName(words, 'fa');
      expect(words.animalsFa).toContain(name.firstName);
      expect(words.adjectivesFa).toContain(name.lastName);
      expect(name.displayName).toBe(`${name.firstName} ${name.lastName}`);
    }
  });

  it('reads "Adjective Animal" in English, capitalised', () => {
    for (let i = 0; i < 50; i++) {
      const name = randomName(words, 'en');
      expect(words.adjectivesEn.map((w) => w.toLowerCase())).toContain(name.firstName.toLowerCase());
      expect(words.animalsEn.map((w) => w.toLowerCase())).toContain(name.lastName.toLowerCase());
      expect(name.displayName).toMatch(/^[A-Z]\S* [A-Z]/);
    }
  });

  it('draws different names (not one fixed choice)', () => {
    const names = new Set(Array.from({ length: 30 }, () => randomName(words, 'en').displayName));
    expect(names.size).toBeGreaterThan(10);
  });
});

describe('device identity', () => {
  it('creates a key pair and a local profile on first visit, with names in both languages', async () => {
    expect(readDevice()).toEqual({ loggedIn: false, profile: null });
    const profile = await initDevice({ words });
    const secret = localStorage.getItem(DEVICE_KEY_STORAGE);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(profile.pub).toBe(publicKeyOf(secret as string));
    for (const locale of ['fa', 'en'] as const) {
      const names = profile.names[locale];
      expect(names.displayName).toBe(`${names.firstName} ${names.lastName}`);
      expect(names.about).toContain(names.displayName);
      expect(names.deviceName).not.toBe('');
      expect(names.deviceName).not.toBe(names.displayName);
    }
    // Persian pages get Persian words, English pages English ones, whichever page made the identity.
    expect(words.animalsFa).toContain(profile.names.fa.firstName);
    expect(profile.names.fa.about).toMatch(/^سلام!/);
    expect(words.animalsEn).toContain(profile.names.en.lastName.toLowerCase());
    expect(readDevice()).toEqual({ loggedIn: true, profile });
    expect(JSON.parse(localStorage.getItem(DEVICE_PROFILE_STORAGE) as string)).toEqual(profile);
  });

  it('keeps an existing identity and a key made earlier by the login form', async () => {
    const pub = ensureDevicePublicKey();
    const first = await initDevice({ words });
    expect(first.pub).toBe(pub);
    expect(await initDevice({ words })).toEqual(first);
    expect(ensureDevicePublicKey()).toBe(pub);
  });

  it('"Generate new names" replaces name, about and device name but keeps the key', async () => {
    const before = await initDevice({ words });
    const secret = localStorage.getItem(DEVICE_KEY_STORAGE);
    let after = await regenerateDeviceNames({ words });
    // A fresh draw can repeat a name by chance; a few draws cannot all repeat it.
    for (let i = 0; i < 5 && after.names.fa.displayName === before.names.fa.displayName; i++)
      after = await regenerateDeviceNames({ words });
    expect(after.names.fa.displayName).not.toBe(before.names.fa.displayName);
    expect(after.names.fa.about).toContain(after.names.fa.displayName);
    expect(after.pub).toBe(before.pub);
    expect(localStorage.getItem(DEVICE_KEY_STORAGE)).toBe(secret);
    expect(readDevice().profile).toEqual(after);
  });

  it('logout forgets the profile and the private key', async () => {
    await initDevice({ words });
    clearDevice();
    expect(localStorage.getItem(DEVICE_KEY_STORAGE)).toBeNull();
    expect(localStorage.getItem(DEVICE_PROFILE_STORAGE)).toBeNull();
    expect(readDevice()).toEqual({ loggedIn: false, profile: null });
    const next = await initDevice({ words });
    expect(next.pub).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores a profile whose key is missing or belongs to another key', async () => {
    const profile = await initDevice({ words });
    localStorage.setItem(DEVICE_KEY_STORAGE, '11'.repeat(32));
    expect(readDevice().loggedIn).toBe(false);
    localStorage.removeItem(DEVICE_KEY_STORAGE);
    expect(readDevice().loggedIn).toBe(false);
    localStorage.setItem(DEVICE_PROFILE_STORAGE, '{not json');
    expect(readDevice().loggedIn).toBe(false);
    const fresh = await initDevice({ words });
    expect(fresh.pub).not.toBe(profile.pub);
  });

  it('draws both languages again for a profile stored in the older one-language shape, keeping the key', async () => {
    const pub = ensureDevicePublicKey();
    localStorage.setItem(
      DEVICE_PROFILE_STORAGE,
      JSON.stringify({
        firstName: 'Bold',
        lastName: 'Lynx',
        displayName: 'Bold Lynx',
        about: 'Hi!',
        pub,
        deviceName: 'Calm Owl',
      }),
    );
    expect(readDevice().loggedIn).toBe(false);
    const profile = await initDevice({ words });
    expect(profile.pub).toBe(pub);
    expect(profile.names.fa.displayName).not.toBe('Bold Lynx');
  });
});
