import { type AppConfig, parseConfig } from '../../server/config';

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return parseConfig({ NODE_ENV: 'test', ...overrides });
}

/** A response body for assertions (tests look inside freely). */
// biome-ignore lint/suspicious/noExplicitAny: test assertions inspect arbitrary JSON.
export const json = (response: Response) => response.json() as Promise<any>;
