import { schnorr } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/curves/utils.js';
import { useSyncExternalStore } from 'react';
import type { Locale } from '../../common/locales';

/*
 * The browser's device identity (docs/spec.md §3, §4): a secp256k1 Schnorr key pair whose private half
 * stays in localStorage as hex, and a local profile with a random animal-style name made from
 * /data/jungles.json. `initDevice` creates both on a first visit while signed out; "Generate new
 * names" replaces the names and keeps the key; logout forgets both.
 */
export const DEVICE_KEY_STORAGE = 'daftar.device.privateKey';
export const DEVICE_PROFILE_STORAGE = 'daftar.device.profile';

/** A generated identity's names in one language. */
export type DeviceNames = {
  firstName: string;
  lastName: string;
  displayName: string;
  about: string;
  deviceName: string;
};

/**
 * The local identity: one key, and names drawn in each language, so a Persian page shows Persian
 * names even when the identity was made on an English page.
 */
export type DeviceProfile = {
  /** The public key (x-only, hex) of the key pair in DEVICE_KEY_STORAGE. */
  pub: string;
  names: Record<Locale, DeviceNames>;
};

/** `loggedIn`: the device has an identity (profile and key); false after logout. */
export type DeviceState = { loggedIn: boolean; profile: DeviceProfile | null };

/** The word lists of /data/jungles.json (docs/spec.md §3 "Name data"). */
export type Jungles = { adjectivesEn: string[]; adjectivesFa: string[]; animalsEn: string[]; animalsFa: string[] };

const hexKey = /^[0-9a-f]{64}$/;

/** The device's public key (x-only, hex), creating the key pair on first use. */
export function ensureDevicePublicKey(): string {
  let secret = localStorage.getItem(DEVICE_KEY_STORAGE);
  if (!secret || !hexKey.test(secret)) {
    secret = bytesToHex(schnorr.utils.randomSecretKey());
    localStorage.setItem(DEVICE_KEY_STORAGE, secret);
  }
  return bytesToHex(schnorr.getPublicKey(hexToBytes(secret)));
}

/** A uniformly random element (crypto-grade randomness; the lists are short). */
function pick<T>(list: readonly T[]): T {
  if (list.length === 0) throw new Error('empty word list');
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return list[value % list.length] as T;
}

const capitalize = (word: string) => word.charAt(0).toLocaleUpperCase('en') + word.slice(1);

/**
 * A random animal-style name: "Clever Fox" in English; Persian puts the animal first, as the
 * language does ("روباه زیرک"). firstName + ' ' + lastName is always the display name.
 */
export function randomName(words: Jungles, locale: Locale): { firstName: string; lastName: string; displayName: string } {
  if (locale === 'fa') {
    const firstName = pick(words.animalsFa);
    const lastName = pick(words.adjectivesFa);
    return { firstName, lastName, displayName: `${firstName} ${lastName}` };
  }
  const firstName = capitalize(pick(words.adjectivesEn));
  const lastName = capitalize(pick(words.animalsEn));
  return { firstName, lastName, displayName: `${firstName} ${lastName}` };
}

/** The default about text of a generated identity. */
export function defaultAbout(locale: Locale, displayName: string): string {
  return locale === 'fa'
    ? `سلام! من ${displayName} هستم، خواننده‌ای کنجکاو در این سایت.`
    : `Hi! I am ${displayName}, a curious reader of this site.`;
}

let jungles: Promise<Jungles> | undefined;

/** The word lists, fetched once per page (a failed fetch is retried next time). */
export function loadJungles(): Promise<Jungles> {
  jungles ??= fetch('/data/jungles.json', { headers: { accept: 'application/json' } })
    .then((response) => {
      if (!response.ok) throw new Error(`/data/jungles.json answered ${response.status}`);
      return response.json() as Promise<Jungles>;
    })
    .catch((error) => {
      jungles = undefined;
      throw error;
    });
  return jungles;
}

