import { expect, test } from './fixtures';

/**
 * Site search (docs/content.md "Search") on the installed site's sample content: the Persian
 * reading list says کتاب (Persian kaf and yeh); the English samples include "Writing in Markdown".
 */
test.describe('search', () => {
  test('fa: Arabic kaf and yeh find a page that says کتاب, typed into the header box after pressing /', async ({
    page,
    installedSite,
  }) => {
    await page.goto(`${installedSite.url}/fa`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const box = page.getByRole('search', { name: 'جست‌وجو در سایت' }).getByRole('searchbox');
    // `/` focuses the box once the page is interactive.
    await expect(async () => {
      await page.locator('body').press('/');
      await expect(box).toBeFocused({ timeout: 500 });
    }).toPass();
    await box.fill('كتابي');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/fa\/search\?q=/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('كتابي');
    await expect(page).toHaveTitle(/^جست‌وجو: كتابي/);
    const results = page.getByRole('list', { name: 'نتیجه‌های جست‌وجو' });
    const hit = results.getByRole('link', { name: /فهرست مطالعه/ });
    await expect(hit).toBeVisible();
    // The match is highlighted in the page's own (Persian) spelling, and counted in Persian digits.
    await expect(results.locator('mark').first()).toHaveText(/^کتابی/);
    await expect(page.getByTestId('search-count')).toHaveText(/^[۰-۹]+ نتیجه برای «كتابي»$/);
    // The header box shows the query it answered; a result leads to its page.
    await expect(box).toHaveValue('كتابي');
    await hit.click();
    await expect(page).toHaveURL(/\/fa\/logs\/reading-list$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('فهرست مطالعه');
  });

  test('en: a prefix finds the Markdown tour; empty and no-results states; results differ per query', async ({
    page,
    installedSite,
  }) => {
    await page.goto(`${installedSite.url}/en/search`);
    await expect(page.getByText('What are you looking for?')).toBeVisible();
    const form = page.getByRole('main').getByRole('search');
    // On the search page `/` goes to the page's own field.
    await expect(async () => {
      await page.locator('body').press('/');
      await expect(form.getByRole('searchbox')).toBeFocused({ timeout: 500 });
    }).toPass();
    await form.getByRole('searchbox').fill('MARKD');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/en\/search\?q=MARKD$/);
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('link', { name: 'Writing in Markdown: A Quick Tour' })).toBeVisible();
    await expect(results.locator('mark').first()).toHaveText(/^markdown$/i);
    await expect(page.getByTestId('search-count')).toHaveText(/^\d+ results? for “MARKD”$/);

    await form.getByRole('searchbox').fill('zzqxjv');
    await form.getByRole('searchbox').press('Enter');
    await expect(page.getByText('Nothing found for “zzqxjv”')).toBeVisible();
    await expect(results).toHaveCount(0);

    // Full page loads of two queries (the anonymous page cache must not answer one with the other).
    const one = await (await fetch(`${installedSite.url}/en/search?q=markdown`)).text();
    const two = await (await fetch(`${installedSite.url}/en/search?q=bilingual`)).text();
    expect(one).toContain('Writing in Markdown');
    expect(two).toContain('A Long Guide to Bilingual Publishing');
    expect(two).not.toContain('<mark>Markdown</mark>');
    // Past the last page is a 404; a hostile query is just a query.
    expect((await fetch(`${installedSite.url}/en/search?q=markdown&page=99`)).status).toBe(404);
    const hostile = await fetch(`${installedSite.url}/en/search?q=${encodeURIComponent('"NEAR(mark* -x title:y')}`);
    expect(hostile.status).toBe(200);
    // An over-long query is explained, not searched.
    const long = await fetch(`${installedSite.url}/en/search?q=${'x'.repeat(201)}`);
    expect(long.status).toBe(200);
    expect(await long.text()).toContain('The search text is too long: use at most 200 characters.');
  });

  test('phone: an icon opens the search box, Escape closes it', async ({ page, installedSite }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${installedSite.url}/en/about`);
    const box = page.getByRole('search', { name: 'Search this site' }).getByRole('searchbox');
    await expect(box).toBeHidden();
    const icon = page.getByRole('link', { name: 'Search' });
    await expect(async () => {
      await icon.click();
      await expect(box).toBeFocused({ timeout: 500 });
    }).toPass();
    await expect(icon).toHaveAttribute('aria-expanded', 'true');
    await box.press('Escape');
    await expect(box).toBeHidden();
    await icon.click();
    await box.fill('guide');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/en\/search\?q=guide$/);
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link').first()).toBeVisible();
    await expect(box).toBeHidden();
  });
});
