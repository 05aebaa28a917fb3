import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { variantWidths } from '../../common/image-variants';
import { kb, LONG_PAGE, phoneBytes, photo } from './phone-bytes';
import { useWorkerSite } from './worker-site';

/*
 * Responsive images on Workers (decision 0008): the long sample page with a 2400 × 1600 photo,
 * seen by a phone (390 px, DPR 2). Uploaded without copies (as every Workers upload was before),
 * the copy's address serves the original; uploaded again through the media library screen, the
 * browser makes the WebP copies the server asked for, the Worker checks and keeps them in D1, and
 * the phone gets the 768 px copy. The figures go to test-results/phone-bytes-workers.json.
 */
test.describe('responsive images on Cloudflare Workers (wrangler dev --local, GitHub stand-in)', () => {
  const site = useWorkerSite('workers-images-setup-token-0123');

  test('a phone gets the browser-made WebP copy of an image on Workers, not the original', async ({ browser, playwright }) => {
    test.setTimeout(240_000);
    const owner = await playwright.request.newContext({ baseURL: site.url() });
    await site.install(owner);
    const original = await photo(2400, 1600);

    // Before: the original uploaded without copies, put at the top of the long page, published.
    const upload = await owner.post('/api/media', {
      multipart: { file: { name: 'dusk.jpg', mimeType: 'image/jpeg', buffer: original } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const media = await upload.json();
    expect(media.variants).toEqual(variantWidths(2400));
    const page = await (await owner.get(`/api/pages/en/${LONG_PAGE}`)).json();
    const saved = await owner.put(`/api/pages/en/${LONG_PAGE}`, {
      data: { frontMatter: page.frontMatter, body: `![Dusk over the hills](${media.url}#2400x1600)\n\n${page.body}` },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const published = await owner.post('/api/builds/publish', { data: { title: 'A photo on the long page' } });
    expect(published.status(), await published.text()).toBe(200);
    const pageUrl = `${site.url()}/en/${LONG_PAGE}`;
    await expect.poll(async () => (await fetch(pageUrl)).status, { timeout: 60_000 }).toBe(200);
    const before = await phoneBytes(browser, pageUrl);
    expect(before.image.url).toMatch(/\.w768\.webp$/);
    expect(before.image.type).toBe('image/jpeg');
    expect(before.image.bytes).toBeGreaterThan(original.byteLength);

    // The same file through the media library screen: the browser makes and sends the copies.
    const editor = await browser.newContext({ storageState: await owner.storageState() });
    const library = await editor.newPage();
    await library.goto(`${site.url()}/en/manage/media`);
    const kept = library.waitForResponse((response) => response.url().endsWith('/api/media/variants'));
    await library.getByTestId('media-upload-input').setInputFiles({ name: 'dusk.jpg', mimeType: 'image/jpeg', buffer: original });
    const answer = await kept;
    expect(answer.status(), await answer.text()).toBe(200);
    expect((await answer.json()).widths).toEqual(variantWidths(2400));
    await editor.close();

    // Copies that cannot be sent (the connection drops) do not fail the upload: a warning in the
    // screen's language says phones will get the full-size file.
    for (const [locale, title] of [
      ['fa', 'تصویر بارگذاری شد، ولی نسخه‌های کوچک‌ترش نگه داشته نشد'],
      ['en', 'The image was uploaded, but its smaller copies were not kept'],
    ] as const)
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ storageState: await owner.storageState(), colorScheme });
        const screen = await context.newPage();
        await screen.route('**/api/media/variants', (route) => route.abort('connectionreset'));
        await screen.goto(`${site.url()}/${locale}/manage/media`);
        const sent = screen.waitForRequest((request) => request.url().endsWith('/api/media/variants'));
        const name = `hills-${locale}-${colorScheme}.jpg`;
        await screen
          .getByTestId('media-upload-input')
          .setInputFiles({ name, mimeType: 'image/jpeg', buffer: await photo(1200, 800) });
        await sent;
        const toast = screen.locator('li[data-color="warning"]');
        await expect(toast).toContainText(title);
        await expect(toast).toBeVisible();
        await expect(screen.getByTestId('media-uploads')).toBeHidden();
        if (process.env.SCREENSHOTS) {
          mkdirSync('test-results/screens', { recursive: true });
          await screen.screenshot({ path: `test-results/screens/workers-images-copies-not-kept-${locale}-${colorScheme}.png` });
        }
        await context.close();
      }

    // After: the phone gets the 768 px WebP copy, a fraction of the original.
    const after = await phoneBytes(browser, pageUrl);
    expect(after.image.url).toMatch(/\.w768\.webp$/);
    expect(after.image.type).toBe('image/webp');
    expect(after.image.bytes).toBeLessThan(original.byteLength / 4);
    const copy = await fetch(after.image.url);
    const bytes = new Uint8Array(await copy.arrayBuffer());
    expect(String.fromCharCode(...bytes.subarray(8, 12))).toBe('WEBP');

    const figures = { original: original.byteLength, before, after };
    console.log(
      `Workers, phone 390 px DPR 2, ${LONG_PAGE}: before ${kb(before.total)} (image ${kb(before.image.bytes)}), after ${kb(after.total)} (image ${kb(after.image.bytes)}); original ${kb(original.byteLength)}`,
    );
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/phone-bytes-workers.json', JSON.stringify(figures, null, 2));
  });
});
