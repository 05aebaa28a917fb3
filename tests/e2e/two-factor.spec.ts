import type { Page } from '@playwright/test';
import { RECENT_CONFIRMATION_MS } from '../../common/two-factor';
import { totpCode } from '../../server/auth/totp';
import { sessions } from '../../server/db/schema';
import { ACCOUNTS, createSessionCookie, type Role, withSiteDatabase } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, showColorScheme, test } from './fixtures';
import { accountFields } from './words';

const words = {
  en: {
    ...accountFields.en,
    login: 'Log in',
    security: 'Two-factor sign-in',
    setUp: 'Set up an authenticator app',
    code: 'Authentication code',
    turnOn: 'Turn on',
    on: 'On',
    verify: 'Verify',
    wrong: 'This code is not correct',
    left: 'Recovery codes left: 9',
    passkeyName: 'Passkey name',
    addPasskey: 'Add a passkey',
    passkeySignIn: 'Sign in with a passkey',
    usePasskey: 'Use a passkey',
    setupTitle: 'Set up two-factor sign-in',
    saved: 'I have saved them',
    turnOff: 'Turn off',
    off: 'Off',
    confirmTitle: 'Confirm it is you',
    confirmPassword: 'Password',
    confirmCode: 'Code from your authenticator app, or a recovery code',
    useCode: 'Use a code instead',
    confirm: 'Confirm',
    passwordWrong: 'The current password is not correct',
    regenerate: 'Make new recovery codes',
  },
  fa: {
    ...accountFields.fa,
    login: 'ورود',
    security: 'ورود دومرحله‌ای',
    setUp: 'راه‌اندازی برنامهٔ احراز هویت',
    code: 'کد احراز هویت',
    turnOn: 'روشن کردن',
    on: 'روشن',
    verify: 'تأیید',
    wrong: 'این کد درست نیست',
    left: 'کدهای بازیابی باقی‌مانده: ۹',
    passkeyName: 'نام گذرکلید',
    addPasskey: 'افزودن گذرکلید',
    passkeySignIn: 'ورود با گذرکلید',
    usePasskey: 'به کار بردن گذرکلید',
    setupTitle: 'راه‌اندازی ورود دومرحله‌ای',
    saved: 'آن‌ها را نگه داشتم',
    turnOff: 'خاموش کردن',
    off: 'خاموش',
    confirmTitle: 'تأیید کنید که خودتان هستید',
    confirmPassword: 'گذرواژه',
    confirmCode: 'کد برنامهٔ احراز هویت یا یک کد بازیابی',
    useCode: 'به‌جایش کد وارد می‌کنم',
    confirm: 'تأیید',
    passwordWrong: 'گذرواژهٔ کنونی درست نیست',
    regenerate: 'ساختن کدهای بازیابی تازه',
  },
} as const;
type Locale = keyof typeof words;

