import { type AppConfig, parseConfig } from '../../server/config';

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return parseConfig({ NODE_ENV: 'test', ...overrides });
}
