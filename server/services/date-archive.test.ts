import { describe, expect, it } from 'vitest';
import { archiveBounds, archivePeriodName, archiveYears, parseArchiveSlug } from '../../common/date-archive';
import type { Locale } from '../../common/locales';
import { commitFiles } from '../../tests/support/content-repo';
import { createInstalledSite } from '../../tests/support/site';
import { sampleContent } from '../content/samples.generated';
import { syncContent } from './content-sync';
import { archivePeriodView, archiveView } from './public-pages';
import { readSiteState } from './site';

const page = (title: string, front: string) => `---\ntitle: "${title}"\n${front}---\n\nText.\n`;

describe('date archive addresses (common/date-archive.ts)', () => {
  it('reads a year or a month in any digits, and names the canonical address', () => {
    expect(parseArchiveSlug('fa', 'logs/1404/08')).toEqual({ period: { year: 1404, month: 8 }, slug: 'logs/1404/08' });
    expect(parseArchiveSlug('fa', 'logs/۱۴۰۴/۸')).toEqual({ period: { year: 1404, month: 8 }, slug: 'logs/1404/08' });
    expect(parseArchiveSlug('fa', 'logs/١٤٠٤/٠٨')?.slug).toBe('logs/1404/08');
    expect(parseArchiveSlug('fa', 'logs/1404/8')?.slug).toBe('logs/1404/08');
    expect(parseArchiveSlug('fa', 'logs/1404')).toEqual({ period: { year: 1404 }, slug: 'logs/1404' });
    expect(parseArchiveSlug('en', 'logs/2025/11')).toEqual({ period: { year: 2025, month: 11 }, slug: 'logs/2025/11' });
    expect(parseArchiveSlug('en', 'logs/02025/11')).toBeUndefined();
  });

  it('refuses what names no month or year of the archive', () => {
    const hostile = [
      'logs/1404/00',
      'logs/1404/13',
      'logs/1404/008',
      'logs/1404/08/01',
      'logs/1404/',
      'logs//08',
      'logs/-1404',
      'logs/1404.0',
      'logs/1e3',
      'logs/١٤٠٤x',
      'logs/1404/٠٨x',
      'logs/14 04',
      'logs/0',
      'logs/99',
      'logs/9999', // beyond the Jalali table (common/jalali.ts)
      'logs/𝟏𝟒𝟎𝟒', // mathematical digits are no digits a keyboard types
      'logs/\u200e1404',
      'Logs/1404',
      'cats/1404',
      'logs/hello',
      '',
    ];
    for (const path of hostile) expect(parseArchiveSlug('fa', path), JSON.stringify(path)).toBeUndefined();
    expect(parseArchiveSlug('en', 'logs/999')).toBeUndefined();
    expect(parseArchiveSlug('en', 'logs/9999')).toBeUndefined();
  });

  it('bounds a Jalali month by its days and by its instants in the site zone', () => {
    // 1 Aban 1404 is 23 October 2025, 1 Azar 22 November; Tehran is UTC+3:30.
    expect(archiveBounds('fa', { year: 1404, month: 8 }, 'Asia/Tehran')).toEqual({
      fromDay: '2025-10-23',
      toDay: '2025-11-22',
      fromInstant: '2025-10-22T20:30:00.000Z',
      toInstant: '2025-11-21T20:30:00.000Z',
    });
    // Esfand of the leap year 1403 has 30 days: 1 Farvardin 1404 is 21 March 2025.
    expect(archiveBounds('fa', { year: 1403, month: 12 }, 'UTC')).toMatchObject({ fromDay: '2025-02-19', toDay: '2025-03-21' });
    expect(archiveBounds('fa', { year: 1404 }, 'UTC')).toMatchObject({ fromDay: '2025-03-21', toDay: '2026-03-21' });
    expect(archiveBounds('en', { year: 2025, month: 12 }, 'America/New_York')).toEqual({
      fromDay: '2025-12-01',
      toDay: '2026-01-01',
      fromInstant: '2025-12-01T05:00:00.000Z',
      toInstant: '2026-01-01T05:00:00.000Z',
    });
  });

  it('names periods as readers say them', () => {
    expect(archivePeriodName('fa', { year: 1404, month: 8 })).toBe('آبان ۱۴۰۴');
    expect(archivePeriodName('fa', { year: 1404 })).toBe('۱۴۰۴');
    expect(archivePeriodName('en', { year: 2025, month: 11 })).toBe('November 2025');
  });

  it('counts dates by month, the timed ones on the site clock', () => {
    const dates = [
      { date: '2025-10-22', count: 2 }, // 30 Mehr
      { date: '2025-10-22T21:00:00.000Z', count: 1 }, // 00:30 on 1 Aban in Tehran
      { date: '2025-11-21T20:30:00.000Z', count: 1 }, // 00:00 on 1 Azar in Tehran
      { date: '2024-01-01', count: 5 }, // 11 Dey 1402
    ];
    expect(archiveYears('fa', dates, 'Asia/Tehran')).toEqual([
      {
        year: 1404,
        count: 4,
        months: [
          { month: 9, count: 1 },
          { month: 8, count: 1 },
          { month: 7, count: 2 },
        ],
      },
      { year: 1402, count: 5, months: [{ month: 10, count: 5 }] },
    ]);
    expect(archiveYears('fa', dates, 'UTC')[0]?.months).toEqual([
      { month: 8, count: 1 },
      { month: 7, count: 3 },
    ]);
  });
});

