import { schnorr } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/curves/utils.js';

/** The browser's device identity (spec §3): a secp256k1 Schnorr key, private half kept locally as hex. */
export const DEVICE_KEY_STORAGE = 'daftar.device.privateKey';

/** The device's public key (x-only, hex), creating the key pair on first use. */
export function ensureDevicePublicKey(): string {
  let secret = localStorage.getItem(DEVICE_KEY_STORAGE);
  if (!secret || !/^[0-9a-f]{64}$/.test(secret)) {
    secret = bytesToHex(schnorr.utils.randomSecretKey());
    localStorage.setItem(DEVICE_KEY_STORAGE, secret);
  }
  return bytesToHex(schnorr.getPublicKey(hexToBytes(secret)));
}
