#!/usr/bin/env node
/*
 * `npm run deploy:workers`: puts the site on Cloudflare Workers in one command, creating what is
 * missing (docs/deploy-workers.md):
 *
 *   1. signs in to Cloudflare when not signed in (`wrangler login`, or CLOUDFLARE_API_TOKEN);
 *   2. finds the D1 database named in wrangler.jsonc, or creates it, and writes its id there;
 *   3. asks for the secrets the Worker lacks (SETUP_TOKEN is made up when left empty; the others
 *      may be skipped) — a value already in the environment is taken without asking;
 *   4. builds, deploys with those secrets, and applies the database migrations through the
 *      installer's own step (`POST /api/install/migrations-run`), so the installer and later
 *      upgrades keep one ledger of applied migrations; an installed site upgrades itself on its
 *      first request, which this script makes;
 *   5. prints the site's address (with the installer link on a first deploy).
 *
 * `--dry-run` builds and bundles the Worker without an account or network (`wrangler deploy
 * --dry-run`), `--no-build` skips `npm run build` (build/ is current). DAFTAR_WRANGLER replaces
 * the wrangler command (the deploy test feeds it a stand-in).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const configFile = path.join(root, 'wrangler.jsonc');
const PLACEHOLDER_ID = '00000000-0000-0000-0000-000000000000';
const wranglerCommand = process.env.DAFTAR_WRANGLER
  ? process.env.DAFTAR_WRANGLER.split(' ')
  : [process.execPath, path.join(root, 'node_modules/wrangler/bin/wrangler.js')];
// Wrangler without its update check, request-metadata download, usage metrics and error reports.
const wranglerEnv = {
  ...process.env,
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
};

/**
 * The secrets the Worker reads, in the order they are asked for; `skip` says what happens without
 * one. GITHUB_OWNER and GITHUB_REPO are not secret, but stored as secrets they survive every
 * deploy (a deploy replaces the Worker's plain variables with those in wrangler.jsonc).
 */
export const SECRETS = [
  { name: 'SETUP_TOKEN', ask: 'Setup token for the installer (16+ characters; empty: one is made for you)' },
  {
    name: 'GITHUB_TOKEN',
    ask: 'GitHub token with Contents read and write on the content repository (empty: skip; pages cannot be published without it)',
  },
  { name: 'GITHUB_OWNER', ask: 'Owner of that repository (user or organisation)', needs: 'GITHUB_TOKEN' },
  { name: 'GITHUB_REPO', ask: 'Name of that repository', needs: 'GITHUB_TOKEN' },
  { name: 'TURNSTILE_SECRET_KEY', ask: 'Turnstile secret key (empty: skip; sign-in is then protected by rate limits only)' },
  { name: 'MAIL_API_KEY', ask: 'Mail API key, Resend by default (empty: skip; no newsletter or recovery mail)' },
];

/** The D1 database's name and id as wrangler.jsonc gives them. */
export function readDatabase(config) {
  const name = config.match(/"database_name"\s*:\s*"([^"]+)"/)?.[1];
  const id = config.match(/"database_id"\s*:\s*"([^"]+)"/)?.[1];
  if (!name || !id) throw new Error('wrangler.jsonc has no d1_databases entry with database_name and database_id.');
  return { name, id };
}

