import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accountFields } from './words';

/** Screens are saved for review when SCREENSHOTS=1 (test-results/screens/…). */
async function snap(page: Page, name: string, fullPage = true) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage });
}

const KEY = 'daftar.device.privateKey';
const PROFILE = 'daftar.device.profile';

const words = {
  en: {
    person: { firstName: 'Mina', lastName: 'Sadeghi', about: 'Reads the logs every week.' },
    renamed: { firstName: 'Minoo', lastName: 'Sadeghian' },
    ...accountFields.en,
    update: 'Update Profile',
    save: 'Save changes',
    updated: 'Profile updated',
    min2: 'Must be at least 2 characters',
    change: 'Change Password',
    current: 'Current password',
    newPassword: 'New password',
    changeSubmit: 'Change password',
    wrongCurrent: 'The current password is not correct',
    changed: 'Password changed',
    comments: 'Comments',
    noComments: 'No comments yet',
    devices: 'Devices',
    thisDevice: 'This device',
    generate: 'Generate new names',
    revoke: 'Revoke',
    confirmRevoke: 'Revoke device',
    revoked: 'Device revoked',
    logout: 'Log out',
    otherDevice: 'Firefox on Windows',
  },
  fa: {
    person: { firstName: 'مینا', lastName: 'صادقی', about: 'هر هفته نوشته‌ها را می‌خواند.' },
    renamed: { firstName: 'مینو', lastName: 'صادقیان' },
    ...accountFields.fa,
    update: 'ویرایش نمایه',
    save: 'ذخیرهٔ تغییرات',
    updated: 'نمایه به‌روز شد',
    min2: 'دست‌کم ۲ نویسه لازم است',
    change: 'تغییر گذرواژه',
    current: 'گذرواژهٔ کنونی',
    newPassword: 'گذرواژهٔ تازه',
    changeSubmit: 'تغییر گذرواژه',
    wrongCurrent: 'گذرواژهٔ کنونی درست نیست',
    changed: 'گذرواژه تغییر کرد',
    comments: 'دیدگاه‌ها',
    noComments: 'هنوز دیدگاهی ننوشته‌اید',
    devices: 'دستگاه‌ها',
    thisDevice: 'همین دستگاه',
    generate: 'ساخت نام‌های تازه',
    revoke: 'لغو دسترسی',
    confirmRevoke: 'لغو دسترسی دستگاه',
    revoked: 'دسترسی دستگاه لغو شد',
    logout: 'خروج',
    otherDevice: 'Firefox روی Windows',
  },
} as const;

/** The local device identity as the page stored it, with the names of the page's own language. */
async function localIdentity(page: Page) {
  return page.evaluate(
    ({ key, profile }) => {
      const stored = JSON.parse(localStorage.getItem(profile) ?? 'null') as {
        pub: string;
        names: Record<string, { displayName: string; deviceName: string }>;
      } | null;
      const names = stored?.names[document.documentElement.lang];
      return {
        secret: localStorage.getItem(key),
        profile: stored && names ? { pub: stored.pub, ...names } : null,
      };
    },
    { key: KEY, profile: PROFILE },
  );
}

