import { expect, showColorScheme, snap, test } from './fixtures';

/*
 * A page's own schedule in the editor (issue 40 §2): set on the site's clock (Jalali in Persian,
 * a 24-hour time), shown in the editor and the pages list; the warning a save into a scheduled
 * build gets (P1). Instants come from the clock, never from a fixed date.
 */

/** A week from now, as the English date field takes it, on the site's clock (Asia/Tehran by default). */
function weekAhead() {
  const day = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(day);
}

test('en: a page is scheduled to publish alone from the editor, listed with its badge, and cancelled', async ({
  page,
  freshSite,
  login,
}) => {
  await login('owner', freshSite);
  const saved = await page.request.put(`${freshSite.url}/api/pages/en/logs/planned`, {
    headers: { 'if-none-match': '*' },
    data: { frontMatter: { title: 'Planned post', date: '2026-12-01' }, body: 'Out next week.' },
  });
  expect(saved.status()).toBe(200);
  await page.goto(`${freshSite.url}/en/manage/editor/en/logs/planned`);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const panel = page.getByTestId('page-schedule');
  await expect(panel).toContainText('No schedule: the page is published with the open build.');

  // Nothing chosen: said beside the fields, nothing sent.
  await panel.getByRole('button', { name: 'Save the schedule' }).click();
  await expect(panel.getByText('Choose a time to publish, to go back to draft, or both')).toBeVisible();

  await panel.getByLabel('Publish this page alone at a time').check();
  await panel.getByLabel('Date', { exact: true }).fill(weekAhead());
  await panel.getByLabel('Time', { exact: true }).fill('25:00');
  await panel.getByRole('button', { name: 'Save the schedule' }).click();
  await expect(panel.getByText('Write the time as hours and minutes on a 24-hour clock, such as 17:30')).toBeVisible();
  await panel.getByLabel('Time', { exact: true }).fill('09:30');
  await panel.getByRole('button', { name: 'Save the schedule' }).click();
  await expect(panel.getByTestId('page-schedule-summary')).toContainText('Publishes alone on');
  await expect(panel.getByTestId('page-schedule-summary')).toContainText('9:30');
  const stored = await (await page.request.get(`${freshSite.url}/api/pages/en/logs/planned/schedule`)).json();
  expect(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Tehran',
      dateStyle: 'short',
      timeStyle: 'short',
      hourCycle: 'h23',
    }).format(new Date(stored.publishAt)),
  ).toBe(`${weekAhead()}, 09:30`);
  await showColorScheme(page, 'light');
  await snap(page, 'page-schedule-editor-en-light');
  await showColorScheme(page, 'dark');
  await snap(page, 'page-schedule-editor-en-dark');

  await page.goto(`${freshSite.url}/en/manage/pages`);
  await expect(page.locator('[data-schedule="publish"]')).toContainText('Publishes');
  await snap(page, 'page-schedule-list-en');

  await page.goto(`${freshSite.url}/en/manage/editor/en/logs/planned`);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.getByTestId('page-schedule').getByRole('button', { name: 'Cancel the schedule' }).click();
  await expect(page.getByTestId('page-schedule')).toContainText('No schedule');
});

test('fa: a save into a scheduled build is told when it publishes itself (P1); the Jalali picker sets a page schedule', async ({
  page,
  freshSite,
  login,
}) => {
  await login('owner', freshSite);
  await page.request.put(`${freshSite.url}/api/pages/fa/logs/planned`, {
    headers: { 'if-none-match': '*' },
    data: { frontMatter: { title: 'نوشتهٔ برنامه‌ریزی‌شده' }, body: 'هفتهٔ بعد.' },
  });
  // A week from now, 09:30 in Tehran (06:00 UTC).
  const at = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
  at.setUTCHours(6, 0, 0, 0);
  expect((await page.request.post(`${freshSite.url}/api/builds/publish`, { data: { at: at.toISOString() } })).status()).toBe(202);
  await page.goto(`${freshSite.url}/fa/manage/editor/fa/about`);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const notice = page.getByTestId('build-scheduled-notice');
  await expect(notice).toContainText('ساخت باز در');
  await expect(notice).toContainText('۹:۳۰');
  await expect(notice).toContainText('در پایین برایش زمان انتشار جداگانه بگذارید');

  const panel = page.getByTestId('page-schedule');
  await panel.getByLabel('بازگرداندن به پیش‌نویس در زمانی معین').check();
  await panel.getByRole('button', { name: 'ذخیرهٔ زمان‌بندی' }).click();
  await expect(panel.getByText('تاریخ و ساعت را برگزینید')).toBeVisible();
  await showColorScheme(page, 'light');
  await snap(page, 'page-schedule-editor-fa-light');
  await showColorScheme(page, 'dark');
  await snap(page, 'page-schedule-editor-fa-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'page-schedule-editor-fa-phone');
});
