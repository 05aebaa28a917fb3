import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { settings } from '../../server/db/schema';
import { SITE_ADDRESS_KEY } from '../../server/services/site';
import { createSessionCookie, startInstalledServer, withSiteDatabase } from '../support/install';
import type { RunningServer } from '../support/server';
import { linkIn, type SmtpCatcher, startSmtpServer } from '../support/smtp';
import { expect, showColorScheme, snap, test } from './fixtures';

/*
 * Issue 34 §1 as a reader meets it: the site's HTML shown by another origin — a webmail showing a
 * newsletter issue, a site showing the public API's HTML — loads every image in Chromium (published
 * media answer `Cross-Origin-Resource-Policy: cross-origin`, addresses are absolute), while an image
 * that is not published yet stays refused to anyone from anywhere.
 */

let smtp: SmtpCatcher;
let site: RunningServer;
let elsewhere: Server;
/** The other origin: another port serves whatever HTML a test puts here. */
const shown = new Map<string, string>();
let elsewhereUrl = '';

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  site = await startInstalledServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Daftar <news@daftar.test>' });
  elsewhere = createServer((request, response) => {
    const html = shown.get(request.url ?? '');
    response.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html ?? 'not here');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereUrl = `http://localhost:${(elsewhere.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => elsewhere?.close(resolve));
  await site?.stop();
  await smtp?.close();
});

/** The site's API as its owner, from a script (no browser, so no Origin to check). */
async function asOwner(method: string, path: string, body?: unknown | FormData) {
  const cookie = await createSessionCookie(site, 'owner');
  const form = body instanceof FormData;
  const response = await fetch(`${site.url}${path}`, {
    method,
    headers: {
      cookie: `${cookie.name}=${cookie.value}`,
      'x-locale': 'en',
      ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}: ${response.status}`).toBeLessThan(300);
  return response.json();
}

/** A photo wide enough to get WebP copies (`srcset`), uploaded as the editor's upload button does. */
async function uploadPhoto(name: string, color: string): Promise<{ url: string; width: number; height: number }> {
  const bytes = await sharp({ create: { width: 1600, height: 900, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  return (await asOwner('POST', '/api/media', form)) as { url: string; width: number; height: number };
}

/** Every image of the page has finished, and how each one came out. */
async function imagesOf(page: Page) {
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  return page.evaluate(() =>
    [...document.images].map((image) => ({ src: image.currentSrc || image.src, width: image.naturalWidth, id: image.id })),
  );
}

test('another origin shows a newsletter issue’s and the public API’s images; a pending image stays refused', async ({ page }) => {
  test.setTimeout(120_000);
  let pendingUrl = '';
  await test.step('publish a page with a photo; upload a second photo and leave it unpublished', async () => {
    const photo = await uploadPhoto('sunset.jpg', '#c2410c');
    const body = `Before the photo.\n\n![A sunset](${photo.url}#${photo.width}x${photo.height})\n\n[About us](/en/about)`;
    await asOwner('PUT', '/api/pages/en/logs/far-away', { frontMatter: { title: 'Far away', date: '2026-01-02' }, body });
    await asOwner('POST', '/api/builds/publish', { title: 'Far away' });
    pendingUrl = (await uploadPhoto('not-yet.jpg', '#1d4ed8')).url;
  });

  let issueHtml = '';
  await test.step('a reader subscribes and receives the issue', async () => {
    const reader = `reader-${Date.now()}@example.test`;
    const subscribed = await fetch(`${site.url}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: reader, locale: 'en' }),
    });
    expect(subscribed.status).toBe(202);
    const [confirmation] = await smtp.waitFor(reader);
    const token = new URL(linkIn(confirmation!, /http:\/\/[^\s]+\/en\/newsletter\/confirm\?token=[\w-]+/)).searchParams.get(
      'token',
    );
    const confirmed = await fetch(`${site.url}/api/newsletter/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(confirmed.status).toBe(200);
    await asOwner('POST', '/api/newsletter/issues', { locale: 'en', path: 'logs/far-away' });
    const [, issue] = await smtp.waitFor(reader, 2);
    issueHtml = issue!.html;
  });

  await test.step('the issue, opened from another origin as a webmail shows it: every image loads', async () => {
    shown.set('/mail', issueHtml);
    await page.goto(`${elsewhereUrl}/mail`);
    const images = await imagesOf(page);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.src.startsWith(`${site.url}/media/`), image.src).toBe(true);
      expect(image.width, image.src).toBeGreaterThan(0);
    }
    await snap(page, 'cross-origin-mail');
  });

  await test.step('the public API’s HTML, shown by another site: the photo and its WebP copies load', async () => {
    const apiPage = (await (await fetch(`${site.url}/api/public/pages/en/logs/far-away`)).json()) as { html: string };
    expect(apiPage.html).not.toMatch(/(src|srcset|href)="\/(?!\/)/);
    shown.set(
      '/api',
      `<!doctype html><html lang="en"><body><article>${apiPage.html}</article>` +
        `<img id="pending" alt="" src="${site.url}${pendingUrl}"></body></html>`,
    );
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${elsewhereUrl}/api`);
      const images = await imagesOf(page);
      const photo = images.find((image) => image.id !== 'pending');
      // The browser picked one of the copies from the absolute srcset, and it loaded.
      expect(photo?.src, `at ${width}px`).toMatch(new RegExp(`^${site.url}/media/.+\\.w\\d+\\.webp$`));
      expect(photo!.width, `at ${width}px`).toBeGreaterThan(0);
      await expect(page.getByRole('link', { name: 'About us' })).toHaveAttribute('href', `${site.url}/en/about`);
      // The unpublished photo: refused to the reader, from another origin as from anywhere.
      expect(images.find((image) => image.id === 'pending')?.width).toBe(0);
    }
    await snap(page, 'cross-origin-api');
  });

  await test.step('a pending image answers 404 to anonymous requests from any origin', async () => {
    const requests: Record<string, string>[] = [
      {},
      { origin: elsewhereUrl, 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of requests) {
      const answer = await fetch(`${site.url}${pendingUrl}`, { headers });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
  });
});

test('the overview tells the owner, in both languages, when the site has no address for its mailed links', async ({
  page,
  freshSite,
  login,
}) => {
  // A site installed before the address was recorded, run without SITE_URL.
  await withSiteDatabase(freshSite, (db) => db.delete(settings).where(eq(settings.key, SITE_ADDRESS_KEY)));
  await login('owner', freshSite);
  for (const locale of ['en', 'fa'] as const) {
    await page.goto(`${freshSite.url}/${locale}/manage`);
    const notice = page.getByRole('status').filter({ hasText: 'SITE_URL=https://example.com' });
    await expect(notice).toContainText(
      locale === 'en' ? 'Mail with links is not being sent' : 'ایمیل‌های پیوند‌دار فرستاده نمی‌شوند',
    );
    await expect(notice.locator('code[dir="ltr"]')).toHaveText('SITE_URL=https://example.com');
    for (const scheme of ['light', 'dark'] as const) {
      await showColorScheme(page, scheme);
      await snap(page, `site-address-notice-${locale}-${scheme}`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, `site-address-notice-${locale}-phone`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await showColorScheme(page, 'light');
  }
  // An editor (no settings.edit) is not told what only the owner can change.
  await login('editor', freshSite);
  await page.goto(`${freshSite.url}/en/manage`);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Mail with links is not being sent')).toHaveCount(0);
});
