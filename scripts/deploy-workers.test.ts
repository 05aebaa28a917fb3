import { readFileSync } from 'node:fs';
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
