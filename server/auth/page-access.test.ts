import { describe, expect, it } from 'vitest';
import { type ManagedPage, mayOpenPage, pageAccess } from '../../common/page-access';
import { OWNER_ROLE, type Permission } from '../../common/permissions';
import { defaultSiteSettings } from '../../common/site-settings';
import { defaultRoles } from './permissions';

/*
 * D8: the one rule the dashboard's guard, its menu and its overview share (common/page-access.ts),
 * over the roles a site is installed with. A page is offered only to those it lets in, so nobody
 * is shown a screen that then refuses them in permission codes.
 */
const pages = Object.keys(pageAccess) as ManagedPage[];
const holder = (id: string) => {
  const role = defaultRoles.find((r) => r.id === id)!;
  return { roles: [role.id], permissions: role.permissions };
};
const opens = (user: { roles: string[]; permissions: Permission[] }) => pages.filter((page) => mayOpenPage(user, page));

describe('who may open which dashboard page', () => {
  it('lets the owner open every page', () => {
    expect(opens(holder(OWNER_ROLE))).toEqual(pages);
  });

  it('lets the installed editor open what an editor works with, not settings, newsletter, users, redirects or webhooks', () => {
    expect(opens(holder('editor')).sort()).toEqual(
      [
        'manage',
        'manage/api',
        'manage/builds',
        'manage/comments',
        'manage/editor',
        'manage/history',
        'manage/media',
        'manage/pages',
      ].sort(),
    );
  });

  it('lets a member open nothing', () => {
    expect(opens(holder('member'))).toEqual([]);
  });

  it('needs every permission of a page that lists several', () => {
    const moderator = { roles: ['moderator'], permissions: ['dashboard.read', 'comments.edit'] as Permission[] };
    expect(mayOpenPage(moderator, 'manage/comments')).toBe(true);
    // The spec's comments.edit alone showed a newsletter screen with nothing in it but a refusal.
    expect(mayOpenPage(moderator, 'manage/newsletter')).toBe(false);
    expect(mayOpenPage({ ...moderator, permissions: [...moderator.permissions, 'newsletter.read'] }, 'manage/newsletter')).toBe(
      true,
    );
    expect(mayOpenPage(moderator, 'manage/settings')).toBe(false);
    expect(mayOpenPage({ ...moderator, permissions: [...moderator.permissions, 'settings.read'] }, 'manage/settings')).toBe(true);
    // settings.read without the dashboard is still not the dashboard.
    expect(mayOpenPage({ roles: ['reader'], permissions: ['settings.read'] }, 'manage/settings')).toBe(false);
  });

  it('has a rule for every page of the dashboard menu', () => {
    for (const entry of defaultSiteSettings.dashMenu) expect(pages, entry.to).toContain(entry.to.slice(1));
  });
});
