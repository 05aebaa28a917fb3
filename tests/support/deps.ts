import path from 'node:path';
import { createLocalRepository } from '../../platforms/node/local-repository';
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

/** Real dependencies for service and API tests: a temp SQLite file and a temp git repository. */
export async function createTestDeps(options: { migrate?: boolean; env?: Record<string, string> } = {}) {
  const { db, dir } = await createTestDatabase({ migrate: options.migrate ?? false });
  const setupToken = memorySetupToken();
  const deps: AppDeps = {
    config: testConfig(options.env),
    db,
    databaseInfo: { driver: 'libSQL (SQLite)', location: 'file:…/test.db' },
    setupToken,
    contentRepository: createLocalRepository(path.join(dir, 'repo')),
  };
  return { deps, db, dir, setupToken };
}
