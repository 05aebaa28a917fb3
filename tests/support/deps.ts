import path from 'node:path';
import { nodeBackupMaker } from '../../platforms/node/backup';
import { nodeContentRepository } from '../../platforms/node/deps';
import { nodeWebhookTransportFromConfig } from '../../platforms/node/outgoing-webhook-transport';
import type { AppDeps, SetupTokenStore } from '../../server/deps';
import { TEST_PASSWORD_ITERATIONS, testConfig } from './config';
import { createTestDatabase, TEST_DATABASE_FILE } from './database';

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
 * The app's dependencies over a test data folder (`test.db`, the content repository in `repo/`).
 * `installed`: the setup token is already spent, as after the installer.
 */
export function testDeps(db: AppDeps['db'], dir: string, options: { env?: Record<string, string>; installed?: boolean } = {}) {
  const setupToken = memorySetupToken(options.installed ? undefined : TEST_SETUP_TOKEN);
  const config = testConfig(options.env);
  const deps: AppDeps = {
    config,
    db,
    databaseInfo: { driver: 'libSQL (SQLite)', location: 'file:…/test.db' },
    setupToken,
    contentRepository: nodeContentRepository(config, dir),
    passwordIterations: TEST_PASSWORD_ITERATIONS,
    webhookTransport: nodeWebhookTransportFromConfig(config),
    backup: nodeBackupMaker({ db, dataDir: dir, databaseUrl: `file:${path.join(dir, TEST_DATABASE_FILE)}` }),
  };
  return { deps, setupToken };
}

/**
 * Real dependencies for service and API tests: a temp SQLite file and a temp git repository — or,
 * as on the node target, the GitHub repository the env configures (tests: github-stand-in.ts).
 * `from`: an installed data folder to copy first (the site template of tests/support/site.ts).
 * `d1Limits`: statements are held to D1's limits (tests/support/d1-limits.ts).
 */
export async function createTestDeps(
  options: { migrate?: boolean; env?: Record<string, string>; from?: string; d1Limits?: boolean } = {},
) {
  const { db, dir } = await createTestDatabase({
    migrate: options.migrate ?? false,
    from: options.from,
    d1Limits: options.d1Limits,
  });
  const { deps, setupToken } = testDeps(db, dir, { env: options.env, installed: Boolean(options.from) });
  return { deps, db, dir, setupToken };
}
