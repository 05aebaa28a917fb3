import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { productionPackages } from './stage-app.mjs';

describe('the production packages the container image takes from node_modules', () => {
  it('keeps what `npm prune --omit=dev` keeps: not dev-only entries, not links, not the project itself', () => {
    const lock = {
      packages: {
        '': {},
        'node_modules/hono': {},
        'node_modules/vitest': { dev: true },
        'node_modules/sharp/node_modules/semver': {},
        'node_modules/@img/sharp-linux-x64': { optional: true },
        'node_modules/fsevents': { dev: true, optional: true },
        'node_modules/esbuild': { devOptional: true },
        'node_modules/local': { link: true },
      },
    };
    expect(productionPackages(lock)).toEqual([
      'node_modules/@img/sharp-linux-x64',
      'node_modules/esbuild',
      'node_modules/hono',
      'node_modules/sharp/node_modules/semver',
    ]);
  });

  it('on this checkout: the server packages are in, the test tools are not', () => {
    const kept = productionPackages(JSON.parse(readFileSync('package-lock.json', 'utf8')));
    for (const name of ['hono', 'drizzle-orm', '@libsql/client', 'sharp']) expect(kept).toContain(`node_modules/${name}`);
    for (const name of ['vitest', '@playwright/test', 'wrangler', '@biomejs/biome'])
      expect(kept).not.toContain(`node_modules/${name}`);
  });
});