/** Screens for review (test-results/screens/two-factor-…), light and dark. */
async function snap(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await showColorScheme(page, scheme);
    await page.screenshot({ path: `test-results/screens/two-factor-${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** WebAuthn needs a domain name, not an address: the same server as `localhost`. */
const origin = (site: RunningServer) => site.url.replace('127.0.0.1', 'localhost');

/** Persian digits for the code field, as a Persian keyboard types them. */
const persianDigits = (code: string) => code.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));

async function signInWithPassword(page: Page, site: RunningServer, locale: Locale, role: Role) {
  const w = words[locale];
  await page.goto(`${origin(site)}/${locale}/login`);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.getByLabel(w.userName, { exact: true }).fill(ACCOUNTS[role].userName);
  await page.getByLabel(w.password, { exact: true }).fill(ACCOUNTS[role].password);
  await page.getByRole('button', { name: w.login, exact: true }).click();
}

async function signedInAs(page: Page) {
  return page.evaluate(async () => {
    const session = (await (await fetch('/api/_auth/session')).json()) as { user: { username: string } | null };
    return session.user?.username ?? null;
  });
}

async function openSecurity(page: Page, site: RunningServer, locale: Locale) {
  await page.goto(`${origin(site)}/${locale}/profile`);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.getByRole('tab', { name: words[locale].security }).click();
  await expect(page.getByTestId('security-section')).toBeVisible();
}

for (const locale of ['en', 'fa'] as const) {
  const w = words[locale];

  test(`${locale}: turn on the authenticator, sign in with its code, and with a recovery code once but not twice`, async ({
    page,
    context,
    freshSite,
  }) => {
    await signInWithPassword(page, freshSite, locale, 'editor');
    await expect(page).not.toHaveURL(/\/login/);
    await openSecurity(page, freshSite, locale);
    await page.getByRole('button', { name: w.setUp }).click();
    const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(page.getByTestId('totp-qr')).toBeVisible();
    await expect(page.getByLabel(w.code)).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(page.getByLabel(w.code)).toHaveAttribute('inputmode', 'numeric');
    // The step before now turns it on, so the sign-in below has a step of its own.
    await page.getByLabel(w.code).fill(await totpCode(secret as string, Date.now() - 30_000));
    await page.getByRole('button', { name: w.turnOn }).click();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    const codes = (await page.getByTestId('recovery-codes').locator('li').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await expect(page.getByTestId('security-section').getByText(w.on, { exact: true })).toBeVisible();
    await snap(page, `profile-${locale}`);

    // Password, then the code (typed with Persian digits in Persian), by keyboard alone.
    await context.clearCookies();
    await signInWithPassword(page, freshSite, locale, 'editor');
    await expect(page).toHaveURL(/\/login\/two-factor/);
    await expect(page.getByLabel(w.code)).toBeVisible();
    await snap(page, `step-${locale}`);
    expect(await signedInAs(page)).toBeNull();
    const now = await totpCode(secret as string, Date.now());
    await page.getByLabel(w.code).fill(locale === 'fa' ? persianDigits(now) : now);
    await page.getByLabel(w.code).press('Enter');
    await expect(page).not.toHaveURL(/\/login/);
    expect(await signedInAs(page)).toBe('editor');

    // A recovery code: once…
    await context.clearCookies();
    await signInWithPassword(page, freshSite, locale, 'editor');
    await page.getByLabel(w.code).fill(codes[0] as string);
    await page.getByRole('button', { name: w.verify }).click();
    await expect(page).not.toHaveURL(/\/login/);
    expect(await signedInAs(page)).toBe('editor');
    await openSecurity(page, freshSite, locale);
    await expect(page.getByTestId('recovery-left')).toHaveText(w.left);
    // …and not twice.
    await context.clearCookies();
    await signInWithPassword(page, freshSite, locale, 'editor');
    await page.getByLabel(w.code).fill(codes[0] as string);
    await page.getByRole('button', { name: w.verify }).click();
    await expect(page.getByText(w.wrong)).toBeVisible();
    await expect(page).toHaveURL(/\/login\/two-factor/);
    expect(await signedInAs(page)).toBeNull();
  });

  // Walk-through D14: a code typed the moment the step appeared was wiped when its data arrived.
  // The step now offers no field until `GET /api/auth/two-factor` has answered (held back here
  // for 3 s, page loads included), so a code typed or filled in the moment the field appears is
  // the one sent.
  test(`${locale}: a code typed the moment the step's field appears, on a slow answer, is kept and sent (D14)`, async ({
    page,
    context,
    freshSite,
  }) => {
    await signInWithPassword(page, freshSite, locale, 'editor');
    await expect(page).not.toHaveURL(/\/login/);
    await openSecurity(page, freshSite, locale);
    await page.getByRole('button', { name: w.setUp }).click();
    const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret')) as string;
    await page.getByLabel(w.code).fill(await totpCode(secret, Date.now() - 30_000));
    await page.getByRole('button', { name: w.turnOn }).click();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    const recovery = (await page.getByTestId('recovery-codes').locator('li').first().textContent())?.trim() as string;

    await context.clearCookies();
    let held = 0;
    await page.route(/\/api\/auth\/two-factor$/, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.fallback();
    });
    const verified: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/auth/two-factor/')) verified.push(request.url());
    });
    for (const how of ['navigation', 'reload'] as const) {
      if (how === 'navigation') await signInWithPassword(page, freshSite, locale, 'editor');
      else {
        await context.clearCookies();
        await signInWithPassword(page, freshSite, locale, 'editor');
        await expect(page).toHaveURL(/\/login\/two-factor/);
        // A document load of the step (a reload, a bookmark): the server's page, then the script.
        await page.reload({ waitUntil: 'commit' });
      }
      await expect(page).toHaveURL(/\/login\/two-factor/);
      const field = page.getByLabel(w.code);
      // Nothing to type into while the answer is on its way…
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      await expect(field).toHaveCount(0);
      // …then typed the moment it appears, as a password manager fills it.
      await field.waitFor();
      // The authenticator's code the first time, a recovery code the second (a code is good once).
      const code = how === 'navigation' ? await totpCode(secret, Date.now()) : recovery;
      const typed = locale === 'fa' ? persianDigits(code) : code;
      await field.fill(typed);
      await expect(field).toHaveValue(typed);
      await field.press('Enter');
      await expect(page).not.toHaveURL(/\/login/);
      expect(await signedInAs(page)).toBe('editor');
    }
    expect(held).toBeGreaterThanOrEqual(2);
    expect(verified.length).toBe(2);
  });

  test(`${locale}: register a passkey with the virtual authenticator, sign in with it alone and as the second factor`, async ({
    page,
    context,
    freshSite,
  }) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    await signInWithPassword(page, freshSite, locale, 'member');
    await expect(page).not.toHaveURL(/\/login/);
    await openSecurity(page, freshSite, locale);
    await page.getByLabel(w.passkeyName).fill(locale === 'fa' ? 'لپ‌تاپ آزمون' : 'Test laptop');
    await page.getByRole('button', { name: w.addPasskey }).click();
    await expect(page.getByTestId('passkey-list')).toContainText(locale === 'fa' ? 'لپ‌تاپ آزمون' : 'Test laptop');
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);

    // Password-less.
    await context.clearCookies();
    await page.goto(`${origin(freshSite)}/${locale}/login`);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await page.getByRole('button', { name: w.passkeySignIn }).click();
    await expect(page).not.toHaveURL(/\/login/);
    expect(await signedInAs(page)).toBe('member');

    // As the second factor after the password.
    await context.clearCookies();
    await signInWithPassword(page, freshSite, locale, 'member');
    await expect(page).toHaveURL(/\/login\/two-factor/);
    await page.getByRole('button', { name: w.usePasskey }).click();
    await expect(page).not.toHaveURL(/\/login/);
    expect(await signedInAs(page)).toBe('member');
  });

  test(`${locale}: an account of a role the owner requires two factors of is sent to set-up, then to the dashboard`, async ({
    page,
    freshSite,
  }) => {
    const owner = await createSessionCookie(freshSite, 'owner');
    const put = await fetch(`${freshSite.url}/api/settings/security`, {
      method: 'PUT',
      headers: { cookie: `${owner.name}=${owner.value}`, 'content-type': 'application/json' },
      body: JSON.stringify({ requireTwoFactor: true }),
    });
    expect(put.status).toBe(200);
    await signInWithPassword(page, freshSite, locale, 'editor');
    await expect(page).toHaveURL(/\/login\/two-factor/);
    await expect(page.getByRole('heading', { name: w.setupTitle })).toBeVisible();
    expect(await signedInAs(page)).toBeNull();
    // No dashboard until it is done.
    await page.goto(`${origin(freshSite)}/${locale}/manage`);
    await expect(page).toHaveURL(/\/login/);
    await page.goBack();
    await expect(page.getByRole('heading', { name: w.setupTitle })).toBeVisible();
    await page.getByRole('button', { name: w.setUp }).click();
    const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
    await snap(page, `setup-${locale}`);
    await page.getByLabel(w.code).fill(await totpCode(secret as string, Date.now()));
    await page.getByRole('button', { name: w.turnOn }).click();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await page.getByRole('button', { name: w.saved }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/manage`));
    expect(await signedInAs(page)).toBe('editor');
  });

  test(`${locale}: a session whose sign-in is not recent confirms with the password or a code before recovery changes (F-46)`, async ({
    page,
    freshSite,
  }) => {
    await signInWithPassword(page, freshSite, locale, 'member');
    await expect(page).not.toHaveURL(/\/login/);
    await openSecurity(page, freshSite, locale);
    await page.getByRole('button', { name: w.setUp }).click();
    const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret')) as string;
    await page.getByLabel(w.code).fill(await totpCode(secret, Date.now() - 30_000));
    await page.getByRole('button', { name: w.turnOn }).click();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await page.getByRole('button', { name: w.saved }).click();

    // The sign-in is now older than the window: as a stolen cookie would be.
    await withSiteDatabase(freshSite, (db) =>
      db.update(sessions).set({ confirmedAt: new Date(Date.now() - RECENT_CONFIRMATION_MS - 60_000) }),
    );
    await page.getByRole('button', { name: w.turnOff }).click();
    await page.getByTestId('security-section').getByRole('button', { name: w.turnOff }).click();
    const dialog = page.getByRole('dialog', { name: w.confirmTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(w.confirmPassword).fill('not the password');
    await dialog.getByRole('button', { name: w.confirm, exact: true }).click();
    await expect(dialog.getByText(w.passwordWrong)).toBeVisible();
    await snap(page, `confirm-${locale}`);
    // Cancelling changes nothing: the authenticator stays on.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('security-section').getByText(w.on, { exact: true })).toBeVisible();

    // New recovery codes, confirmed with a code from the app.
    await page.getByRole('button', { name: w.regenerate }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: w.useCode }).click();
    await dialog.getByLabel(w.confirmCode).fill(await totpCode(secret, Date.now()));
    await dialog.getByRole('button', { name: w.confirm, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await page.getByRole('button', { name: w.saved }).click();

    // Within the window the next change needs nothing more; past it, the password does.
    await withSiteDatabase(freshSite, (db) =>
      db.update(sessions).set({ confirmedAt: new Date(Date.now() - RECENT_CONFIRMATION_MS - 60_000) }),
    );
    // The "turn off?" question is still open from the cancelled try: its button asks again.
    await page.getByTestId('security-section').getByRole('button', { name: w.turnOff }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(w.confirmPassword).fill(ACCOUNTS.member.password);
    await dialog.getByRole('button', { name: w.confirm, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('security-section').getByText(w.off, { exact: true })).toBeVisible();
  });
}
