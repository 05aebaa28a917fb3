import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomToken } from '../../server/auth/tokens';
import type { SetupTokenStore } from '../../server/deps';

/**
 * The installer's setup token on the node target: `SETUP_TOKEN` when set, otherwise generated once
 * and kept in `$DATA_DIR/setup-token` (readable by the owner only) until installation completes.
 */
export function createFileSetupToken(dataDir: string, fixed?: string): SetupTokenStore & { ensure(): string } {
  const file = path.join(dataDir, 'setup-token');
  return {
    ensure() {
      if (fixed) return fixed;
      if (existsSync(file)) return readFileSync(file, 'utf8').trim();
      const token = randomToken(24);
      writeFileSync(file, `${token}\n`, { mode: 0o600 });
      chmodSync(file, 0o600);
      return token;
    },
    async read() {
      if (fixed) return fixed;
      return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
    },
    async clear() {
      rmSync(file, { force: true });
    },
  };
}
