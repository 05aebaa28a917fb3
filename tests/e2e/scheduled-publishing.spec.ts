import { expect, snap, test } from './fixtures';

/** Tomorrow's date on the browser's clock, as the date field takes it. */
function tomorrow() {
  const day = new Date(Date.now() + 24 * 60 * 60 * 1000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

test('en: a build is scheduled for tomorrow from the builds screen, shown with its time, and cancelled', async ({
  page,
  freshSite,
  login,
}) => {
  await login('owner', freshSite);
  const saved = await page.request.put(`${freshSite.url}/api/pages/en/logs/planned`, {
    headers: { 'if-none-match': '*' },
    data: { frontMatter: { title: 'Planned post', date: '2026-12-01' }, body: 'Out tomorrow.' },
  });
  expect(saved.status()).toBe(200);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${freshSite.url}/en/manage/builds`);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);

  await page.getByLabel('Publish later').check();
  // A time is needed: an empty date is refused beside the fields, nothing is sent.
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Choose a date and a time')).toBeVisible();
  await page.getByLabel('Date', { exact: true }).fill(tomorrow());
  await page.getByLabel('Time', { exact: true }).fill('09:30');
  await page.getByLabel('Build title (optional)').fill('Tomorrow morning');
  await page.getByRole('button', { name: 'Schedule' }).click();

  const notice = page.getByRole('status').filter({ hasText: 'This build publishes itself on' });
  await expect(notice).toContainText('9:30');
  await expect(notice).toContainText('Scheduled by Owner Person');
  await snap(page, 'builds-scheduled-en');
  // Still unpublished.
  const anonymous = await page.context().browser()?.newContext();
  expect((await anonymous?.request.get(`${freshSite.url}/en/logs/planned`))?.status()).toBe(404);
  await anonymous?.close();

  await page.getByRole('button', { name: 'Cancel the schedule' }).click();
  await expect(page.getByText('Schedule cancelled: the build stays open', { exact: true })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('fa: a scheduled build shows its time in the Jalali calendar, Tehran time', async ({ page, freshSite, login }) => {
  await login('owner', freshSite);
  await page.request.put(`${freshSite.url}/api/pages/fa/logs/planned`, {
    headers: { 'if-none-match': '*' },
    data: { frontMatter: { title: 'نوشتهٔ برنامه‌ریزی‌شده' }, body: 'فردا منتشر می‌شود.' },
  });
  // A week from now, 09:30 in Tehran (06:00 UTC; Iran keeps UTC+3:30 all year): always in the future.
  const at = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
  at.setUTCHours(6, 0, 0, 0);
  const scheduled = await page.request.post(`${freshSite.url}/api/builds/publish`, { data: { at: at.toISOString() } });
  expect(scheduled.status()).toBe(202);
  await page.goto(`${freshSite.url}/fa/manage/builds`);
  const notice = page.getByTestId('scheduled-notice').locator('xpath=ancestor::*[@role="status"]');
  // The expected words from ICU's Persian calendar directly, e.g. «سه‌شنبه ۱۰ آذر ۱۴۰۵، ساعت ۹:۳۰».
  const jalali = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('fa-IR-u-ca-persian', { ...options, timeZone: 'Asia/Tehran' }).format(at);
  await expect(notice).toContainText(`${jalali({ weekday: 'long' })} ${jalali({ dateStyle: 'long' })}، ساعت ۹:۳۰`);
  await expect(notice).toContainText('۹:۳۰');
  await snap(page, 'builds-scheduled-fa');
});
