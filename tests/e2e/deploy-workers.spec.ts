import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/*
 * `npm run deploy:workers -- --dry-run` on the built tree: the Worker bundles with no Cloudflare
 * account (a fresh HOME, no token) and no network. Every HTTP(S) request wrangler would make goes
 * to a proxy that only counts connections and closes them: none may arrive.
 */
test('`npm run deploy:workers -- --dry-run` bundles the Worker offline, without an account', async () => {
  test.setTimeout(180_000);
  const home = mkdtempSync(path.join(tmpdir(), 'daftar-deploy-home-'));
  const connections: Socket[] = [];
  const proxy = createServer((socket) => {
    connections.push(socket);
    socket.destroy();
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  const proxyUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const env: Record<string, string | undefined> = {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      HTTPS_PROXY: proxyUrl,
      HTTP_PROXY: proxyUrl,
      https_proxy: proxyUrl,
      http_proxy: proxyUrl,
      NO_PROXY: '',
      no_proxy: '',
      CI: 'true',
      NO_COLOR: '1',
      FORCE_COLOR: '0',
    };
    for (const name of ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID', 'CF_API_TOKEN']) delete env[name];
    const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['scripts/deploy-workers.mjs', '--dry-run', '--no-build'], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      child.on('exit', (code) => resolve({ code, output }));
    });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/env\.DB\s+\(daftar\)\s+D1 Database/);
    expect(result.output).toContain('--dry-run: exiting now.');
    expect(result.output).toContain('nothing was sent to Cloudflare');
    expect(statSync('build/workers/worker.js').size).toBeGreaterThan(10_000);
    expect(connections.length, 'connections wrangler tried to make').toBe(0);

    // An option the script does not know stops it before anything runs.
    const refused = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['scripts/deploy-workers.mjs', '--dryrun'], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      child.on('exit', (code) => resolve({ code, output }));
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Unknown option --dryrun');
  } finally {
    proxy.close();
    rmSync(home, { recursive: true, force: true });
  }
});
