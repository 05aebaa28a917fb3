import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The `_headers` rules the build step writes: path → header lines. */
function writtenRules() {
  const cwd = mkdtempSync(path.join(tmpdir(), 'daftar-headers-'));
  try {
    mkdirSync(path.join(cwd, 'build', 'client'), { recursive: true });
    execFileSync(process.execPath, [path.resolve(import.meta.dirname, 'assets-headers.mjs')], { cwd });
    const rules: Record<string, string[]> = {};
    let current = '';
    for (const line of readFileSync(path.join(cwd, 'build', 'client', '_headers'), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      if (line.startsWith(' ')) rules[current]?.push(line.trim());
      else {
        current = line.trim();
        rules[current] = [];
      }
    }
    return rules;
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

describe('Workers static asset headers (F-16)', () => {
  it('sends every static file with nosniff, and hashed assets with a year of caching', () => {
    const rules = writtenRules();
    expect(rules['/*']).toContain('X-Content-Type-Options: nosniff');
    expect(rules['/assets/*']).toContain('Cache-Control: public, max-age=31536000, immutable');
  });

  it('leaves equal files untouched, so a wrangler dev watching build/client does not restart its Worker', () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'daftar-headers-'));
    try {
      const client = path.join(cwd, 'build', 'client');
      mkdirSync(client, { recursive: true });
      const run = () => execFileSync(process.execPath, [path.resolve(import.meta.dirname, 'assets-headers.mjs')], { cwd });
      run();
      const past = new Date(Date.now() - 3600_000);
      for (const file of ['_headers', '.assetsignore']) utimesSync(path.join(client, file), past, past);
      run();
      for (const file of ['_headers', '.assetsignore'])
        expect(statSync(path.join(client, file)).mtimeMs, file).toBe(past.getTime());
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
