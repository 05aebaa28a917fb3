import { describe, expect, it } from 'vitest';
import { crossesOwnerLine, mayGrantRoles, missingPermissions, permissionsOfRoles } from './grants';
import { allPermissions } from './permissions';

describe('missingPermissions (the grant rule, F-07)', () => {
  it('names what the grantor lacks, sorted and once; the owner lacks nothing', () => {
    const delegate = { roles: ['delegate'], permissions: ['users.edit', 'users.read'] };
    expect(missingPermissions(delegate, ['users.edit', 'roles.edit', 'builds.create', 'roles.edit'])).toEqual([
      'builds.create',
      'roles.edit',
    ]);
    expect(missingPermissions(delegate, ['users.read'])).toEqual([]);
    expect(missingPermissions(delegate, [])).toEqual([]);
    // The owner role holds every permission, even one its row does not list yet.
    expect(missingPermissions({ roles: ['owner'], permissions: [] }, allPermissions)).toEqual([]);
    // A role merely named like a permission grants nothing.
    expect(missingPermissions({ roles: ['users.edit'], permissions: [] }, ['users.edit'])).toEqual(['users.edit']);
  });

  it('reads the owner role as every permission when adding up roles', () => {
    const rows = [
      { id: 'owner', permissions: [] },
      { id: 'editor', permissions: ['builds.read'] },
      { id: 'member', permissions: ['comments.create'] },
    ];
    expect(permissionsOfRoles(rows, ['member', 'editor']).sort()).toEqual(['builds.read', 'comments.create']);
    expect(new Set(permissionsOfRoles(rows, ['owner']))).toEqual(new Set(allPermissions));
    expect(permissionsOfRoles(rows, ['ghost'])).toEqual([]);
  });
});

describe('the owner line (F-23, F-32)', () => {
  const rows = [
    { id: 'owner', permissions: [] },
    { id: 'manager', permissions: [...allPermissions] },
    { id: 'member', permissions: ['comments.create'] },
  ];
  const manager = { roles: ['manager'], permissions: [...allPermissions] };
  it('holding every permission is not being an owner', () => {
    expect(crossesOwnerLine(manager, ['owner'])).toBe(true);
    expect(mayGrantRoles(manager, rows, ['owner'])).toBe(false);
    expect(mayGrantRoles(manager, rows, ['member', 'owner'])).toBe(false);
    expect(mayGrantRoles(manager, rows, ['manager', 'member'])).toBe(true);
  });
  it('an owner crosses it; permissions still bound everyone else', () => {
    expect(mayGrantRoles({ roles: ['owner'], permissions: [] }, rows, ['owner', 'manager'])).toBe(true);
    expect(mayGrantRoles({ roles: ['member'], permissions: ['comments.create'] }, rows, ['manager'])).toBe(false);
  });
});
