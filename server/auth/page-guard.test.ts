import { describe, expect, it } from 'vitest';
import { managedPageFor } from './page-guard';

describe('managed pages', () => {
  it.each([
    ['/fa/manage', 'manage'],
    ['/en/manage/users', 'manage/users'],
    ['/en/manage/users/roles', 'manage/users'],
    ['/fa/manage/editor/logs/hello', 'manage/editor'],
    ['/fa/managed', undefined],
  ])('%s belongs to %s', (path, page) => {
    expect(managedPageFor(path)).toBe(page);
  });
});
