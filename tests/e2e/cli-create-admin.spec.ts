import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

/*
 * `npm run daftar -- create-admin` without a terminal (piped, in a script): what it cannot ask for,
 * it names where to give it — the option, or DAFTAR_ADMIN_PASSWORD for the password (issue 30, D20).
 */
test('create-admin without a terminal names DAFTAR_ADMIN_PASSWORD for the password', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'daftar-cli-admin-'));
  try {
    const { DAFTAR_ADMIN_PASSWORD: _unset, ...withoutPassword } = process.env;
    const refused = await promisify(execFile)(
      process.execPath,
      ['build/node/cli.js', 'create-admin', '--first-name', 'Sara', '--last-name', 'Li', '--user-name', 'sara'],
      { env: { ...withoutPassword, DATA_DIR: dataDir } },
    ).catch((error: { code: number; stderr: string }) => error);
    expect('code' in refused ? refused.code : 0).not.toBe(0);
    expect(refused.stderr).toContain('Password is needed: set the DAFTAR_ADMIN_PASSWORD environment variable');
    expect(refused.stderr).not.toContain('pass it as an option');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
