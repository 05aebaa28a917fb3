import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server';

const wranglerBin = path.resolve('node_modules/wrangler/bin/wrangler.js');

/** Wrangler fully offline and quiet, with none of the developer's own variables in the worker. */
export const wranglerEnv = {
  ...process.env,
  CI: 'true',
  NO_COLOR: '1',
  FORCE_COLOR: '0',
  NODE_ENV: 'production',
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  CLOUDFLARE_INCLUDE_PROCESS_ENV: 'false',
};

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopGroup(child: ChildProcess) {
  const pid = child.pid;
  if (pid === undefined || !groupAlive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  for (const deadline = Date.now() + 10_000; groupAlive(pid) && Date.now() < deadline; )
    await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
}

/**
 * `wrangler dev --local` on the built site (workerd, a local D1 database, Workers static assets),
 * with exactly the variables given; waits for /api/health. The build must exist (`npm run build`).
 * `ports`: the server's and the inspector's (default: free ones). A free port can be taken between
 * the probe and wrangler's bind (another test's wrangler, workerd's own sockets): then it starts
 * again on new ports, up to three times.
 */
export async function startWrangler(vars: Record<string, string>, options: { ports?: [number, number] } = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startWranglerOnce(vars, options);
    } catch (error) {
      const taken = error instanceof Error && /Address already in use/.test(error.message);
      if (!taken || options.ports || attempt >= 3) throw error;
    }
  }
}

async function startWranglerOnce(vars: Record<string, string>, options: { ports?: [number, number] }) {
  const tempDir = mkdtempSync(path.join(tmpdir(), 'daftar-workers-'));
  const port = options.ports?.[0] ?? (await freePort());
  let inspectorPort = options.ports?.[1] ?? (await freePort());
  while (inspectorPort === port) inspectorPort = await freePort();
  const envFile = path.join(tempDir, 'worker.env');
  writeFileSync(
    envFile,
    Object.entries(vars)
      .map(([key, value]) => `${key}=${value}\n`)
      .join(''),
  );
  let output = '';
  const child = spawn(
    process.execPath,
    [
      wranglerBin,
      'dev',
      '--local',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(inspectorPort),
      '--persist-to',
      path.join(tempDir, 'state'),
      '--env-file',
      envFile,
      '--show-interactive-dev-session=false',
      // `GET /__scheduled?cron=…` runs the cron handler (tests drive the per-minute cron with it).
      '--test-scheduled',
      '--log-level',
      'log',
    ],
    { env: { ...wranglerEnv, WRANGLER_LOG_PATH: path.join(tempDir, 'logs') }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopGroup(child);
    rmSync(tempDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    // workerd may keep running without its socket when the port was taken: no need to wait for the deadline.
    if (child.exitCode !== null || child.signalCode !== null || output.includes('Address already in use')) {
      await stop();
      throw new Error(`wrangler dev exited early:\n${output}`);
    }
    const healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the worker did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // The local D1 database lives under `stateDir` (v3/d1/…): a test may seed it (tests/support/local-d1.ts).
  return { url, output: () => output, stop, stateDir: path.join(tempDir, 'state') };
}
