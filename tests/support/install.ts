import { type RunningServer, startServer } from './server';

export const E2E_SETUP_TOKEN = 'e2e-setup-token-0123456789';
export const OWNER = {
  firstName: 'Owner',
  lastName: 'Person',
  about: 'Owns the site',
  userName: 'owner',
  password: 'owner-pass-1',
};

/** Runs the installer's API steps against a server started with E2E_SETUP_TOKEN. */
export async function installThroughApi(server: RunningServer, owner = OWNER) {
  const headers = { 'x-setup-token': E2E_SETUP_TOKEN, 'content-type': 'application/json' };
  for (const step of ['migrations-run', 'database-loading']) {
    const response = await fetch(`${server.url}/api/install/${step}`, { method: 'POST', headers });
    if (!response.ok) throw new Error(`${step} failed: ${response.status} ${await response.text()}`);
  }
  const response = await fetch(`${server.url}/api/install/admin-loading`, {
    method: 'POST',
    headers,
    body: JSON.stringify(owner),
  });
  if (!response.ok) throw new Error(`admin-loading failed: ${response.status} ${await response.text()}`);
}

/** A built server on a fresh data folder, installed with an owner account. */
export async function startInstalledServer(env: Record<string, string> = {}) {
  const server = await startServer({ SETUP_TOKEN: E2E_SETUP_TOKEN, ...env });
  await installThroughApi(server);
  return server;
}
