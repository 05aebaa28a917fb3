import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { AppError } from '../errors';

/**
 * Server-side password strength (docs/security.md): zxcvbn-ts with its common-password,
 * English-word, name and keyboard-pattern dictionaries. Refused below score 2, that is fewer than
 * about 10^6 estimated guesses. No Persian dictionary exists for zxcvbn-ts; Persian words typed
 * in Latin letters are judged only by the generic patterns.
 *
 * The dictionaries are about 1.6 MB of JavaScript, so they are imported on first use only: never
 * in the browser bundle, never on the cold path of other requests. Pure JavaScript, so it runs
 * on Workers too.
 */
export const MIN_PASSWORD_SCORE = 2;

let checker: Promise<ZxcvbnFactory> | undefined;

function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
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
