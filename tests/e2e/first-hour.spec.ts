import type { Page, Route } from '@playwright/test';
import { startInstalledServer } from '../support/install';
import type { RunningServer } from '../support/server';
import { linkIn, type SmtpCatcher, startSmtpServer } from '../support/smtp';
import { expect, snap, test } from './fixtures';

/*
 * Issue 34 §3, the owner's first hour, in both languages: forms keep what was typed before the
 * page's script took over (the settings screen, the login form), and inviting someone by e-mail
 * from the users screen through to their first sign-in, with the real local SMTP server.
 */

const words = {
  en: {
    siteName: 'Site name (English)',
    save: 'Save settings',
    saved: 'Settings saved',
    userName: 'User name',
    newUser: 'New user',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail address',
    sendInvite: 'Send invitation',
    invited: 'Invitation sent',
    waiting: 'Waiting for confirmation',
    confirmed: 'Confirmed',
    password: 'Password',
    repeat: 'Repeat the password',
    choose: 'Choose your password',
    setPassword: 'Set password',
  },
  fa: {
    siteName: 'نام سایت (فارسی)',
    save: 'ذخیرهٔ تنظیمات',
    saved: 'تنظیمات ذخیره شد',
    userName: 'نام کاربری',
    newUser: 'کاربر تازه',
    firstName: 'نام',
    lastName: 'نام خانوادگی',
    email: 'نشانی ایمیل',
    sendInvite: 'فرستادن دعوت‌نامه',
    invited: 'دعوت‌نامه فرستاده شد',
    waiting: 'در انتظار تأیید',
    confirmed: 'تأییدشده',
    password: 'گذرواژه',
    repeat: 'تکرار گذرواژه',
    choose: 'گذرواژه‌تان را برگزینید',
    setPassword: 'ثبت گذرواژه',
  },
} as const;

/**
 * Holds back the page's scripts (the server-rendered HTML shows, nothing hydrates) until the
 * answer's `release()`: a person typing on a slow connection before the script arrives.
 */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (route: Route) => {
    await released;
    await route.fallback();
  };
  await page.route(/\/assets\/.*\.js$/, handler);
  return {
    release: async () => {
      release();
      await page.unroute(/\/assets\/.*\.js$/, handler);
    },
  };
}

for (const locale of ['en', 'fa'] as const) {
  const w = words[locale];

  test(`${locale}: settings typed before the page finished loading are kept, not merged into the loaded name`, async ({
    page,
    freshSite,
    login,
  }) => {
    await login('owner', freshSite);
    const held = await holdScripts(page);
    await page.goto(`${freshSite.url}/${locale}/manage/settings`, { waitUntil: 'commit' });
    const name = page.getByLabel(w.siteName);
    await expect(name).toBeVisible();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    const typed = locale === 'fa' ? 'دفتر سفر مریم' : 'Maryam travels';
    await name.fill(typed);
    await held.release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(name).toHaveValue(typed);
    const save = page.getByRole('button', { name: w.save });
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText(w.saved).first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(w.siteName)).toHaveValue(typed);
  });

  test(`${locale}: a user name typed on the login page before it finished loading is kept`, async ({ page, installedSite }) => {
    const held = await holdScripts(page);
    await page.goto(`${installedSite.url}/${locale}/login`, { waitUntil: 'commit' });
    const field = page.getByLabel(w.userName, { exact: true });
    await expect(field).toBeVisible();
    await field.fill('editor');
    await held.release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(field).toHaveValue('editor');
  });
}

test.describe('inviting by e-mail', () => {
  let smtp: SmtpCatcher;
  let site: RunningServer;
  test.beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startInstalledServer({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Daftar <site@daftar.test>',
      MAIL_FROM_FA: 'دفتر <site@daftar.test>',
    });
  });
  test.afterAll(async () => {
    await site?.stop();
    await smtp?.close();
  });

  for (const locale of ['fa', 'en'] as const) {
    const w = words[locale];
    test(`${locale}: the owner invites by e-mail; the person chooses a password from the mail and signs in; the list shows the address`, async ({
      page,
      browser,
      login,
    }) => {
      const email = `guest-${locale}-${Date.now()}@example.test`;
      const userName = `guest_${locale}`;
      await login('owner', site);
      await page.goto(`${site.url}/${locale}/manage/users/all`);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await page.getByRole('button', { name: w.newUser }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(w.firstName, { exact: true }).fill('Sara');
      await dialog.getByLabel(w.lastName, { exact: true }).fill('Karimi');
      await dialog.getByLabel(w.userName, { exact: true }).fill(userName);
      await dialog.getByLabel(w.email, { exact: true }).fill(email);
      // The invitation is the first choice: no password fields.
      await expect(dialog.getByLabel(w.password, { exact: true })).toHaveCount(0);
      await snap(page, `first-hour-invite-dialog-${locale}`);
      await dialog.getByRole('button', { name: w.sendInvite }).click();
      await expect(page.getByText(w.invited).first()).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: userName });
      await expect(row.getByTestId('user-pending-email')).toContainText(email);
      await expect(row.getByTestId('user-pending-email')).toContainText(w.waiting);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await snap(page, `first-hour-users-pending-${locale}-${scheme}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });

      const [mail] = await smtp.waitFor(email);
      if (!mail) throw new Error('no invitation');
      expect(mail.sender).toContain(locale === 'fa' ? 'دفتر' : 'Daftar');
      const link = linkIn(mail, new RegExp(`http://[^\\s"]+/${locale}/reset-password\\?token=[\\w-]+`));

      const guest = await (await browser.newContext()).newPage();
      await guest.goto(link);
      await expect(guest.getByRole('heading', { name: w.choose })).toBeVisible();
      await expect(guest.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await guest.getByLabel(w.password, { exact: true }).fill('guest chosen passphrase 42');
      await guest.getByLabel(w.repeat, { exact: true }).fill('guest chosen passphrase 42');
      await snap(guest, `first-hour-invite-choose-${locale}`);
      await guest.getByRole('button', { name: w.setPassword }).click();
      await expect(guest.getByRole('status')).toContainText(locale === 'fa' ? 'گذرواژهٔ شما ثبت شد' : 'Your password is set');
      await guest.context().close();

      await page.reload();
      const confirmed = page.getByRole('row').filter({ hasText: userName }).getByTestId('user-email');
      await expect(confirmed).toContainText(email);
      await expect(confirmed).toContainText(w.confirmed);
      await page.setViewportSize({ width: 390, height: 844 });
      await snap(page, `first-hour-users-confirmed-phone-${locale}`);
    });
  }
});
