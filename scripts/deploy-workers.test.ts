import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createdDatabaseId, deployedAddress, readDatabase, SECRETS, withDatabaseId } from './deploy-workers.mjs';

const config = readFileSync('wrangler.jsonc', 'utf8');
const id = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';

describe('npm run deploy:workers', () => {
  it('reads the D1 database of the project’s wrangler.jsonc', () => {
    expect(readDatabase(config)).toEqual({ name: 'daftar', id: '00000000-0000-0000-0000-000000000000' });
  });

  it('writes the database id and changes nothing else in wrangler.jsonc (comments kept)', () => {
    const written = withDatabaseId(config, id);
    expect(readDatabase(written)).toEqual({ name: 'daftar', id });
    expect(written.replace(id, '00000000-0000-0000-0000-000000000000')).toBe(config);
  });

  it('refuses to write what is not a database id (hostile output of a changed wrangler)', () => {
    for (const bad of ['', 'daftar', '"; rm -rf /', `${id}"`, '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0-extra'])
      expect(() => withDatabaseId(config, bad)).toThrow(/Not a D1 database id/);
  });

  it('says plainly when wrangler.jsonc has no database', () => {
    expect(() => readDatabase('{ "name": "daftar" }')).toThrow(/no d1_databases entry/);
  });

  it('finds the new database’s id in what `wrangler d1 create` prints, in JSON or TOML', () => {
    expect(
      createdDatabaseId(
        `✅ Successfully created DB 'daftar'\n{\n  "d1_databases": [\n    {\n      "binding": "DB",\n      "database_name": "daftar",\n      "database_id": "${id}"\n    }\n  ]\n}`,
      ),
    ).toBe(id);
    expect(createdDatabaseId(`[[d1_databases]]\nbinding = "DB"\ndatabase_name = "daftar"\ndatabase_id = "${id}"`)).toBe(id);
    expect(createdDatabaseId('✘ [ERROR] A request to the Cloudflare API failed.')).toBeUndefined();
  });

  it('finds the workers.dev address in what `wrangler deploy` prints, and nothing else', () => {
    expect(
      deployedAddress(
        'Uploaded daftar (4.1 sec)\nDeployed daftar triggers (1.2 sec)\n  https://daftar.someone.workers.dev\n  schedule: * * * * *',
      ),
    ).toBe('https://daftar.someone.workers.dev');
    expect(deployedAddress('see https://developers.cloudflare.com/workers/ for help')).toBeUndefined();
    expect(deployedAddress('https://evil.example/?x=.workers.dev')).toBeUndefined();
  });

  it('asks for every secret the README lists for Workers, the setup token first', () => {
    expect(SECRETS[0]?.name).toBe('SETUP_TOKEN');
    const readme = readFileSync('docs/deploy-workers.md', 'utf8');
    for (const secret of SECRETS) expect(readme).toContain(secret.name);
  });
});

