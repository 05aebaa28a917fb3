import { type AppConfig, parseConfig } from '../../server/config';

/** Cheap password hashes for tests; server/auth/password.test.ts and the Workers test keep full strength. */
export const TEST_PASSWORD_ITERATIONS = 1_000;

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return parseConfig({ NODE_ENV: 'test', ...overrides });
}

/** A response body for assertions (tests look inside freely). */
// biome-ignore lint/suspicious/noExplicitAny: test assertions inspect arbitrary JSON.
export const json = (response: Response) => response.json() as Promise<any>;
