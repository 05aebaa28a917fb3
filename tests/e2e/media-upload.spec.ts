import type { Page } from '@playwright/test';
import { startInstalledServer } from '../support/install';
import { expect, showColorScheme, snap, test } from './fixtures';

/*
 * Issue 34 §3: the media library's own Upload button, in Persian and English. Reached by keyboard,
 * it uploads through the editor's `POST /api/media` with its progress shown, and the new file
 * appears in the list as pending; files the server would refuse (not an image, over the site's
 * MEDIA_MAX_BYTES) are refused in the page's language before they are sent, and a file the server
 * refuses by its bytes shows the server's reason. Files dropped on the library upload the same way.
 */

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
/** The server of these tests takes at most this many bytes per file. */
const LIMIT = 4096;

const words = {
  en: {
    media: 'Media',
    upload: 'Upload images',
    hint: 'up to 4 KB each',
    uploaded: 'harbour.png uploaded',
    pending: 'Pending',
    notImage: 'notes.txt was not uploaded',
    unsupported: 'Only PNG, JPEG, WebP, GIF and AVIF images can be uploaded',
    tooLarge: 'The file is larger than the limit of 4 KB',
    bigRefused: 'big.png was not uploaded',
    fakeRefused: 'fake.png was not uploaded',
    dropped: 'dropped.png uploaded',
  },
  fa: {
    media: 'رسانه',
    upload: 'بارگذاری تصویر',
    hint: 'هر کدام تا ۴ کیلوبایت',
    uploaded: 'harbour.png بارگذاری شد',
    pending: 'در انتظار',
    notImage: 'notes.txt بارگذاری نشد',
    unsupported: 'فقط تصویرهای PNG،‏ JPEG،‏ WebP،‏ GIF و AVIF را می‌توان بارگذاری کرد',
    tooLarge: 'پرونده از حد ۴ کیلوبایت بزرگ‌تر است',
    bigRefused: 'big.png بارگذاری نشد',
    fakeRefused: 'fake.png بارگذاری نشد',
    dropped: 'dropped.png بارگذاری شد',
  },
} as const;

/**
 * Chooses files through the Upload button, pressed from the keyboard. Chromium under load now and
 * then opens no chooser for a key press made while the page is still settling: pressed again then.
 */
async function chooseByKeyboard(page: Page, name: string, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const button = page.getByRole('button', { name });
  await button.focus();
  await expect(button).toBeFocused();
  for (let attempt = 0; attempt < 3; attempt++) {
    const chooser = page.waitForEvent('filechooser', { timeout: 5000 }).catch(() => undefined);
    await page.keyboard.press('Enter');
    const opened = await chooser;
    if (opened) return opened.setFiles(files);
  }
  throw new Error('the Upload button opened no file chooser');
}

for (const locale of ['fa', 'en'] as const) {
  const w = words[locale];

  test(`${locale}: the media library uploads by its button and by a drop, and refuses in words what the server would`, async ({
    page,
    browser,
    login,
  }) => {
    const site = await startInstalledServer({ MEDIA_MAX_BYTES: String(LIMIT) });
    try {
      await login('editor', site);
      await page.goto(`${site.url}/${locale}/manage/media`);
      await expect(page.getByRole('heading', { level: 1, name: w.media })).toBeVisible();
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      await expect(page.getByTestId('media-item')).toHaveCount(0);
      // The limit the hint names is the server's, in the page's digits.
      await expect(page.getByText(w.hint)).toBeVisible();

      // Progress is shown while the file travels: the upload is held until the list shows it.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(`${site.url}/api/media`, async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.fallback();
      });
      await chooseByKeyboard(page, w.upload, [{ name: 'harbour.png', mimeType: 'image/png', buffer: PNG }]);
      const progress = page.getByTestId('media-uploads');
      await expect(progress).toContainText('harbour.png');
      await expect(progress.getByRole('progressbar')).toHaveCount(1);
      release();
      await expect(page.getByText(w.uploaded, { exact: true })).toBeVisible();
      await expect(progress).toHaveCount(0);
      const item = page.getByTestId('media-item').filter({ hasText: 'harbour-' });
      await expect(item).toContainText(w.pending);
      await expect(item.locator('img')).toHaveJSProperty('naturalWidth', 1);
      await snap(page, `media-upload-${locale}-light`);
      await showColorScheme(page, 'dark');
      await snap(page, `media-upload-${locale}-dark`);
      await showColorScheme(page, 'light');

      // Refused before sending, in the page's language: not an image, and over the limit.
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/media')) sent.push(request.url());
      });
      await chooseByKeyboard(page, w.upload, [
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
        { name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(LIMIT)]) },
      ]);
      await expect(page.getByRole('status').filter({ hasText: w.notImage })).toContainText(w.unsupported);
      await expect(page.getByRole('status').filter({ hasText: w.bigRefused })).toContainText(w.tooLarge);
      await snap(page, `media-upload-refused-${locale}`);
      expect(sent).toEqual([]);

      // Refused by the server, which reads the bytes: its reason, in the page's language.
      await chooseByKeyboard(page, w.upload, [
        { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a png at all') },
      ]);
      await expect(page.getByRole('status').filter({ hasText: w.fakeRefused })).toContainText(w.unsupported);
      expect(sent).toHaveLength(1);

      // Dropped on the library: uploaded the same way.
      await page.getByTestId('media-drop').evaluate(
        (zone, bytes) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([new Uint8Array(bytes)], 'dropped.png', { type: 'image/png' }));
          for (const type of ['dragenter', 'dragover', 'drop'])
            zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
        },
        [...PNG],
      );
      await expect(page.getByText(w.dropped, { exact: true })).toBeVisible();
      // The same bytes as harbour.png under another name: a file of its own in the list.
      await expect(page.getByTestId('media-item').filter({ hasText: 'dropped-' })).toContainText(w.pending);
      await expect(page.getByTestId('media-item')).toHaveCount(2);
      await page.waitForLoadState('networkidle');
    } finally {
      await Promise.all(browser.contexts().map((context) => context.close()));
      await site.stop();
    }
  });
}
