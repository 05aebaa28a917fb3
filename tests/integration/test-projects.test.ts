import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SLOW } from '../../vitest.config';

describe('the fast and slow Vitest projects', () => {
  it('name only files that exist, so a rename cannot quietly move a slow file into the fast run', () => {
    expect(SLOW.filter((file) => !existsSync(file))).toEqual([]);
    expect(new Set(SLOW).size).toBe(SLOW.length);
  });
});