describe('date archives of the logs (server/services/public-pages.ts archivePeriodView)', () => {
  async function site() {
    const installed = await createInstalledSite();
    const { deps } = installed;
    // Without the sample logs, whose dates fall in 1404 too.
    const files: Record<string, string | null> = Object.fromEntries(
      sampleContent.filter((file) => file.path.includes('/logs/')).map((file) => [file.path, null]),
    );
    Object.assign(files, {
      'content/fa/logs/mehr-last.md': page('سی مهر', 'date: 2025-10-22\n'),
      'content/fa/logs/aban-first.md': page('یکم آبان', 'date: 2025-10-23\n'),
      // 00:30 on 1 Aban in Tehran, still 30 Mehr in UTC.
      'content/fa/logs/aban-night.md': page('نیمه‌شب آبان', 'date: 2025-10-22T21:00:00Z\n'),
      // 23:59 on 30 Aban in Tehran, and 00:00 on 1 Azar.
      'content/fa/logs/aban-last.md': page('واپسین دم آبان', 'date: 2025-11-21T20:29:00Z\n'),
      'content/fa/logs/azar-first.md': page('یکم آذر', 'date: 2025-11-21T20:30:00Z\n'),
      'content/fa/logs/aban-draft.md': page('پیش‌نویس آبان', 'date: 2025-11-01\ndraft: true\n'),
      'content/fa/undated.md': page('بی‌تاریخ', ''),
      'content/en/logs/november.md': page('November', 'date: 2025-11-05\n'),
    });
    // Eleven more in Dey 1404 (22 December 2025 to 20 January 2026): a second page of ten.
    for (let day = 1; day <= 11; day += 1) {
      files[`content/fa/logs/dey-${day}.md`] = page(`دی ${day}`, `date: 2026-01-${String(day).padStart(2, '0')}\n`);
    }
    commitFiles(deps.contentRepository!.location, files, 'dated pages');
    await syncContent(deps.db, deps.contentRepository!);
    const view = async (locale: Locale, slug: string, query = '', timeZone = 'Asia/Tehran') => {
      const state = await readSiteState(deps.db);
      return archivePeriodView({
        deps,
        state: { ...state, site: { ...state.site, timeZone }, locale },
        request: new Request(`http://localhost/${locale}/${slug}${query}`),
        slug,
      });
    };
    return { ...installed, view };
  }
  const slugs = (view: Awaited<ReturnType<Awaited<ReturnType<typeof site>>['view']>>) =>
    view && view.kind === 'archive' ? view.items.map((item) => item.slug) : view;

  it("lists a Jalali month's public pages, newest first, the timed ones by the site's clock", async () => {
    const { view } = await site();
    expect(slugs(await view('fa', 'logs/1404/08'))).toEqual(['logs/aban-last', 'logs/aban-first', 'logs/aban-night']);
    expect(slugs(await view('fa', 'logs/1404/07'))).toEqual(['logs/mehr-last']);
    expect(slugs(await view('fa', 'logs/1404/09'))).toEqual(['logs/azar-first']);
    // The same site on a UTC clock: the night page is on 30 Mehr, and both 21 November pages in Aban.
    expect(slugs(await view('fa', 'logs/1404/08', '', 'UTC'))).toEqual(['logs/azar-first', 'logs/aban-last', 'logs/aban-first']);
    expect(slugs(await view('fa', 'logs/1404/07', '', 'UTC'))).toEqual(['logs/aban-night', 'logs/mehr-last']);
    const month = await view('fa', 'logs/1404/08');
    expect(month).toMatchObject({ kind: 'archive', total: 3, page: 1, pageCount: 1, period: { year: 1404, month: 8 } });
    if (month?.kind !== 'archive') throw new Error('no archive');
    expect(month.seo.path).toBe('/fa/logs/1404/08');
    expect(month.seo.alternates).toEqual({ fa: '/fa/logs/1404/08' });
    expect(month.seo.switchTo).toEqual({ en: '/en/logs' });
  });

  it('lists a year, paginated like the other lists; past the last page, or a month without pages, is a 404', async () => {
    const { view } = await site();
    const year = await view('fa', 'logs/1404');
    expect(year).toMatchObject({ kind: 'archive', total: 16, page: 1, pageCount: 2 });
    const second = await view('fa', 'logs/1404', '?page=2');
    expect(second).toMatchObject({ kind: 'archive', page: 2, pageCount: 2 });
    expect(second?.kind === 'archive' && second.seo.path).toBe('/fa/logs/1404?page=2');
    expect(slugs(second)).toHaveLength(6);
    for (const query of ['?page=3', '?page=0', '?page=-1', '?page=1.5', '?page=x', '?page=']) {
      expect(await view('fa', 'logs/1404', query), query).toBeUndefined();
    }
    expect(slugs(await view('fa', 'logs/1404/10', '?page=2'))).toEqual(['logs/dey-1']);
    for (const empty of ['logs/1404/06', 'logs/1403', 'logs/1405/01', 'logs/1404/13', 'logs/nope']) {
      expect(await view('fa', empty), empty).toBeUndefined();
    }
  });

  it('sends other spellings of the address to the canonical one, keeping the query', async () => {
    const { view } = await site();
    expect(await view('fa', 'logs/۱۴۰۴/۸')).toEqual({ kind: 'redirect', to: '/fa/logs/1404/08' });
    expect(await view('fa', 'logs/1404/8', '?page=2')).toEqual({ kind: 'redirect', to: '/fa/logs/1404/08?page=2' });
    expect(await view('en', 'logs/2025/١١')).toEqual({ kind: 'redirect', to: '/en/logs/2025/11' });
  });

  it('keeps English on the Gregorian calendar', async () => {
    const { view } = await site();
    expect(slugs(await view('en', 'logs/2025/11'))).toEqual(['logs/november']);
    expect(slugs(await view('en', 'logs/2025'))).toEqual(['logs/november']);
    expect(await view('en', 'logs/1404/08')).toBeUndefined();
    expect(await view('en', 'logs/2025/10')).toBeUndefined();
  });

  it("puts the widget's years and months on the logs page, not on a category's", async () => {
    const { deps } = await site();
    const state = await readSiteState(deps.db);
    const input = { deps, state: { ...state, locale: 'fa' as const }, request: new Request('http://localhost/fa/logs') };
    const logs = await archiveView({ ...input, pageNumber: 1 });
    const y1404 = logs?.calendar.find((year) => year.year === 1404);
    expect(y1404).toEqual({
      year: 1404,
      count: 16,
      months: [
        { month: 10, count: 11 },
        { month: 9, count: 1 },
        { month: 8, count: 3 },
        { month: 7, count: 1 },
      ],
    });
    const cat = state.site.cats[0];
    if (cat) expect((await archiveView({ ...input, pageNumber: 1, cat }))?.calendar).toEqual([]);
  });
});
