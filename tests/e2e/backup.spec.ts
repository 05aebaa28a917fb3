import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readBackup } from '../../platforms/node/backup';
import { expect, snap, test } from './fixtures';

/*
 * "Download a backup" on the settings screen: the owner clicks and receives the same archive as
 * the CLI's (restore's checks accept it); while it is made the button says so; a failure shows a
 * toast; nobody but an owner sees the section.
 */

const words = {
  en: {
    heading: 'Backup',
    download: 'Download a backup',
    making: 'Making the backup…',
    done: 'Backup downloaded',
    failed: 'The backup could not be made',
  },
  fa: {
    heading: 'پشتیبان',
    download: 'بارگیری پشتیبان',
    making: 'در حال ساختن پشتیبان…',
    done: 'پشتیبان بارگیری شد',
    failed: 'ساختن پشتیبان ممکن نشد',
  },
} as const;

async function openSettings(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

for (const locale of ['en', 'fa'] as const) {
  const w = words[locale];

  test(`${locale}: the owner downloads a backup that restore accepts`, async ({ page, installedSite, login }) => {
    await login('owner');
    await openSettings(page, `${installedSite.url}/${locale}/manage/settings`);
    const section = page.getByRole('region', { name: w.heading, exact: true });
    await expect(section).toBeVisible();
    const button = section.getByRole('button', { name: w.download });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^daftar-backup-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'daftar-e2e-backup-')), download.suggestedFilename());
    await download.saveAs(file);
    const { manifest } = readBackup(file);
    // The worker's shared site has at least its owner, editor and member (other tests may add users).
    expect(manifest.counts.users).toBeGreaterThanOrEqual(3);
    expect(manifest.files.some((entry) => entry.path === 'database/daftar.db')).toBe(true);
    await expect(page.getByText(w.done).first()).toBeVisible();
    await expect(button).toBeEnabled();
    await snap(page, `settings-backup-${locale}`);
  });
}

test('while the archive is made the button says so; a failure shows a toast with the reason', async ({
  page,
  installedSite,
  login,
}) => {
  const w = words.en;
  await login('owner');
  await openSettings(page, `${installedSite.url}/en/manage/settings`);
  let answer: (() => Promise<void>) | undefined;
  const held = new Promise<void>((resolve) => {
    void page.route('**/api/backup', (route) => {
      answer = () => route.fulfill({ status: 500, json: { statusCode: 500, message: 'The disk is full' } }).then(() => resolve());
    });
  });
  const button = page.getByRole('button', { name: w.download });
  await button.click();
  const busy = page.getByRole('button', { name: w.making });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  await expect.poll(() => Boolean(answer)).toBe(true);
  await answer?.();
  await held;
  await expect(page.getByText(w.failed).first()).toBeVisible();
  await expect(page.getByText('The disk is full').first()).toBeVisible();
  await expect(page.getByRole('button', { name: w.download })).toBeEnabled();
});

test('editors and members do not see the section', async ({ page, installedSite, login }) => {
  for (const role of ['editor', 'member'] as const) {
    await page.context().clearCookies();
    await login(role);
    const response = await page.goto(`${installedSite.url}/en/manage/settings`);
    if (response?.status() === 200) {
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.getByRole('button', { name: words.en.download })).toHaveCount(0);
    }
    // The API says the same, whatever the screen shows.
    const api = await page.request.get(`${installedSite.url}/api/backup`);
    expect(api.status()).toBe(403);
  }
});