/** wrangler.jsonc with the database id set, comments and layout kept. */
export function withDatabaseId(config, id) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Error(`Not a D1 database id: ${id}`);
  return config.replace(/("database_id"\s*:\s*")[^"]+(")/, `$1${id}$2`);
}

/** The database id in what `wrangler d1 create` printed (a JSON or TOML snippet). */
export function createdDatabaseId(output) {
  return output.match(/database_id"?\s*[:=]\s*"([0-9a-f-]{36})"/i)?.[1];
}

/** The site's address in what `wrangler deploy` printed. */
export function deployedAddress(output) {
  return output.match(/https:\/\/[a-z0-9.-]+\.workers\.dev\b/i)?.[0];
}

/** Runs wrangler; `show` streams its output to the console as well. */
function wrangler(args, { input, show = false } = {}) {
  return new Promise((resolve) => {
    const [command, ...rest] = wranglerCommand;
    const child = spawn(command, [...rest, ...args], {
      cwd: root,
      env: wranglerEnv,
      stdio: [input === 'inherit' ? 'inherit' : 'pipe', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk) => {
        output += chunk;
        if (show) process.stdout.write(chunk);
      });
    }
    if (typeof input === 'string') child.stdin?.end(input);
    else if (input !== 'inherit') child.stdin?.end();
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

function fail(message) {
  console.error(`\n${message}`);
  process.exit(1);
}

function build() {
  console.log('Building the site (npm run build)…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) fail('The build failed; nothing was deployed.');
}

async function signIn() {
  const who = await wrangler(['whoami', '--json']);
  if (who.code === 0) return;
  if (process.env.CLOUDFLARE_API_TOKEN) fail(`Cloudflare refused CLOUDFLARE_API_TOKEN:\n${who.output}`);
  if (!process.stdin.isTTY) fail('Not signed in to Cloudflare: run `npx wrangler login`, or set CLOUDFLARE_API_TOKEN.');
  console.log('Signing in to Cloudflare (a browser opens)…');
  const login = await wrangler(['login'], { input: 'inherit', show: true });
  if (login.code !== 0) fail('Signing in to Cloudflare failed.');
}

async function ensureDatabase() {
  let config = readFileSync(configFile, 'utf8');
  const { name, id } = readDatabase(config);
  if (id !== PLACEHOLDER_ID) {
    console.log(`D1 database ${name}: ${id} (from wrangler.jsonc).`);
    return;
  }
  const listed = await wrangler(['d1', 'list', '--json']);
  if (listed.code !== 0) fail(`Listing D1 databases failed:\n${listed.output}`);
  let found;
  try {
    found = JSON.parse(listed.output.slice(listed.output.indexOf('['))).find((database) => database.name === name)?.uuid;
  } catch {
    fail(`Unexpected answer from \`wrangler d1 list --json\`:\n${listed.output}`);
  }
  if (found) console.log(`D1 database ${name} exists: ${found}.`);
  else {
    console.log(`Creating the D1 database ${name}…`);
    const created = await wrangler(['d1', 'create', name]);
    found = createdDatabaseId(created.output);
    if (created.code !== 0 || !found) fail(`Creating the D1 database failed:\n${created.output}`);
    console.log(`Created ${name}: ${found}.`);
  }
  config = withDatabaseId(config, found);
  writeFileSync(configFile, config);
  console.log('Wrote its id into wrangler.jsonc (commit it, so later deploys use the same database).');
}

/** The secrets to add: those the Worker lacks, from the environment or asked for. */
async function missingSecrets() {
  const listed = await wrangler(['secret', 'list', '--format', 'json']);
  // A Worker that does not exist yet has no secrets.
  let present = [];
  if (listed.code === 0) {
    try {
      present = JSON.parse(listed.output.slice(listed.output.indexOf('['))).map((secret) => secret.name);
    } catch {
      present = [];
    }
  }
  const prompt = process.stdin.isTTY ? createInterface({ input: process.stdin, output: process.stdout }) : undefined;
  const values = {};
  try {
    for (const secret of SECRETS) {
      if (present.includes(secret.name)) continue;
      if (secret.needs && !values[secret.needs] && !present.includes(secret.needs)) continue;
      let value = process.env[secret.name]?.trim() ?? '';
      if (!value && prompt) value = (await prompt.question(`${secret.ask}: `)).trim();
      if (secret.name === 'SETUP_TOKEN') {
        if (!value) value = randomBytes(18).toString('base64url');
        if (value.length < 16) fail('SETUP_TOKEN must have at least 16 characters.');
      }
      if (value) values[secret.name] = value;
    }
  } finally {
    prompt?.close();
  }
  return values;
}

async function deploy(secrets) {
  const folder = mkdtempSync(path.join(tmpdir(), 'daftar-deploy-'));
  const secretsFile = path.join(folder, 'secrets.json');
  try {
    writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
    const args = ['deploy', ...(Object.keys(secrets).length ? ['--secrets-file', secretsFile] : [])];
    console.log(`Deploying${Object.keys(secrets).length ? ` with ${Object.keys(secrets).join(', ')}` : ''}…`);
    const result = await wrangler(args, { show: true });
    if (result.code !== 0) fail('`wrangler deploy` failed (its output is above).');
    return deployedAddress(result.output);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Asks the new Worker until it answers (a new workers.dev address takes a few seconds). */
async function reach(url, init, tries = 20) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  }
}

async function migrate(address, setupToken) {
  if (setupToken) {
    console.log('Applying the database migrations (the installer’s first step)…');
    const response = await reach(`${address}/api/install/migrations-run`, {
      method: 'POST',
      headers: { 'x-setup-token': setupToken },
    });
    if (!response.ok) fail(`Applying the migrations failed: ${response.status} ${await response.text()}`);
    return;
  }
  // An installed site applies a release's new migrations before its first request.
  const response = await reach(`${address}/api/health`);
  console.log(`The site answers /api/health with ${response.status}.`);
}

async function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => !['--dry-run', '--no-build'].includes(arg));
  if (unknown.length) fail(`Unknown option ${unknown.join(' ')}; options: --dry-run, --no-build.`);
  if (!args.includes('--no-build')) build();

  if (args.includes('--dry-run')) {
    const result = await wrangler(['deploy', '--dry-run', '--outdir', 'build/workers'], { show: true });
    if (result.code !== 0) fail('`wrangler deploy --dry-run` failed (its output is above).');
    console.log('\nDry run: the Worker bundles (build/workers); nothing was sent to Cloudflare.');
    return;
  }

  await signIn();
  await ensureDatabase();
  const secrets = await missingSecrets();
  const address = await deploy(secrets);
  if (!address) {
    console.log('\nDeployed. Open the address wrangler printed above (a custom domain or route).');
    if (secrets.SETUP_TOKEN) console.log(`Installer: <address>/?setup=${secrets.SETUP_TOKEN}`);
    return;
  }
  await migrate(address, secrets.SETUP_TOKEN);
  console.log(`\nDeployed: ${address}`);
  if (secrets.SETUP_TOKEN)
    console.log(
      `Open this link to install (it carries the setup token; keep it private):\n\n  ${address}/?setup=${encodeURIComponent(secrets.SETUP_TOKEN)}\n`,
    );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
