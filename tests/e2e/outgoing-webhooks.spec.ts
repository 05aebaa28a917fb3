import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { startInstalledServer } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, showColorScheme, snap, test } from './fixtures';

const words = {
  en: {
    title: 'Webhooks',
    empty: 'No webhook endpoints yet',
    add: 'Add endpoint',
    dialog: 'Add a webhook endpoint',
    url: 'Address (URL)',
    comment: 'Comment created',
    secretTitle: "The endpoint's signing secret",
    saved: 'I have saved it',
    test: 'Send test event',
    log: 'Delivery log',
    delivered: 'Delivered',
    ping: 'Test event',
    del: 'Delete',
    delTitle: 'Delete this endpoint?',
    delConfirm: 'Delete endpoint',
    privateRefused: 'private, loopback or link-local',
    menu: 'Webhooks',
  },
  fa: {
    title: 'وب‌هوک‌ها',
    empty: 'هنوز نشانی وب‌هوکی نیست',
    add: 'افزودن نشانی',
    dialog: 'افزودن نشانی وب‌هوک',
    url: 'نشانی (URL)',
    comment: 'ثبت دیدگاه',
    secretTitle: 'رمز امضای این نشانی',
    saved: 'آن را نگه داشتم',
    test: 'فرستادن رویداد آزمایشی',
    log: 'گزارش ارسال‌ها',
    delivered: 'رسید',
    ping: 'رویداد آزمایشی',
    del: 'حذف',
    delTitle: 'این نشانی حذف شود؟',
    delConfirm: 'حذف نشانی',
    privateRefused: 'خصوصی، loopback یا link-local',
    menu: 'وب‌هوک‌ها',
  },
} as const;

type Received = { headers: IncomingHttpHeaders; body: string; path: string };

test.describe('outgoing webhooks', () => {
  const received: Received[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body, path: request.url ?? '' });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  let receiverUrl = '';
  let site: RunningServer;
  let strictSite: RunningServer;

  test.beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    // This site may reach the local receiver; the strict one keeps the default (no private addresses).
    site = await startInstalledServer({ OUTGOING_WEBHOOKS_ALLOW_PRIVATE: 'true' });
    strictSite = await startInstalledServer();
  });
  test.afterAll(async () => {
    await site?.stop();
    await strictSite?.stop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  async function screenshots(page: Page, name: string) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await showColorScheme(page, colorScheme);
      await snap(page, `${name}-${colorScheme}`);
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
      expect(serious, `${name} ${colorScheme}`).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  for (const locale of ['fa', 'en'] as const) {
    const w = words[locale];
    test(`the owner adds an endpoint, keeps its secret, sends a test event and sees it in the delivery log (${locale})`, async ({
      page,
      login,
    }) => {
      await login('owner', site);
      await page.goto(`${site.url}/${locale}/manage/webhooks`);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'fa' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();
      await expect(page.getByRole('navigation').getByRole('link', { name: w.menu })).toBeVisible();
      // A fresh site per locale is not needed: each locale's endpoint has its own path.
      if (!(await page.getByTestId('webhook-endpoint').count())) await expect(page.getByText(w.empty)).toBeVisible();
      await screenshots(page, `webhooks-empty-${locale}`);

      await page.getByRole('button', { name: w.add }).click();
      const dialog = page.getByRole('dialog', { name: w.dialog });
      await dialog.getByLabel(w.url).fill(`${receiverUrl}/${locale}`);
      await dialog.getByLabel(w.comment).check();
      await snap(page, `webhooks-add-${locale}`);
      await dialog.getByRole('button', { name: w.add }).click();

      const secretDialog = page.getByRole('dialog', { name: w.secretTitle });
      await expect(secretDialog).toBeVisible();
      const secret = await secretDialog.getByTestId('webhook-secret').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await snap(page, `webhooks-secret-${locale}`);
      await secretDialog.getByRole('button', { name: w.saved }).click();
      await expect(secretDialog).toBeHidden();

      const card = page.getByTestId('webhook-endpoint').filter({ hasText: `${receiverUrl}/${locale}` });
      await expect(card).toBeVisible();
      // The secret is not on the page any more.
      expect(await page.content()).not.toContain(secret);

      const before = received.length;
      await card.getByRole('link', { name: w.log }).click();
      await card.getByRole('button', { name: w.test }).click();
      await expect.poll(() => received.filter((r) => r.path === `/${locale}`).length).toBeGreaterThan(0);
      const [delivery] = received.slice(before).filter((r) => r.path === `/${locale}`);
      if (!delivery) throw new Error('no delivery');
      // The receiver verifies the signature with the secret it was shown.
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers['x-daftar-signature'])) ?? [];
      expect(createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex')).toBe(v1);
      expect(JSON.parse(delivery.body)).toMatchObject({ event: 'ping' });

      const log = page.getByTestId('delivery-log');
      await expect(log.getByRole('heading', { name: w.log })).toBeVisible();
      await expect(async () => {
        await log.getByRole('button').first().click();
        await expect(log.getByTestId('delivery-row').first()).toContainText(w.delivered, { timeout: 1000 });
      }).toPass();
      await expect(log.getByTestId('delivery-row').first()).toContainText(w.ping);
      await expect(log.getByTestId('delivery-code').first()).toHaveText(locale === 'fa' ? '۲۰۰' : '200');
      await screenshots(page, `webhooks-log-${locale}`);

      // Delete, after confirming.
      await card.getByRole('button', { name: w.del }).click();
      const confirm = page.getByRole('alertdialog', { name: w.delTitle });
      await expect(confirm).toContainText(`${receiverUrl}/${locale}`);
      await confirm.getByRole('button', { name: w.delConfirm }).click();
      await expect(card).toHaveCount(0);
    });

    test(`a private address is refused with a message in the page's language (${locale})`, async ({ page, login }) => {
      await login('owner', strictSite);
      await page.goto(`${strictSite.url}/${locale}/manage/webhooks`);
      await page.getByRole('button', { name: w.add }).click();
      const dialog = page.getByRole('dialog', { name: w.dialog });
      await dialog.getByLabel(w.url).fill('http://169.254.169.254/latest/meta-data/');
      await dialog.getByRole('button', { name: w.add }).click();
      await expect(dialog.getByText(w.privateRefused)).toBeVisible();
      await snap(page, `webhooks-refused-${locale}`);
    });
  }

  test('an editor neither sees the menu entry nor opens the screen', async ({ page, login }) => {
    await login('editor', site);
    const response = await page.goto(`${site.url}/en/manage/webhooks`);
    expect(response?.status()).toBe(403);
    await page.goto(`${site.url}/en/manage`);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Webhooks' })).toHaveCount(0);
  });
});
