import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { importsOfRemoved, REMOVED } from './prune-runtime.mjs';

describe('the packages the container image leaves out', () => {
  it('sees every way a server file can load one of them, and no other package', () => {
    expect(importsOfRemoved('import{X as a}from"lucide-react";')).toEqual(['lucide-react']);
    expect(importsOfRemoved("const m = await import('@radix-ui/react-dialog');")).toEqual(['@radix-ui']);
    expect(importsOfRemoved('require("dexie")')).toEqual(['dexie']);
    expect(importsOfRemoved('import"@tiptap/pm/state";')).toEqual(['@tiptap']);
    expect(importsOfRemoved("import 'node';")).toEqual(['node']);
    // Names that only start like a removed one, relative paths and node: builtins are not it.
    expect(
      importsOfRemoved(
        'import x from "node:fs"; import y from "nodemailer"; import z from "./dexie.js"; import w from "lucide-reactor";',
      ),
    ).toEqual([]);
  });

  it('passes on this checkout: the server build (once built) loads none of them, no package that stays needs one', () => {
    expect(REMOVED).toContain('lucide-react');
    const check = spawnSync(process.execPath, ['scripts/container/prune-runtime.mjs', '--check'], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
  });
});
