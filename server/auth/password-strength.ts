import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { AppError } from '../errors';

/**
 * Server-side password strength (docs/security.md "Passwords"): zxcvbn-ts with the 10 000 most
 * common passwords of its common-password list, its keyboard patterns, and the account's own words
 * (user name, first and last name). Refused below score 2, that is fewer than about 10^6
 * estimated guesses. No Persian dictionary exists for zxcvbn-ts; Persian words typed in Latin
 * letters are judged only by the generic patterns.
 *
 * Not the English word, name and Wikipedia lists of `@zxcvbn-ts/language-en`, nor the rest of the
 * 49 000 passwords: they were 1.6 MiB of the Worker's 5.5 MiB (docs/deploy-workers.md "Bundle
 * size"). A password of common words still meets the common-password list (most common words are
 * on it) or passes as a phrase. The data (about 90 KB) is imported on first use: never in the
 * browser bundle, never on the cold path of other requests. Pure JavaScript: it runs on Workers.
 */
export const MIN_PASSWORD_SCORE = 2;

let checker: Promise<ZxcvbnFactory> | undefined;

function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('./password-dictionaries')]).then(
    ([core, known]) =>
      new core.ZxcvbnFactory({
        dictionary: { passwords: known.commonPasswords.split('\n') },
        graphs: known.adjacencyGraphs,
      }),
  );
  // A failed load is retried by the next caller rather than cached.
  checker.catch(() => {
    checker = undefined;
  });
  return checker;
}

/** zxcvbn's score, 0 (too guessable) to 4; `userInputs` (the account's names) count as known words. */
export async function passwordScore(password: string, userInputs: string[] = []): Promise<number> {
  const zxcvbn = await loadChecker();
  return zxcvbn.check(password, userInputs.filter(Boolean)).score;
}

/**
 * Refuses a password that is on a common-password list or otherwise scores very weak: a 400 with
 * the issue on the password field, like any other validation failure. Not used for login.
 */
export async function requireStrongPassword(password: string, userInputs: string[] = [], field = 'password') {
  if ((await passwordScore(password, userInputs)) >= MIN_PASSWORD_SCORE) return;
  throw new AppError(400, 'api.validationFailed', {
    issues: [{ path: [field], message: 'validation.passwordWeak', code: 'weak_password' }],
  });
}
