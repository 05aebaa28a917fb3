import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pageHtml } from '../../common/content';
import { createInstalledSite } from '../../tests/support/site';
import { RENDERER_VERSION } from '../content/render';
import { contentBuilds, pages } from '../db/schema';
import { getContentPage } from './content';
import { syncContent } from './content-sync';
import { getSiteSettings } from './site';

const payload = '<!--daftar:widget:0--><img src=x onerror=alert(1)>';
const source = `---\ntitle: Widgets\n---\n\n::intro\n\n![${payload}](/x.png)\n\n::latest-logs{limit=2}\n`;

/** An installed site with one more page, committed with plain git and synced. */
async function siteWithWidgetPage() {
  const { deps } = await createInstalledSite();
  const repoDir = deps.contentRepository!.location;
  const file = path.join(repoDir, 'content/en/widgets.md');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, source);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Tester', '-c', 'user.email=tester@example.com', ...args], { cwd: repoDir });
  git('add', 'content/en/widgets.md');
  git('commit', '-qm', 'A page with widgets');
  const sync = () => syncContent(deps.db, deps.contentRepository!);
  await sync();
  return { db: deps.db, sync, site: await getSiteSettings(deps.db) };
}

describe('the stored page body (F-01)', () => {
  it('is a list of segments: widgets sit where the directives were, marker text in the alt makes none', async () => {
    const { db, site } = await siteWithWidgetPage();
    const row = await db.select().from(pages).where(eq(pages.slug, 'widgets')).get();
    expect(row?.widgets).toEqual([
      { kind: 'intro', props: {} },
      { kind: 'latest-logs', props: { limit: '2' } },
    ]);
    expect(row?.body).toEqual([{ widget: 0 }, { html: expect.stringContaining('<img src="/x.png"') }, { widget: 1 }]);
    // The alt keeps the payload as its text; the feed's HTML is the one segment, made from the body
    // (the row keeps no second copy).
    expect(row?.html).toBe('');
    expect(pageHtml(row?.body ?? null, '')).toBe((row?.body?.[1] as { html: string } | undefined)?.html);

    const page = await getContentPage(db, 'en', 'widgets', site);
    expect(page?.body).toEqual(row?.body);
    expect(page?.widgets).toEqual([
      { kind: 'intro', title: expect.any(String), description: expect.any(String) },
      { kind: 'latest-logs', items: expect.any(Array) },
    ]);
    expect(page?.widgets[1]?.kind === 'latest-logs' && page.widgets[1].items).toHaveLength(2);
  });

  it('is re-rendered for every page on the next sync after the renderer version changes; until then the page shows its HTML without widgets', async () => {
    const { db, sync, site } = await siteWithWidgetPage();
    // What an index written by renderer version 3 looks like: no body, the older version in each source hash and build.
    await db.update(pages).set({ body: null, sourceHash: sql`replace(${pages.sourceHash}, ${`:r${RENDERER_VERSION}`}, ':r3')` });
    await db.update(contentBuilds).set({ rendererVersion: 3 });

    const legacy = await getContentPage(db, 'en', 'widgets', site);
    const { html } = (await db.select({ html: pages.html }).from(pages).where(eq(pages.slug, 'widgets')).get())!;
    expect(legacy?.body).toEqual([{ html }]);
    expect(legacy?.widgets).toEqual([]);

    const result = await sync();
    expect(result.updated).toHaveLength(15);
    expect(result.updated).toContain('en/widgets');
    expect((await getContentPage(db, 'en', 'widgets', site))?.body).toEqual([
      { widget: 0 },
      { html: expect.stringContaining('<img src="/x.png"') },
      { widget: 1 },
    ]);
  });
});
