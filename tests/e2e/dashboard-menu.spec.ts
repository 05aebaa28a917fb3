import enManage from '../../app/i18n/locales/en/manage.json' with { type: 'json' };
import enUsers from '../../app/i18n/locales/en/users.json' with { type: 'json' };
import faManage from '../../app/i18n/locales/fa/manage.json' with { type: 'json' };
import faUsers from '../../app/i18n/locales/fa/users.json' with { type: 'json' };
import { defaultSiteSettings } from '../../common/site-settings';
import { expect, showColorScheme, snap, test } from './fixtures';

/*
 * D8, in both languages: the dashboard menu offers a role only what it can open (the rule the
 * route guard uses, common/page-access.ts), and the roles dialog names permissions in words, each
 * area with a line saying what it covers, a built-in role under its name in the page's language.
 */
const label = (to: string, locale: 'fa' | 'en') => defaultSiteSettings.dashMenu.find((entry) => entry.to === to)!.label[locale];
const words = { fa: { manage: faManage.manage, users: faUsers.users }, en: { manage: enManage.manage, users: enUsers.users } };

const editorMenu = ['/manage', '/manage/pages', '/manage/media', '/manage/comments', '/manage/builds', '/manage/api'];
const ownerMenu = defaultSiteSettings.dashMenu.map((entry) => entry.to);

for (const locale of ['fa', 'en'] as const) {
  const w = words[locale];

  test(`${locale}: the editor's menu lists only what an editor can open; the owner's lists everything`, async ({
    page,
    installedSite,
    login,
  }) => {
    await login('editor');
    await page.goto(`${installedSite.url}/${locale}/manage`);
    const menu = page.getByRole('navigation', { name: w.manage.menu }).getByRole('listitem');
    await expect(menu).toHaveText(editorMenu.map((to) => label(to, locale)));
    // Every entry opens: nothing in the menu answers with a refusal.
    for (const to of editorMenu) {
      const response = await page.request.get(`${installedSite.url}/${locale}${to}`);
      expect(response.status(), to).toBe(200);
    }
    // And what the menu leaves out is refused, in words.
    for (const to of ownerMenu.filter((entry) => !editorMenu.includes(entry)))
      expect((await page.request.get(`${installedSite.url}/${locale}${to}`)).status(), to).toBe(403);
    await snap(page, `menu-editor-${locale}`);

    await login('owner');
    await page.goto(`${installedSite.url}/${locale}/manage`);
    await expect(menu).toHaveText(ownerMenu.map((to) => label(to, locale)));
  });

  test(`${locale}: the roles dialog names permissions and the built-in editor role in words`, async ({
    page,
    installedSite,
    login,
  }) => {
    await login('owner');
    await page.goto(`${installedSite.url}/${locale}/manage/users/roles`);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await page.locator('tr[data-role="editor"]').getByRole('button', { name: w.users.roles.edit.open }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // The built-in role under its name and description in the page's language, its id beside it.
    await expect(dialog.getByLabel(w.users.roles.fields.name, { exact: true })).toHaveValue(w.users.roleNames.editor);
    await expect(dialog.getByLabel(w.users.roles.fields.description, { exact: true })).toHaveValue(w.users.defaultRoles.editor);
    // Each area with its line; the boxes say what they allow, and no permission key is shown as text.
    const builds = dialog.getByRole('group', { name: w.users.permissions.areas.builds });
    await expect(builds).toContainText(w.users.permissions.about.builds);
    await expect(dialog.getByRole('group', { name: w.users.permissions.areas.commits })).toContainText(
      w.users.permissions.about.commits,
    );
    await expect(builds.getByRole('checkbox', { name: w.users.permissions.actions.create })).toBeChecked();
    await expect(dialog.getByTestId('permission-area-about')).toHaveCount(10);
    await expect(dialog).not.toContainText(/\b(builds|commits|settings)\.(read|create|edit|delete)\b/);
    await showColorScheme(page, 'light');
    await snap(page, `roles-dialog-${locale}-light`);
    await showColorScheme(page, 'dark');
    await snap(page, `roles-dialog-${locale}-dark`);
    await showColorScheme(page, 'light');

    // Saved unchanged, the description stays the built-in one: the other language still reads its own.
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().includes('/api/roles/'),
    );
    await dialog.getByRole('button', { name: w.users.roles.edit.submit }).click();
    expect((await saved).status()).toBe(200);
    const other = locale === 'fa' ? 'en' : 'fa';
    await page.goto(`${installedSite.url}/${other}/manage/users/roles`);
    await expect(page.locator('tr[data-role="editor"]')).toContainText(words[other].users.defaultRoles.editor);
  });
}
