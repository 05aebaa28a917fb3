import { describe, expect, it } from 'vitest';
import { createAuthoringSite } from '../../tests/support/authoring';
import { commitFiles } from '../../tests/support/content-repo';
import { createMemoryPageCache } from '../http/page-cache';
import { syncContent } from './content-sync';
import { readSettings, saveSettings } from './settings';

const page = (title: string, extra = '') => `---\ntitle: "${title}"\n${extra}---\n\nText of ${title}.\n`;

/** Persian and English logs in «notes» and «tuts», with a draft, a noindex page and an undated page in «notes». */
async function categorisedSite() {
  const pageCache = createMemoryPageCache();
  const site = await createAuthoringSite({}, { pageCache });
  const files: Record<string, string> = {
    'content/fa/logs/note-draft.md': page('پیش‌نویس', 'date: 2026-03-01\ncat: notes\ndraft: true\n'),
    'content/fa/logs/note-hidden.md': page('پنهان', 'date: 2026-03-02\ncat: notes\nnoindex: true\n'),
    'content/fa/note-undated.md': page('بی‌تاریخ', 'cat: notes\n'),
    'content/fa/logs/tut-1.md': page('آموزش ۱', 'date: 2026-01-05\ncat: tuts\n'),
    'content/en/logs/en-note.md': page('English note', 'date: 2026-01-07\ncat: notes\n'),
  };
  for (let i = 1; i <= 3; i++) files[`content/fa/logs/note-${i}.md`] = page(`یادداشت ${i}`, `date: 2026-02-0${i}\ncat: notes\n`);
  commitFiles(site.deps.contentRepository!.location, files, 'Categorised pages');
  const result = await syncContent(site.deps.db, site.deps.contentRepository!);
  expect(result.problems).toEqual([]);
  return site;
}

const entries = (body: string) => [...body.matchAll(/<entry><title>([^<]*)<\/title>/g)].map((match) => match[1]);

describe('category feeds (/{locale}/cats/{slug}/feed.xml)', () => {
  it('lists the category’s public dated pages newest first, named after the category in the feed’s language', async () => {
    const { app } = await categorisedSite();
    const response = await app.request('/fa/cats/notes/feed.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const body = await response.text();
    // Drafts, noindex pages, undated pages, other categories and the other language stay out.
    expect(entries(body).slice(0, 3)).toEqual(['یادداشت 3', 'یادداشت 2', 'یادداشت 1']);
    for (const other of ['پیش‌نویس', 'پنهان', 'بی‌تاریخ', 'آموزش ۱', 'English note']) expect(body).not.toContain(other);
    expect(body).toContain('<title>یادداشت‌ها - دفتر</title>');
    expect(body).toContain('<link rel="self" type="application/atom+xml" href="http://localhost/fa/cats/notes/feed.xml"/>');
    expect(body).toContain('<link rel="alternate" type="text/html" href="http://localhost/fa/cats/notes"/>');
    expect(body).toContain('<id>http://localhost/fa/cats/notes/feed.xml</id>');
    const en = await (await app.request('/en/cats/notes/feed.xml')).text();
    expect(en).toContain('<title>Notes - Daftar</title>');
    expect(entries(en)).toContain('English note');
    expect(entries(en)).not.toContain('یادداشت 1');
  });

  it('is 404 for a category the settings do not have, and an empty feed for one without pages yet', async () => {
    const site = await categorisedSite();
    const { app } = site;
    for (const cat of ['nope', 'Notes', '%3Cscript%3E', 'notes%2F..', "notes'--", '%D9%86'])
      expect((await app.request(`/fa/cats/${cat}/feed.xml`)).status, cat).toBe(404);
    expect((await app.request('/xx/cats/notes/feed.xml')).status).toBe(404);
    const { settings } = await readSettings(site.deps.db);
    await saveSettings(site.deps, {
      ...settings,
      cats: [...settings.cats, 'empty'],
      catLabels: { ...settings.catLabels, empty: { fa: 'خالی', en: 'Empty' } },
    });
    const empty = await app.request('/en/cats/empty/feed.xml');
    expect(empty.status).toBe(200);
    expect(entries(await empty.text())).toEqual([]);
  });

  it('is cached like the other feeds, and a settings change (the category’s name) shows at once', async () => {
    const site = await categorisedSite();
    expect((await site.app.request('/fa/cats/notes/feed.xml')).headers.get('x-cache')).toBe('MISS');
    const hit = await site.app.request('/fa/cats/notes/feed.xml');
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(entries(await hit.text())[0]).toBe('یادداشت 3');
    expect(hit.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const { settings } = await readSettings(site.deps.db);
    await saveSettings(site.deps, { ...settings, catLabels: { ...settings.catLabels, notes: { fa: 'دفترچه', en: 'Notes' } } });
    const after = await site.app.request('/fa/cats/notes/feed.xml');
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(await after.text()).toContain('<title>دفترچه - دفتر</title>');
  });
});