describe('npm run deploy:workers against a stand-in wrangler', () => {
  const id = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';

  /** Runs the script from a copy of the project's layout (its wrangler.jsonc is the copy's). */
  function deployOnce(folder: string, state: object, env: Record<string, string> = {}) {
    writeFileSync(path.join(folder, 'state.json'), JSON.stringify(state));
    rmSync(path.join(folder, 'calls.log'), { force: true });
    const result = spawnSync(process.execPath, [path.join(folder, 'scripts/deploy-workers.mjs'), '--no-build'], {
      encoding: 'utf8',
      input: '',
      env: {
        PATH: process.env.PATH,
        DAFTAR_WRANGLER: `${process.execPath} ${path.resolve('tests/support/wrangler-stand-in.mjs')}`,
        STAND_IN_STATE: path.join(folder, 'state.json'),
        STAND_IN_LOG: path.join(folder, 'calls.log'),
        ...env,
      },
    });
    const calls = readFileSync(path.join(folder, 'calls.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { args: string[]; secrets?: Record<string, string>; secretsMode?: string });
    return { ...result, calls };
  }

  function project() {
    const folder = mkdtempSync(path.join(tmpdir(), 'daftar-deploy-'));
    mkdirSync(path.join(folder, 'scripts'));
    copyFileSync('scripts/deploy-workers.mjs', path.join(folder, 'scripts/deploy-workers.mjs'));
    copyFileSync('wrangler.jsonc', path.join(folder, 'wrangler.jsonc'));
    return folder;
  }

  it('first deploy: creates the database, writes its id, makes a setup token, sends the secrets with the Worker', () => {
    const folder = project();
    try {
      const first = deployOnce(
        folder,
        {
          signedIn: true,
          databases: [{ name: 'other', uuid: '11111111-2222-3333-4444-555555555555' }],
          secrets: null,
          createId: id,
        },
        { GITHUB_TOKEN: 'github_pat_example', GITHUB_OWNER: 'maryam', GITHUB_REPO: 'site' },
      );
      expect(first.status, first.stderr).toBe(0);
      expect(first.calls.map((call) => call.args.slice(0, 2).join(' '))).toEqual([
        'whoami --json',
        'd1 list',
        'd1 create',
        'secret list',
        'deploy --secrets-file',
      ]);
      expect(readDatabase(readFileSync(path.join(folder, 'wrangler.jsonc'), 'utf8'))).toEqual({ name: 'daftar', id });
      const deploy = first.calls.at(-1);
      expect(Object.keys(deploy?.secrets ?? {})).toEqual(['SETUP_TOKEN', 'GITHUB_TOKEN', 'GITHUB_OWNER', 'GITHUB_REPO']);
      expect(deploy?.secrets?.SETUP_TOKEN).toMatch(/^[\w-]{24}$/);
      expect(deploy?.secretsMode).toBe('600');
      // The installer link carries the token the Worker got.
      expect(first.stdout).toContain(`/?setup=${deploy?.secrets?.SETUP_TOKEN}`);

      // Again: the id is in wrangler.jsonc, the Worker has its secrets: nothing created, nothing sent.
      const again = deployOnce(folder, {
        signedIn: true,
        databases: [],
        secrets: ['SETUP_TOKEN', 'GITHUB_TOKEN', 'GITHUB_OWNER', 'GITHUB_REPO'],
      });
      expect(again.status, again.stderr).toBe(0);
      expect(again.calls.map((call) => call.args.join(' '))).toEqual(['whoami --json', 'secret list --format json', 'deploy']);
      expect(again.stdout).not.toContain('setup=');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('finds an existing database by name instead of creating another', () => {
    const folder = project();
    try {
      const run = deployOnce(
        folder,
        { signedIn: true, databases: [{ name: 'daftar', uuid: id }], secrets: null },
        { SETUP_TOKEN: 'a-setup-token-of-my-own' },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.calls.some((call) => call.args[1] === 'create')).toBe(false);
      expect(readDatabase(readFileSync(path.join(folder, 'wrangler.jsonc'), 'utf8')).id).toBe(id);
      expect(run.calls.at(-1)?.secrets).toEqual({ SETUP_TOKEN: 'a-setup-token-of-my-own' });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('changes nothing on Cloudflare when it cannot sign in or is given a short setup token', () => {
    const folder = project();
    try {
      const signedOut = deployOnce(folder, { signedIn: false, databases: [], secrets: null });
      expect(signedOut.status).toBe(1);
      expect(signedOut.stderr).toContain('Not signed in to Cloudflare');
      expect(signedOut.calls.map((call) => call.args[0])).toEqual(['whoami']);

      const short = deployOnce(
        folder,
        { signedIn: true, databases: [{ name: 'daftar', uuid: id }], secrets: null },
        { SETUP_TOKEN: 'short' },
      );
      expect(short.status).toBe(1);
      expect(short.stderr).toContain('SETUP_TOKEN must have at least 16 characters');
      expect(short.calls.some((call) => call.args[0] === 'deploy')).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
