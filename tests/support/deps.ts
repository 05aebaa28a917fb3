import { nodeContentRepository } from '../../platforms/node/deps';
import type { AppDeps, SetupTokenStore } from '../../server/deps';
import { testConfig } from './config';
import { createTestDatabase } from './database';

export const TEST_SETUP_TOKEN = 'test-setup-token-0123456789';

export function memorySetupToken(
  initial: string | undefined = TEST_SETUP_TOKEN,
): SetupTokenStore & { current(): string | undefined } {
  let token: string | undefined = initial;
  return {
    current: () => token,
    read: async () => token,
    clear: async () => {
      token = undefined;
    },
  };
}

/**
 * Real dependencies for service and API tests: a temp SQLite file and a temp git repository — or,
 * as on the node target, the GitHub repository the env configures (tests: github-stand-in.ts).
 */
export async function createTestDeps(options: { migrate?: boolean; env?: Record<string, string> } = {}) {
  const { db, dir } = await createTestDatabase({ migrate: options.migrate ?? false });
  const setupToken = memorySetupToken();
  const config = testConfig(options.env);
  const deps: AppDeps = {
    config,
    db,
    databaseInfo: { driver: 'libSQL (SQLite)', location: 'file:…/test.db' },
    setupToken,
    contentRepository: nodeContentRepository(config, dir),
  };
  return { deps, db, dir, setupToken };
}
