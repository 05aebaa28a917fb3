import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../common/site-settings';
import { client } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { commitFiles } from '../../tests/support/content-repo';
import { createInstalledSite } from '../../tests/support/site';
import { syncContent } from './content-sync';
import { contentPageView } from './public-pages';
import { readSiteState } from './site';

const PAGE = '---\ntitle: "سفر"\n---\n\nسه روز در سال 1404 با `node 24` و mp3 گذشت.\n';

describe('Settings → Persian digits (common/persian-digits.ts)', () => {
  async function site() {
    const installed = await createInstalledSite();
    const { deps } = installed;
    commitFiles(deps.contentRepository!.location, { 'content/fa/trip.md': PAGE, 'content/en/trip.md': PAGE }, 'pages');
    await syncContent(deps.db, deps.contentRepository!);
    const body = async (locale: 'fa' | 'en') => {
      const state = { ...(await readSiteState(deps.db)), locale };
      const view = await contentPageView({ deps, state, request: new Request(`http://localhost/${locale}/trip`), slug: 'trip' });
      return view?.page.body.map((segment) => ('html' in segment ? segment.html : '')).join('');
    };
    const owner = client(installed, 'owner', 'en');
    return { ...installed, body, owner };
  }

  it('is off by default, and once saved on shows Persian pages with Persian digits, code and Latin words untouched', async () => {
    const { body, owner } = await site();
    const settings = (await json(await owner.get('/api/settings'))) as SiteSettings;
    expect(settings.persianDigits).toBe(false);
    expect(await body('fa')).toContain('سال 1404');

    expect((await owner.put('/api/settings', { ...settings, persianDigits: true })).status).toBe(200);
    const fa = await body('fa');
    expect(fa).toContain('سال ۱۴۰۴');
    expect(fa).toContain('<code dir="auto">node 24</code>');
    expect(fa).toContain('mp3');
    // English pages keep their digits, whatever their text.
    expect(await body('en')).toContain('1404');

    const on = (await json(await owner.get('/api/settings'))) as SiteSettings;
    expect((await owner.put('/api/settings', { ...on, persianDigits: false })).status).toBe(200);
    expect(await body('fa')).toContain('سال 1404');
  });

  it('refuses a value that is not true or false, and changes nothing', async () => {
    const { owner } = await site();
    const settings = (await json(await owner.get('/api/settings'))) as SiteSettings;
    for (const value of ['true', 1, null, 'on', {}]) {
      const response = await owner.put('/api/settings', { ...settings, persianDigits: value });
      expect(response.status, JSON.stringify(value)).toBe(400);
      const problem = (await json(response)) as { data: { issues: { path: string[] }[] } };
      expect(problem.data.issues.map((issue) => issue.path.join('.'))).toContain('persianDigits');
    }
    const { persianDigits: _, ...without } = settings;
    expect((await owner.put('/api/settings', without)).status).toBe(400);
    expect(((await json(await owner.get('/api/settings'))) as SiteSettings).persianDigits).toBe(false);
  });
});
