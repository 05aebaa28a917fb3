import { createSessionCookie, startInstalledServer } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, snap, test } from './fixtures';

/*
 * One clock (issue 34 §2): three zones at once. The server runs in UTC, the browser in Los
 * Angeles, the site is set to Tehran; every dashboard screen and a public page with comments must
 * show every time in Tehran time, with no console error (a hydration mismatch, React's #418, is
 * one) — in Persian and in English.
 */

const SITE_ZONE = 'Asia/Tehran';
test.use({ timezoneId: 'America/Los_Angeles' });

/** Hours and minutes of an instant on Tehran's wall clock (`9:05` and `09:05`: both spellings are read). */
function tehranClock(at: number): string[] {
  const [hour, minute] = new Intl.DateTimeFormat('en-GB', {
    timeZone: SITE_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .split(':');
  const h12 = Number(hour) % 12 || 12;
  return [`${hour}:${minute}`, `${Number(hour)}:${minute}`, `${h12}:${minute}`, `${String(h12).padStart(2, '0')}:${minute}`];
}

/** Every `H:MM` a page shows, Persian and Arabic digits read as ASCII; offsets (`UTC+03:30`) and ISO instants left out. */
function clockTimes(text: string): string[] {
  const ascii = text
    .replace(/[۰-۹]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/UTC[+\u2212-]\d{2}:\d{2}/g, '')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?/g, '');
  return [...ascii.matchAll(/(?<![\d:])(\d{1,2}):(\d{2})(?![\d])/g)].map((match) => match[0]);
}

let site: RunningServer;
let started: number;
let scheduledAt: Date;

test.beforeAll(async () => {
  started = Date.now();
  site = await startInstalledServer({ TZ: 'UTC' });
});
test.afterAll(async () => {
  await site?.stop();
});

test('every dashboard screen and a page with comments tell Tehran time to a browser in Los Angeles from a server in UTC', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const cookie = await createSessionCookie(site, 'owner');
  await context.addCookies([{ ...cookie, url: site.url, httpOnly: true, sameSite: 'Lax' }]);
  const api = page.request;
  const url = (path: string) => `${site.url}${path}`;

  // The site's zone, set as an owner would (Tehran is also the default).
  const settings = await (await api.get(url('/api/settings'))).json();
  expect((await api.put(url('/api/settings'), { data: { ...settings, timeZone: SITE_ZONE } })).status()).toBe(200);

  // Times to show: a published build, a pending change, a scheduled publish, comments, sessions.
  const save = (path: string, title: string) =>
    api.put(url(`/api/pages/fa/logs/${path}`), {
      headers: { 'if-none-match': '*' },
      data: { frontMatter: { title, comments: true }, body: 'ساعت این نوشته به وقت تهران است.' },
    });
  expect((await save('clock', 'ساعت سایت')).status()).toBe(200);
  expect((await api.post(url('/api/builds/publish'), { data: { title: 'clock' } })).status()).toBe(200);
  for (const body of ['دیدگاه نخست دربارهٔ ساعت.', 'دیدگاه دوم.'])
    expect((await api.post(url('/api/comments'), { data: { locale: 'fa', path: 'logs/clock', body } })).status()).toBe(201);
  expect((await save('clock-later', 'بعداً')).status()).toBe(200);
  // A week ahead at 21:45 in Tehran (18:15 UTC; Iran keeps UTC+3:30 all year): a time far from now.
  scheduledAt = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
  scheduledAt.setUTCHours(18, 15, 0, 0);
  expect((await api.post(url('/api/builds/publish'), { data: { at: scheduledAt.toISOString() } })).status()).toBe(202);

  const screens = [
    'manage',
    'manage/pages',
    'manage/media',
    'manage/builds',
    'manage/settings',
    'manage/newsletter',
    'manage/users',
    'manage/users/roles',
    'manage/comments',
    'manage/comments/approved',
    'manage/editor/fa/logs/clock-later',
    'manage/history/fa/logs/clock',
    'manage/api',
    'manage/webhooks',
    'manage/redirects',
    'manage/redirects/not-found',
    'profile',
  ];
  let seen = 0;
  for (const locale of ['fa', 'en'] as const) {
    for (const screen of [...screens.map((path) => `/${locale}/${path}`), '/fa/logs/clock']) {
      await page.goto(url(screen));
      if (screen.includes('/manage') || screen.endsWith('/profile'))
        await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      else await expect(page.locator('[data-island="comments"] time').first()).toBeVisible();
      // Until now, on Tehran's clock: every minute since the site was installed, and the schedule.
      const allowed = new Set([...tehranClock(scheduledAt.getTime())]);
      for (let at = started - 60_000; at <= Date.now() + 60_000; at += 60_000)
        for (const text of tehranClock(at)) allowed.add(text);
      const text = await page.locator('body').innerText();
      const times = clockTimes(text);
      const strays = times.filter((time) => !allowed.has(time));
      expect(strays, `${screen}: times not on Tehran's clock (allowed ${[...allowed].join(' ')})`).toEqual([]);
      seen += times.length;
    }
  }

  // The screens did show times (the test cannot pass on pages without any), and named the zone.
  expect(seen).toBeGreaterThan(20);
  for (const locale of ['fa', 'en'] as const) {
    await page.goto(url(`/${locale}/manage/builds`));
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    const zone = locale === 'fa' ? 'وقت عادی ایران' : 'Iran Standard Time';
    await expect(page.getByTestId('history-zone')).toContainText(zone);
    const notice = page.getByTestId('scheduled-notice').locator('xpath=ancestor::*[@role="status"]');
    await expect(notice).toContainText(locale === 'fa' ? '۲۱:۴۵' : '9:45 PM');
    await expect(notice).toContainText(zone);
    await snap(page, `site-clock-builds-${locale}`);
  }
});
