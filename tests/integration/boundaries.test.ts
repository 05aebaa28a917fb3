import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverBoundary } from '../../scripts/server-boundary';

/*
 * The server/browser boundary is a lint error and a build error, not a habit: a deliberate stray
 * import must fail. (Files are written into the tree because Biome's rules are per folder.)
 */
const root = path.resolve(import.meta.dirname, '../..');
const written: string[] = [];
afterEach(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true });
});

function lint(relativePath: string, source: string) {
  const file = path.join(root, relativePath);
  writeFileSync(file, source);
  written.push(file);
  const result = spawnSync(path.join(root, 'node_modules/.bin/biome'), ['lint', relativePath], { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

const strayServerImport = "import { isInstalled } from '../../../server/services/site';\n\nexport const x = isInstalled;\n";

describe('lint boundaries', () => {
  it('refuses a value import from server/ in a component', () => {
    const result = lint(`app/components/content/stray-${process.pid}.tsx`, strayServerImport);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('Browser code never imports server/');
  });

  it('refuses even a type import from server/ outside *.server.ts', () => {
    const result = lint(
      `app/components/content/stray-type-${process.pid}.tsx`,
      "import type { AppDeps } from '../../../server/deps';\n\nexport type X = AppDeps;\n",
    );
    expect(result.status).not.toBe(0);
  });

  it('allows it in a route’s *.server.ts sibling', () => {
    const result = lint(`app/routes/public/stray-${process.pid}.server.ts`, strayServerImport);
    expect(result.output).not.toContain('noRestrictedImports');
    expect(result.status).toBe(0);
  });

  it('refuses an import from server/http in the dependency contract (server/deps.ts)', () => {
    // The rule names that one file, so it is linted as a copy in a folder with the same config.
    const folder = mkdtempSync(path.join(tmpdir(), 'daftar-deps-lint-'));
    try {
      copyFileSync(path.join(root, 'biome.json'), path.join(folder, 'biome.json'));
      mkdirSync(path.join(folder, 'server'));
      const source = "import type { PageRequest } from './http/page-cache';\n\nexport type X = PageRequest;\n";
      const lintAt = (file: string) => {
        writeFileSync(path.join(folder, file), source);
        const result = spawnSync(path.join(root, 'node_modules/.bin/biome'), ['lint', file], { cwd: folder, encoding: 'utf8' });
        return { status: result.status, output: result.stdout + result.stderr };
      };
      const refused = lintAt('server/deps.ts');
      expect(refused.status).not.toBe(0);
      expect(refused.output).toContain('The dependency contract owns its types');
      expect(lintAt('server/app.ts').output).not.toContain('The dependency contract owns its types');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses React Router in server/ and server code in common/', () => {
    const router = lint(
      `server/stray-${process.pid}.ts`,
      "import { redirect } from 'react-router';\n\nexport const x = redirect;\n",
    );
    expect(router.status).not.toBe(0);
    expect(router.output).toContain('The server never imports React Router');
    const common = lint(
      `common/stray-${process.pid}.ts`,
      "import { isInstalled } from '../server/services/site';\n\nexport const x = isInstalled;\n",
    );
    expect(common.status).not.toBe(0);
    expect(common.output).toContain('it never imports server code');
  });
});

describe('build boundary', () => {
  const plugin = serverBoundary(root);
  const resolveId = plugin.resolveId as (this: unknown, source: string, importer?: string, options?: object) => Promise<null>;
  const context = (resolved: string) => ({
    resolve: async () => ({ id: resolved }),
    error: (message: string) => {
      throw new Error(message);
    },
  });

  it('fails the browser build when a module resolves into server/', async () => {
    const importer = path.join(root, 'app/routes/public/home.tsx');
    await expect(
      resolveId.call(context(path.join(root, 'server/services/site.ts')), '../../../server/services/site', importer, {}),
    ).rejects.toThrow('app/routes/public/home.tsx imports server/services/site.ts');
  });

  it('lets everything else through, and applies to the browser build only', async () => {
    const importer = path.join(root, 'app/routes/public/home.tsx');
    await expect(
      resolveId.call(context(path.join(root, 'common/paths.ts')), '../../../common/paths', importer, {}),
    ).resolves.toBeNull();
    const applies = plugin.applyToEnvironment as (environment: { name: string }) => boolean;
    expect(applies({ name: 'client' })).toBe(true);
    expect(applies({ name: 'ssr' })).toBe(false);
  });
});
