import path from 'node:path';
import { sampleContent } from '../../server/content/samples.generated';
import { commitFiles } from '../support/content-repo';
import { createSessionCookie } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, showColorScheme, snap, test } from './fixtures';

/*
 * Issue 37 §4 in the browser: the Jalali date archives (`/fa/logs/1404/08`, Gregorian in English),
 * their widget under the logs, a page published at an archive's address keeping it, other
 * spellings of the address sent to the canonical one; and Settings → Persian digits.
 * Screenshots (SCREENSHOTS=1) in fa and en, light and dark, desktop and phone.
 */

// A fresh site, a sync and many screenshots: more than the default minute on a shared machine.
test.describe.configure({ timeout: 180_000 });

const md = (title: string, front: string, body = 'Text.') => `---\ntitle: "${title}"\n${front}---\n\n${body}\n`;

async function publish(site: RunningServer, files: Record<string, string | null>) {
  commitFiles(path.join(site.dataDir, 'repo'), files, 'Dated pages');
  const { name, value } = await createSessionCookie(site, 'owner');
  const sync = await fetch(`${site.url}/api/content/sync`, { method: 'POST', headers: { cookie: `${name}=${value}` } });
  expect(sync.status).toBe(200);
}

function files() {
  // Without the sample logs, whose dates fall in 1404 too.
  const out: Record<string, string | null> = Object.fromEntries(
    sampleContent.filter((file) => file.path.includes('/logs/')).map((file) => [file.path, null]),
  );
  Object.assign(out, {
    // 1 and 30 Aban 1404, 30 Mehr; 00:30 on 1 Aban in Tehran (still 30 Mehr in UTC).
    'content/fa/logs/aban-1.md': md('یکم آبان', 'date: 2025-10-23\n', 'سفر 3 روزه در سال 1404 با `node 24` و mp3.'),
    'content/fa/logs/aban-30.md': md('سی‌ام آبان', 'date: 2025-11-21\n'),
    'content/fa/logs/mehr-30.md': md('سی‌ام مهر', 'date: 2025-10-22\n'),
    'content/fa/logs/aban-night.md': md('نیمه‌شب آبان', 'date: 2025-10-22T21:00:00Z\n'),
    // A page at an archive's address keeps it.
    'content/fa/logs/1403.md': md('سال ۱۴۰۳ در یک نگاه', ''),
    'content/en/logs/november.md': md('November notes', 'date: 2025-11-05\n'),
  });
  for (let day = 1; day <= 11; day += 1)
    out[`content/fa/logs/dey-${day}.md`] = md(`دی ${day}`, `date: 2026-01-${String(day).padStart(2, '0')}\n`);
  return out;
}

