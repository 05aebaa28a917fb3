/*
 * What the password-strength check knows, loaded by server/auth/password-strength.ts with import()
 * on first use: keyboard layouts (for `qwerty`, `1qaz2wsx`…) and the 10 000 most common passwords.
 * Only `adjacencyGraphs` is taken from @zxcvbn-ts/language-common (a side-effect-free package), so
 * bundlers leave its 49 000-password and diceware lists out.
 */
export { adjacencyGraphs } from '@zxcvbn-ts/language-common';
export { commonPasswords } from './common-passwords.generated';