/** Number of events in the local inbox (IndexedDB `inbox`, table `events`); adds one first if asked. */
async function inboxCount(page: Page, add = false) {
  return page.evaluate(
    (addOne) =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('inbox');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction('events', 'readwrite');
          const store = tx.objectStore('events');
          if (addOne) store.add({ kind: 1, content: 'note', created_at: 1, tags: [], pubkey: 'x', status: 'Draft' });
          const count = store.count();
          tx.oncomplete = () => {
            db.close();
            resolve(count.result);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    add,
  );
}

for (const locale of ['fa', 'en'] as const) {
  const w = words[locale];

  test(`profile: names, dialogs, device identity, devices and logout (${locale})`, async ({ page, installedSite }) => {
    const site = installedSite.url;
    const userName = `profile-${locale}`;
    const password = 'first-pass-1';

    const first = await test.step('a first visit while signed out creates the device identity', async () => {
      await page.goto(`${site}/${locale}`);
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      await expect.poll(async () => (await localIdentity(page)).profile?.pub).toMatch(/^[0-9a-f]{64}$/);
      return localIdentity(page);
    });

    await test.step('anonymous visitors are sent to login; a registered member sees the profile', async () => {
      await page.goto(`${site}/${locale}/profile`);
      await expect(page).toHaveURL(`${site}/${locale}/login?redirectTo=${encodeURIComponent(`/${locale}/profile`)}`);

      const registered = await page.request.post(`${site}/api/auth/register`, {
        data: { ...w.person, userName, password, pub: first.profile?.pub },
        headers: { 'x-locale': locale },
      });
      expect(registered.status()).toBe(201);

      const response = await page.goto(`${site}/${locale}/profile`);
      expect(response?.headers()['cache-control']).toContain('no-store');
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      const displayName = `${w.person.firstName} ${w.person.lastName}`;
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(displayName);
      await expect(page.getByText(`@${userName}`)).toBeVisible();
      await expect(page.getByTestId('profile-about')).toHaveText(w.person.about);
      await expect(page.getByRole('tab', { name: w.comments })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText(w.noComments)).toBeVisible();
      await snap(page, `profile-${locale}`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.reload();
      await expect(page.locator('html.dark')).toHaveCount(1);
      await snap(page, `profile-${locale}-dark`);
      await page.emulateMedia({ colorScheme: 'light' });
    });

    const regenerated = await test.step('this device: names from the local identity; new names keep the key', async () => {
      const card = page.getByTestId('device-card');
      await expect(card.getByTestId('device-name')).toHaveText(first.profile?.deviceName ?? '');
      await card.getByRole('button', { name: w.generate }).click();
      await expect(card.getByTestId('device-name')).not.toHaveText(first.profile?.deviceName ?? '');
      const identity = await localIdentity(page);
      expect(identity.secret).toBe(first.secret);
      expect(identity.profile?.pub).toBe(first.profile?.pub);
      expect(identity.profile?.deviceName).not.toBe(first.profile?.deviceName);
      await expect(card.getByTestId('device-name')).toHaveText(identity.profile?.deviceName ?? '');
      return identity;
    });

    await test.step('Update Profile: the shared rules in the browser, then the change saved and shown', async () => {
      await page.getByRole('button', { name: w.update }).click();
      const updateDialog = page.getByRole('dialog', { name: w.update });
      await expect(updateDialog.getByLabel(w.firstName, { exact: true })).toHaveValue(w.person.firstName);
      await updateDialog.getByLabel(w.firstName, { exact: true }).fill('M');
      await updateDialog.getByLabel(w.about, { exact: true }).focus();
      await expect(updateDialog.getByText(w.min2)).toBeVisible();
      await expect(updateDialog.getByLabel(w.firstName, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await snap(page, `profile-${locale}-update-dialog`, false);
      await updateDialog.getByLabel(w.firstName, { exact: true }).fill(w.renamed.firstName);
      await updateDialog.getByLabel(w.lastName, { exact: true }).fill(w.renamed.lastName);
      await updateDialog.getByRole('button', { name: w.save }).click();
      await expect(updateDialog).toBeHidden();
      await expect(page.getByText(w.updated, { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${w.renamed.firstName} ${w.renamed.lastName}`);
    });

    await test.step('Change Password: a wrong current password lands on its field; the right one succeeds', async () => {
      await page.getByRole('button', { name: w.change, exact: true }).click();
      const passwordDialog = page.getByRole('dialog', { name: w.change });
      await passwordDialog.getByLabel(w.current, { exact: true }).fill('not-my-password');
      await passwordDialog.getByLabel(w.newPassword, { exact: true }).fill('second-pass-2');
      await passwordDialog.getByLabel(w.confirm, { exact: true }).fill('second-pass-2');
      await passwordDialog.getByRole('button', { name: w.changeSubmit, exact: true }).click();
      await expect(passwordDialog.getByText(w.wrongCurrent)).toBeVisible();
      await expect(passwordDialog.getByLabel(w.current, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await snap(page, `profile-${locale}-password-dialog`, false);
      if (process.env.SCREENSHOTS) {
        await page.emulateMedia({ colorScheme: 'dark' });
        await expect(page.locator('html.dark')).toHaveCount(1);
        await snap(page, `profile-${locale}-password-dialog-dark`, false);
        await page.emulateMedia({ colorScheme: 'light' });
      }
      await passwordDialog.getByLabel(w.current, { exact: true }).fill(password);
      await passwordDialog.getByRole('button', { name: w.changeSubmit, exact: true }).click();
      await expect(passwordDialog).toBeHidden();
      await expect(page.getByText(w.changed, { exact: true })).toBeVisible();
    });

    await test.step('devices: a sign-in elsewhere with the new password is a second device, which can be revoked', async () => {
      const otherPub = 'ab'.repeat(32);
      const other = await fetch(`${site}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
        },
        body: JSON.stringify({ userName, password: 'second-pass-2', pub: otherPub }),
      });
      expect(other.status).toBe(200);

      // This browser is marked, with its user agent; the other one can be revoked.
      await page.reload();
      await page.getByRole('tab', { name: w.devices }).click();
      const devices = page.getByRole('list', { name: w.devices });
      await expect(devices.getByRole('listitem')).toHaveCount(2);
      const here = devices.locator('li[data-current]');
      await expect(here).toHaveCount(1);
      await expect(here.getByText(w.thisDevice)).toBeVisible();
      await expect(here.getByText(regenerated.profile?.deviceName ?? '')).toBeVisible();
      await expect(here).toContainText(await page.evaluate(() => navigator.userAgent));
      await snap(page, `profile-${locale}-devices`);
      const elsewhere = devices.getByRole('listitem').filter({ hasText: w.otherDevice });
      await elsewhere.getByRole('button', { name: new RegExp(`^${w.revoke}`) }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText(w.otherDevice);
      await snap(page, `profile-${locale}-revoke-dialog`, false);
      await confirm.getByRole('button', { name: w.confirmRevoke }).click();
      await expect(page.getByText(w.revoked, { exact: true })).toBeVisible();
      await expect(devices.getByRole('listitem')).toHaveCount(1);
      const otherCookie = other.headers.get('set-cookie')?.split(';')[0] ?? '';
      const otherSession = await fetch(`${site}/api/_auth/session`, { headers: { cookie: otherCookie } });
      expect(((await otherSession.json()) as { loggedIn: boolean }).loggedIn).toBe(false);
    });

    await test.step('logout forgets the device key, the local profile and the inbox; a fresh identity follows', async () => {
      expect(await inboxCount(page, true)).toBe(1);
      await page.getByRole('button', { name: w.logout }).click();
      await expect(page).toHaveURL(`${site}/${locale}`);
      await expect.poll(async () => (await localIdentity(page)).profile?.pub).not.toBe(first.profile?.pub);
      const after = await localIdentity(page);
      expect(after.secret).not.toBe(first.secret);
      expect(after.profile?.pub).toMatch(/^[0-9a-f]{64}$/);
      expect(await inboxCount(page)).toBe(0);
    });
  });
}

test('revoking the device in use signs this browser out (fa, phone width)', async ({ page, installedSite }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${installedSite.url}/fa`);
  await expect.poll(async () => (await localIdentity(page)).profile?.pub).toMatch(/^[0-9a-f]{64}$/);
  const before = await localIdentity(page);
  const person = { firstName: 'روباه', lastName: 'زیرک', about: 'یک خوانندهٔ کنجکاو' };
  const registered = await page.request.post(`${installedSite.url}/api/auth/register`, {
    data: { ...person, userName: 'revoke-self', password: 'revoke-pass', pub: before.profile?.pub },
  });
  expect(registered.status()).toBe(201);
  await page.goto(`${installedSite.url}/fa/profile`);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('روباه زیرک');
  await snap(page, 'profile-fa-phone');
  await page.getByRole('tab', { name: words.fa.devices }).click();
  const here = page.getByRole('list', { name: words.fa.devices }).locator('li[data-current]');
  await here.getByRole('button', { name: new RegExp(`^${words.fa.revoke}`) }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('این همان دستگاهی است که اکنون با آن کار می‌کنید');
  await confirm.getByRole('button', { name: words.fa.confirmRevoke }).click();
  await expect(page).toHaveURL(`${installedSite.url}/fa/login`);
  expect(
    ((await (await page.request.get(`${installedSite.url}/api/_auth/session`)).json()) as { loggedIn: boolean }).loggedIn,
  ).toBe(false);
  await expect.poll(async () => (await localIdentity(page)).secret).not.toBe(before.secret);
});
