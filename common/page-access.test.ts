import { describe, expect, it } from 'vitest';
import { homeForUser, managedPageFor, safeReturnPath } from './page-access';

describe('return paths', () => {
  it.each([
    ['/fa/manage/users', '/fa/manage/users'],
    ['/en/profile?tab=devices#x', '/en/profile?tab=devices#x'],
    ['https://evil.example/', '/en'],
    ['//evil.example/path', '/en'],
    ['/\\evil.example', '/en'],
    ['javascript:alert(1)', '/en'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['', '/en'],
    [null, '/en'],
  ])('%j becomes %j', (input, expected) => {
    expect(safeReturnPath(input, 'en')).toBe(expected);
  });
  it('sends managers to the dashboard and members to their profile', () => {
    expect(homeForUser(['dashboard.read'], 'fa')).toBe('/fa/manage');
    expect(homeForUser(['comments.create'], 'en')).toBe('/en/profile');
  });
});

describe('the dashboard page of a matched route', () => {
  it.each([
    ['/:locale/manage', 'manage'],
    ['/:locale/manage/users/:tab?', 'manage/users'],
    ['/:locale/manage/comments/:tab?', 'manage/comments'],
    ['/:locale/manage/editor/*', 'manage/editor'],
    ['/:locale/manage/pages', 'manage/pages'],
    ['/:locale/managed', undefined],
    ['/:locale/*', undefined],
  ])('%s belongs to %s', (pattern, page) => {
    expect(managedPageFor(pattern)).toBe(page);
  });
});
