import type { Browser, Page } from '@playwright/test';
import type { Locale } from '../../common/locales';
import { createSessionCookie, type Role } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, test } from './fixtures';

const PAGE = 'logs/welcome-to-daftar';

const words = {
  en: {
    heading: 'Comments',
    none: 'No comments',
    one: '1 comment',
    empty: 'No comments yet',
    signIn: 'Sign in to comment',
    box: 'Your comment',
    post: 'Post comment',
    pending: 'Thank you! Your comment will appear once a moderator approves it.',
    awaiting: 'Awaiting moderation',
    approve: 'Approve',
    approved: '1 approved',
    comment: 'Thanks for the *welcome*, see https://example.com',
    emphasis: 'welcome',
  },
  fa: {
    heading: 'دیدگاه‌ها',
    none: 'بدون دیدگاه',
    one: '۱ دیدگاه',
    empty: 'هنوز دیدگاهی نیست',
    signIn: 'برای نوشتن دیدگاه وارد شوید',
    box: 'دیدگاه شما',
    post: 'فرستادن دیدگاه',
    pending: 'سپاس! دیدگاه شما پس از تأیید مدیر نمایش داده می‌شود.',
    awaiting: 'در انتظار تأیید',
    approve: 'تأیید',
    approved: '۱ دیدگاه تأیید شد',
    comment: 'از *خوشامد* سپاس، ببینید https://example.com',
    emphasis: 'خوشامد',
  },
} as const;

/** A browser context of its own, signed in as `role` (or anonymous). */
async function visitor(browser: Browser, site: RunningServer, role?: Role): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.url });
  if (role) {
    const cookie = await createSessionCookie(site, role);
    await context.addCookies([{ ...cookie, url: site.url, httpOnly: true, sameSite: 'Lax' }]);
  }
  return context.newPage();
}

for (const locale of ['fa', 'en'] as const satisfies Locale[]) {
  const w = words[locale];

  test(`${locale}: a member comments, the moderator approves it, another reader sees it`, async ({ browser, freshSite }) => {
    const address = `/${locale}/${PAGE}`;

    const member = await visitor(browser, freshSite, 'member');
    await test.step('the thread loads after the page, empty, with its count in the header', async () => {
      await member.goto(address);
      const thread = member.getByTestId('comment-thread');
      await expect(thread.getByText(w.empty)).toBeVisible();
      await expect(member.getByTestId('comment-count')).toHaveText(w.none);
    });

    await test.step('the member posts; the first comment waits for moderation', async () => {
      await member.getByLabel(w.box).fill(w.comment);
      await member.getByRole('button', { name: w.post }).click();
      await expect(member.getByText(w.pending, { exact: true })).toBeVisible();
      const own = member.locator('[data-comment]');
      await expect(own).toHaveCount(1);
      await expect(own.getByText(w.awaiting)).toBeVisible();
      await expect(own.locator('em')).toHaveText(w.emphasis);
      await expect(own.locator('a[rel="nofollow ugc"]')).toHaveAttribute('href', 'https://example.com');
      await expect(member.getByLabel(w.box)).toHaveValue('');
    });

    const reader = await visitor(browser, freshSite);
    await test.step('an anonymous reader sees nothing yet, and a sign-in link that comes back', async () => {
      await reader.goto(address);
      await expect(reader.getByTestId('comment-thread').getByText(w.empty)).toBeVisible();
      const signIn = reader.getByRole('link', { name: w.signIn });
      await expect(signIn).toHaveAttribute('href', `/${locale}/login?redirectTo=${encodeURIComponent(`${address}#comments`)}`);
      await expect(reader.getByLabel(w.box)).toHaveCount(0);
    });

    const moderator = await visitor(browser, freshSite, 'editor');
    await test.step('the moderator approves it on the pending tab', async () => {
      await moderator.goto(`/${locale}/manage/comments/pending`);
      const row = moderator.locator('li[data-comment]');
      await expect(row).toHaveCount(1);
      await expect(row.locator('em')).toHaveText(w.emphasis);
      await row.getByRole('button', { name: w.approve }).click();
      await expect(moderator.getByText(w.approved, { exact: true })).toBeVisible();
      await expect(moderator.locator('li[data-comment]')).toHaveCount(0);
    });

    await test.step('the reader now sees the comment, and the count', async () => {
      await reader.reload();
      const comment = reader.locator('[data-comment]');
      await expect(comment).toHaveCount(1);
      await expect(comment.locator('em')).toHaveText(w.emphasis);
      await expect(comment.getByText(w.awaiting)).toHaveCount(0);
      await expect(reader.getByTestId('comment-count')).toHaveText(w.one);
    });

    for (const page of [member, reader, moderator]) await page.context().close();
  });
}

test('pages without comments load none of the thread code, and the page HTML holds no comment', async ({
  page,
  installedSite,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const comments: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/comments')) comments.push(request.url());
  });
  await page.goto(`${installedSite.url}/en/about`);
  await expect(page.getByTestId('article')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => /comment-thread/.test(url))).toEqual([]);
  expect(comments).toEqual([]);
  await expect(page.locator('#comments')).toHaveCount(0);

  const html = await (await fetch(`${installedSite.url}/en/${PAGE}`)).text();
  expect(html).toContain('id="comments"');
  expect(html).not.toContain('data-comment=');
  await page.goto(`${installedSite.url}/en/${PAGE}`);
  await expect(page.getByTestId('comment-thread')).toBeVisible();
  expect(scripts.some((url) => /comment-thread/.test(url))).toBe(true);
});