test('Jalali archives by month and year, their widget, canonical addresses; English stays Gregorian', async ({
  page,
  freshSite,
}) => {
  await publish(freshSite, files());
  const url = (address: string) => `${freshSite.url}${address}`;

  // The widget under the logs: years, then months with their counts, newest first.
  await page.goto(url('/fa/logs'));
  const widget = page.getByTestId('archive-calendar');
  await expect(widget.getByRole('heading')).toHaveText('بایگانی ماه‌به‌ماه');
  await expect(widget.getByRole('link', { name: 'آبان ۱۴۰۴: ۳ نوشته' })).toHaveAttribute('href', '/fa/logs/1404/08');
  await snap(page, 'archive-logs-widget-fa-light');
  await widget.getByRole('link', { name: 'آبان ۱۴۰۴: ۳ نوشته' }).click();
  await expect(page).toHaveURL(url('/fa/logs/1404/08'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('نوشته‌های آبان ۱۴۰۴');
  await expect(page.getByTestId('log-list').getByRole('heading')).toHaveText(['سی‌ام آبان', 'یکم آبان', 'نیمه‌شب آبان']);
  await expect(widget.locator('[aria-current="page"]')).toHaveText(/آبان/);
  // A timed date shows its day on the site's clock in the list and on the article alike (not UTC's 30 Mehr).
  const listed = await page.getByTestId('log-list').locator('li', { hasText: 'نیمه‌شب آبان' }).locator('time').textContent();
  expect(listed).toMatch(/آبان/);
  expect(await (await page.request.get(url('/fa/logs/aban-night'))).text()).toContain(`>${listed}</time>`);
  // The page is right to left, the widget's months run from the right.
  const months = widget.getByRole('link', { name: /۱۴۰۴:/ });
  const [first, second] = await Promise.all([months.nth(0).boundingBox(), months.nth(1).boundingBox()]);
  expect(first!.x).toBeGreaterThan(second!.x);
  await snap(page, 'archive-month-fa-light');
  await showColorScheme(page, 'dark');
  await snap(page, 'archive-month-fa-dark');
  await showColorScheme(page, 'light');

  // A year, paginated: 15 pages of 1404, ten a page.
  await page.goto(url('/fa/logs/1404'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('نوشته‌های ۱۴۰۴');
  await expect(page.getByTestId('log-list').locator('li')).toHaveCount(10);
  await page.getByRole('link', { name: 'قدیمی‌تر' }).click();
  await expect(page).toHaveURL(url('/fa/logs/1404?page=2'));
  await expect(page.getByTestId('log-list').locator('li')).toHaveCount(5);

  // Other spellings of the address: 301 to the canonical one; no pages, or no such month: 404.
  for (const typed of ['/fa/logs/۱۴۰۴/۸', '/fa/logs/1404/8', '/fa/logs/١٤٠٤/٠٨']) {
    const response = await fetch(url(encodeURI(typed)), { redirect: 'manual' });
    expect(response.status, typed).toBe(301);
    expect(response.headers.get('location'), typed).toBe('/fa/logs/1404/08');
  }
  for (const empty of ['/fa/logs/1404/06', '/fa/logs/1404/13', '/fa/logs/1405', '/fa/logs/1404?page=3'])
    expect((await fetch(url(empty))).status, empty).toBe(404);
  // A page at an archive's address is that page.
  await page.goto(url('/fa/logs/1403'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('سال ۱۴۰۳ در یک نگاه');

  // Phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url('/fa/logs/1404/08'));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, 'archive-month-fa-phone');
  await page.setViewportSize({ width: 1280, height: 900 });

  // English: Gregorian.
  await page.goto(url('/en/logs'));
  await page.getByTestId('archive-calendar').getByRole('link', { name: 'November 2025: 1 log' }).click();
  await expect(page).toHaveURL(url('/en/logs/2025/11'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Logs of November 2025');
  await expect(page.getByTestId('log-list').getByRole('heading')).toHaveText(['November notes']);
  await snap(page, 'archive-month-en-light');
  await showColorScheme(page, 'dark');
  await snap(page, 'archive-month-en-dark');
  expect((await fetch(url('/en/logs/1404/08'))).status).toBe(404);
});

test('Settings → Persian digits: off by default, on shows Persian digits outside code and Latin words', async ({
  page,
  freshSite,
  login,
}) => {
  await publish(freshSite, files());
  const url = (address: string) => `${freshSite.url}${address}`;
  await page.goto(url('/fa/logs/aban-1'));
  const body = page.getByTestId('content-body');
  await expect(body).toContainText('سفر 3 روزه در سال 1404');

  await login('owner', freshSite);
  await page.goto(url('/fa/manage/settings'));
  const toggle = page.getByRole('switch', { name: 'عددهای صفحه‌های فارسی با رقم فارسی نشان داده شوند' });
  await expect(toggle).not.toBeChecked();
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  await expect(page.getByText('کد، نشانی‌ها، واژه‌های لاتین')).toBeVisible();
  await snap(page, 'settings-persian-digits-fa-light');
  await page.getByRole('button', { name: 'ذخیرهٔ تنظیمات' }).click();
  await expect(page.getByText('تنظیمات ذخیره شد').first()).toBeVisible();
  await showColorScheme(page, 'dark');
  await snap(page, 'settings-persian-digits-fa-dark');
  await page.goto(url('/en/manage/settings'));
  await expect(page.getByRole('switch', { name: 'Show numbers in Persian pages with Persian digits' })).toBeChecked();
  await snap(page, 'settings-persian-digits-en-dark');
  await showColorScheme(page, 'light');

  await page.goto(url('/fa/logs/aban-1'));
  await expect(body).toContainText('سفر ۳ روزه در سال ۱۴۰۴');
  await expect(body.locator('code')).toHaveText('node 24');
  await expect(body).toContainText('mp3');
  await page.goto(url('/en/logs/november'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('November notes');
});
