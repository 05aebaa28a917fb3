import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../support/server';

/*
 * `npm start` (scripts/start.mjs) on the built tree: the build's output is held back and
 * summarised, and the installer link, made from SITE_URL, comes last and set apart. The build
 * itself is a stand-in that prints as much as the real one does (about 1 200 lines, warnings
 * included); the server is the real built one.
 */
const noisyBuild = `node -e "for (let i = 0; i < 1200; i++) console.log(i % 40 ? 'transforming (' + i + ') app/x.tsx' : '[plugin builtin:vite-reporter] warning: Module level directives cause errors when bundled, use client was ignored'); console.error('configLoader native is experimental')"`;

test('npm start prints a short summary and the SITE_URL installer link last', async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'daftar-start-'));
  const siteUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: siteUrl,
      DATA_DIR: dataDir,
      DAFTAR_BUILD_COMMAND: noisyBuild,
      DAFTAR_VERBOSE: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  try {
    await expect.poll(() => output, { timeout: 30_000 }).toMatch(/\?setup=[\w-]+\n[─]+\n/);
    const lines = output.split('\n');
    const link = lines.findIndex((line) => line.includes('?setup='));
    expect(link, output).toBeLessThanOrEqual(30);
    expect(lines[link]?.trim()).toMatch(new RegExp(`^${siteUrl.replace(/\./g, '\\.')}/\\?setup=[\\w-]+$`));
    expect(output).toMatch(/Built in [\d.]+ s \(1201 lines of build output, 30 of them warnings, held back/);
    expect(output).toContain(`Daftar is running at ${siteUrl} `);
    expect(output).not.toContain('use client was ignored');
    // Nothing but the closing rule follows the link.
    expect(lines.slice(link + 1).filter((line) => line.trim() && !/^─+$/.test(line))).toEqual([]);
    // The link opens the installer on the configured address.
    expect((await fetch(`${siteUrl}/api/install/status`)).status).toBe(200);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a failing build prints its whole output and does not start the server', async () => {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      DAFTAR_BUILD_COMMAND: `node -e "console.log('step one'); console.error('error TS2322: broken'); process.exit(3)"`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  expect(code).toBe(3);
  expect(output).toContain('error TS2322: broken');
  expect(output).toContain('The build failed (exit code 3)');
  expect(output).not.toContain('Daftar is running');
});
