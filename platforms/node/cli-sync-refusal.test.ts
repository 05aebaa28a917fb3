import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { pages } from '../../server/db/schema';
import { latestContentBuild } from '../../server/services/content-sync';
import { createInstalledSite } from '../../tests/support/site';

const entry = fileURLToPath(new URL('./cli-entry.ts', import.meta.url));

/** `npm run daftar -- content-sync …` in its own process, as an operator runs it (through tsx instead of the build). */
function contentSync(env: Record<string, string>, ...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, 'content-sync', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('content-sync CLI against a repository that would empty the site', () => {
  it('a second host with its own data folder on the shared database: exit 1, the reason on stderr, every page kept; --force removes them and says how many', async () => {
    const site = await createInstalledSite();
    const { db } = site.deps;
    const indexed = await db.$count(pages);
    const build = (await latestContentBuild(db))?.id;
    const shared = path.join(path.dirname(site.deps.contentRepository!.location), 'test.db');
    // Its own DATA_DIR: the CLI makes an empty repository there (`git init`, no commit).
    const own = mkdtempSync(path.join(tmpdir(), 'daftar-second-host-'));
    onTestFinished(() => rmSync(own, { recursive: true, force: true }));
    const env = { DATA_DIR: own, DATABASE_URL: `file:${shared}` };

    const refused = await contentSync(env);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(`Re-index refused (unborn, ${indexed} pages would be removed)`);
    expect(refused.stderr).toContain('has no commits');
    expect(refused.stderr).toContain(`To re-index anyway, run content-sync --force: ${indexed} pages will be removed.`);
    expect(refused.stdout).toBe('');
    expect(await db.$count(pages)).toBe(indexed);
    expect((await latestContentBuild(db))?.id).toBe(build);

    const forced = await contentSync(env, '--force');
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain(`0 added, 0 updated, ${indexed} removed, 0 unchanged, 0 skipped`);
    expect(await db.$count(pages)).toBe(0);
  }, 60_000);
});