function makeNames(words: Jungles, locale: Locale): DeviceNames {
  const name = randomName(words, locale);
  let deviceName = randomName(words, locale).displayName;
  // The device's own name differs from the person's, so the two are never confused.
  for (let tries = 0; deviceName === name.displayName && tries < 5; tries++) deviceName = randomName(words, locale).displayName;
  return { ...name, about: defaultAbout(locale, name.displayName), deviceName };
}

function makeProfile(words: Jungles, pub: string): DeviceProfile {
  return { pub, names: { fa: makeNames(words, 'fa'), en: makeNames(words, 'en') } };
}

const nameFields = ['firstName', 'lastName', 'displayName', 'about', 'deviceName'] as const;
const isNames = (value: unknown): value is DeviceNames =>
  Boolean(value) &&
  typeof value === 'object' &&
  nameFields.every((field) => typeof (value as Record<string, unknown>)[field] === 'string');

/** A stored profile of this shape; an older one (names in one language only) counts as none and is drawn again. */
function isProfile(value: unknown): value is DeviceProfile {
  if (!value || typeof value !== 'object') return false;
  const { pub, names } = value as Record<string, unknown>;
  if (typeof pub !== 'string' || !names || typeof names !== 'object') return false;
  const byLocale = names as Record<string, unknown>;
  return isNames(byLocale.fa) && isNames(byLocale.en);
}

const signedOut: DeviceState = { loggedIn: false, profile: null };
let cached: { raw: string | null; secret: string | null; state: DeviceState } | undefined;

/**
 * The stored identity; a profile whose key is gone or does not match it counts as none. Returns the
 * same object while storage is unchanged (a useSyncExternalStore snapshot).
 */
export function readDevice(): DeviceState {
  if (typeof localStorage === 'undefined') return signedOut;
  const raw = localStorage.getItem(DEVICE_PROFILE_STORAGE);
  const secret = localStorage.getItem(DEVICE_KEY_STORAGE);
  if (cached && cached.raw === raw && cached.secret === secret) return cached.state;
  let state = signedOut;
  try {
    const profile: unknown = raw ? JSON.parse(raw) : null;
    if (
      isProfile(profile) &&
      secret &&
      hexKey.test(secret) &&
      bytesToHex(schnorr.getPublicKey(hexToBytes(secret))) === profile.pub
    )
      state = { loggedIn: true, profile };
  } catch {
    // A damaged entry is no identity; initDevice writes a fresh one.
  }
  cached = { raw, secret, state };
  return state;
}

const listeners = new Set<() => void>();
function emit() {
  for (const listener of listeners) listener();
}

function writeProfile(profile: DeviceProfile): DeviceProfile {
  localStorage.setItem(DEVICE_PROFILE_STORAGE, JSON.stringify(profile));
  emit();
  return profile;
}

/**
 * First visit while signed out (docs/spec.md §4): creates the key pair (or keeps one made earlier, e.g.
 * by the login form) and a random identity. An existing identity is kept as it is.
 */
export async function initDevice(options: { words?: Jungles } = {}): Promise<DeviceProfile> {
  const current = readDevice();
  if (current.profile) return current.profile;
  const words = options.words ?? (await loadJungles());
  return writeProfile(makeProfile(words, ensureDevicePublicKey()));
}

/** "Generate new names": new names, about texts and device names; the key pair stays. */
export async function regenerateDeviceNames(options: { words?: Jungles } = {}): Promise<DeviceProfile> {
  const words = options.words ?? (await loadJungles());
  return writeProfile(makeProfile(words, ensureDevicePublicKey()));
}

/** Logout (docs/spec.md §4): forgets the local profile and the private key. */
export function clearDevice() {
  localStorage.removeItem(DEVICE_PROFILE_STORAGE);
  localStorage.removeItem(DEVICE_KEY_STORAGE);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab that regenerates or forgets the identity changes it here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === DEVICE_PROFILE_STORAGE || event.key === DEVICE_KEY_STORAGE) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The device identity for components; signed out during server rendering and hydration. */
export function useDeviceIdentity(): DeviceState {
  return useSyncExternalStore(subscribe, readDevice, () => signedOut);
}
