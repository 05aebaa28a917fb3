import { weeklyDigestMail } from '../../server/mail/account-mail';
import { createSessionCookie } from '../support/install';
import { expect, snap, test } from './fixtures';

/*
 * The owner's weekly digest (issue 27 item 4) in the browser: the profile offers its box to owners
 * only, off by default, and keeps the choice; the mail as a reader sees it (fa and en). The
 * sending itself is tested against the real SMTP server in server/services/weekly-digest.test.ts.
 */

const words = {
  en: { digest: 'A weekly digest of the site (owners)', replies: 'A reply to one of my comments' },
  fa: { digest: 'گزارش هفتگی سایت (مالکان)', replies: 'پاسخی به یکی از دیدگاه‌هایم' },
} as const;

for (const locale of ['fa', 'en'] as const) {
  const w = words[locale];
  test(`the profile offers the weekly digest to owners only, off by default, and keeps it (${locale})`, async ({
    browser,
    freshSite,
  }) => {
    for (const role of ['member', 'owner'] as const) {
      const context = await browser.newContext();
      const cookie = await createSessionCookie(freshSite, role);
      await context.addCookies([{ ...cookie, url: freshSite.url, httpOnly: true, sameSite: 'Lax' }]);
      const page = await context.newPage();
      await page.goto(`${freshSite.url}/${locale}/profile`);
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      const card = page.getByTestId('email-card');
      await expect(card.getByLabel(w.replies)).toBeVisible();
      const box = card.getByLabel(w.digest);
      if (role === 'member') {
        await expect(box).toHaveCount(0);
      } else {
        await expect(box).not.toBeChecked();
        const saved = page.waitForResponse((r) => r.url().endsWith('/api/profile/notifications') && r.status() === 200);
        await box.click(); // a controlled box: it shows the saved choice once the server has it
        await saved;
        await expect(box).toBeChecked();
        await page.reload();
        await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
        await expect(page.getByTestId('email-card').getByLabel(w.digest)).toBeChecked();
        await page.getByTestId('email-card').scrollIntoViewIfNeeded();
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await snap(page, `digest-profile-${locale}-${scheme}`);
        }
        // The mail as a reader sees it.
        const mail = weeklyDigestMail({
          to: 'owner@example.test',
          locale,
          site: locale === 'fa' ? 'دفتر' : 'Daftar',
          siteUrl: freshSite.url,
          since: new Date('2026-11-20T08:00:00Z'),
          until: new Date('2026-11-27T08:00:00Z'),
          timeZone: 'Asia/Tehran',
          figures: { views: 1234, subscribers: 3, comments: 4, pending: 2, outdated: 1 },
          links: { dashboard: '/x', newsletter: '/x', comments: '/x', outdated: '/x' },
          unsubscribeUrl: `${freshSite.url}/${locale}/notifications/unsubscribe?token=t`,
          unsubscribeApi: `${freshSite.url}/api/notifications/unsubscribe?token=t`,
        });
        await page.emulateMedia({ colorScheme: 'light' });
        await page.setContent(mail.html);
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'fa' ? 'rtl' : 'ltr');
        await expect(page.locator('li').first()).toContainText(locale === 'fa' ? '۱۲۳۴' : '1234');
        await snap(page, `digest-mail-${locale}`);
      }
      await context.close();
    }
  });
}