test('en: a moderator replies, edits within the window, flips the order and deletes with confirmation', async ({
  page,
  login,
  freshSite,
}) => {
  await login('editor', freshSite);
  await page.goto(`${freshSite.url}/en/${PAGE}`);
  const box = page.getByLabel('Your comment');

  await test.step('two comments, published at once', async () => {
    await box.fill('The first note');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(page.locator('[data-comment]')).toHaveCount(1);
    await box.fill('The second note');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(page.locator('[data-comment]')).toHaveCount(2);
    await expect(page.getByTestId('comment-count')).toHaveText('2 comments');
  });

  await test.step('a reply nests under its comment', async () => {
    const first = page.locator('article[data-comment]').filter({ hasText: 'The first note' });
    await first.getByRole('button', { name: 'Reply' }).click();
    await page.getByLabel('Reply to Editor Person').fill('A reply with `code`');
    await page.getByRole('button', { name: 'Post reply' }).click();
    const reply = page.locator('li li article[data-comment]');
    await expect(reply).toHaveCount(1);
    await expect(reply.locator('code')).toHaveText('code');
  });

  await test.step('edit in place', async () => {
    const second = page.locator('article[data-comment]').filter({ hasText: 'The second note' });
    await second.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByText(/You can edit it for \d+ more minutes/)).toBeVisible();
    const editor = page.getByLabel('Edit your comment');
    await expect(editor).toHaveValue('The second note');
    await editor.fill('The second note, **corrected**');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const edited = page.locator('article[data-comment]').filter({ hasText: 'corrected' });
    await expect(edited.locator('strong')).toHaveText('corrected');
    await expect(edited.getByText('edited')).toBeVisible();
  });

  await test.step('newest first, remembered across a reload', async () => {
    await page.getByRole('button', { name: 'Newest first' }).click();
    await expect(page.locator('ol > li > article[data-comment]').first()).toContainText('corrected');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Newest first' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('ol > li > article[data-comment]').first()).toContainText('corrected');
  });

  await test.step('delete asks first; cancelling keeps it, confirming removes it with its replies', async () => {
    const first = page.locator('article[data-comment]').filter({ hasText: 'The first note' }).first();
    await first.getByRole('button', { name: 'Delete' }).first().click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText('Delete this comment?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('[data-comment]')).toHaveCount(3);
    await first.getByRole('button', { name: 'Delete' }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Comment deleted', { exact: true })).toBeVisible();
    await expect(page.locator('[data-comment]')).toHaveCount(1);
    await expect(page.getByTestId('comment-count')).toHaveText('1 comment');
  });
});
