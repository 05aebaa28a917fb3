import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { commitFiles } from '../support/content-repo';
import { expect, test } from './fixtures';

/*
 * `npm run daftar -- content-sync` as an operator runs it beside the running server: the built CLI
 * starts itself again with the sync's heap limits and malloc arenas (platforms/node/cli-sync.ts),
 * prints a summary, lists the changed pages and its peak memory with --verbose, reports a malformed
 * file and exits 1, and the running site serves what it indexed.
 */
test('the content-sync command indexes a git commit beside the running server, and says what it skipped', async ({
  freshSite,
  page,
}) => {
  commitFiles(
    path.join(freshSite.dataDir, 'repo'),
    {
      'content/en/logs/from-the-cli.md': '---\ntitle: Synced from the command line\ndate: 2030-01-01\n---\nWritten with git.\n',
      'content/en/logs/broken.md': '---\ntitle: [unclosed\n---\nNever indexed.\n',
    },
    'Add two pages',
  );
  const run = await promisify(execFile)(process.execPath, ['build/node/cli.js', 'content-sync', '--verbose'], {
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: freshSite.dataDir },
  }).then(
    () => ({ code: 0, stdout: '', stderr: '' }),
    (failure: { code: number; stdout: string; stderr: string }) => failure,
  );
  expect(run.code).toBe(1);
  expect(run.stdout).toMatch(/^1 added, 0 updated, 0 removed, \d+ unchanged, 1 skipped$/m);
  expect(run.stdout).toContain('added:\n  en/logs/from-the-cli');
  expect(run.stdout).toMatch(/Rendered \d+ pages in the sync's thread, \d+ on render threads\./);
  // The process that synced is the one started again with the limits (this node has process.execve).
  expect(run.stdout).toMatch(/^Peak memory \d+ MB \(heap capped at 96 MB old, 16 MB semi-space; MALLOC_ARENA_MAX=1\)\.$/m);
  expect(run.stderr).toContain('skipped content/en/logs/broken.md');

  await page.goto(`${freshSite.url}/en/logs/from-the-cli`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Synced from the command line');
  expect((await page.request.get(`${freshSite.url}/en/logs/broken`)).status()).toBe(404);
});

/*
 * `content-sync` replaces its process with node started again with the sync's limits. Node makes a
 * stdio pipe non-blocking when it opens it as a stream, and the process started again would leave it
 * so for whatever started the CLI (a script, a service manager, `/usr/bin/time`, which then could
 * not write its report). The shell's own stderr, shared with the CLI's, must still be blocking after.
 */
test('content-sync leaves the stdio pipes of whatever started it blocking', async () => {
  const cli = path.resolve('build/node/cli.js');
  const { stderr } = await promisify(execFile)('sh', [
    '-c',
    `"${process.execPath}" "${cli}" content-sync --help > /dev/null; grep flags /proc/$$/fdinfo/2 >&2`,
  ]);
  const flags = Number.parseInt(/flags:\s*([0-7]+)/.exec(stderr)?.[1] ?? 'NaN', 8);
  expect(flags & 0o4000, `stderr flags ${stderr.trim()}`).toBe(0);
});
