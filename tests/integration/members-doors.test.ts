import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageHandler } from '../../app/lib/app-context.server';
import { nodePageEncoder } from '../../platforms/node/page-encoding';
import { createApp } from '../../server/app';
import { createApiKey } from '../../server/auth/api-keys';
import { readSession } from '../../server/auth/sessions';
import { createMemoryPageCache, immediateHit } from '../../server/http/page-cache';
import { syncContent } from '../../server/services/content-sync';
import { commitFiles } from '../support/content-repo';
import { createInstalledSite } from '../support/site';

/*
 * Members-only pages (issue 40 §3, docs/security.md "Members-only pages"): every door a reader who
 * is not signed in can knock on — the page and its cached copy, HEAD, other queries and Accept
 * headers, React Router's `.data`, the feeds, the sitemap, search, the public API (with an API key
 * too), comments — answers without a word of the hidden part. The hidden part holds unique marker
 * words; the real route modules render through the real app, with the page cache on.
 */
let vite: ViteDevServer;
let build: ServerBuild;

beforeAll(async () => {
  vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'silent' });
  build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
}, 180_000);

afterAll(async () => {
  await vite?.close();
});

/** Words only the hidden part holds: in a heading, in text, in a link, in Persian. */
const HIDDEN = ['Zanzibarhidden', 'Quokkaheading', 'hidden-target-xyz', 'پنهانواژه'];
const TEASER = 'Openingline';

const membersPage = (locale: 'en' | 'fa') => `---
title: ${locale === 'en' ? 'Club notes' : 'یادداشت‌های باشگاه'}
description: ${locale === 'en' ? 'What the club talked about' : 'آنچه در باشگاه گفتیم'}
date: 2026-03-01
cat: notes
author: editor
tags: [club]
toc: true
comments: true
visibility: members
---

${TEASER} ${locale === 'en' ? 'is the public first paragraph.' : 'بند نخستِ همگانی است.'}

## The ${HIDDEN[1]} part

Only members read ${HIDDEN[0]} here, with [a link](https://example.com/${HIDDEN[2]}) and ${HIDDEN[3]}.
`;

async function membersSite() {
  const site = await createInstalledSite();
  commitFiles(
    site.deps.contentRepository!.location,
    { 'content/en/logs/club.md': membersPage('en'), 'content/fa/logs/club.md': membersPage('fa') },
    'A members page in each language',
  );
  const result = await syncContent(site.deps.db, site.deps.contentRepository!);
  expect(result.problems).toEqual([]);
  const store = createMemoryPageCache({ encode: nodePageEncoder });
  const app = createApp({ ...site.deps, pageHandler: createPageHandler(build), pageCache: store });
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => app.request(path, { method, headers });
  return { ...site, app, store, get };
}

async function text(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString();
  if (encoding === 'gzip') return gunzipSync(bytes).toString();
  return bytes.toString();
}

/** The answer holds none of the hidden words (checked on the decoded bytes, so no encoding hides one). */
async function noHiddenWord(response: Response, what: string) {
  const body = await text(response);
  for (const word of HIDDEN) expect(body, `${what} holds "${word}"`).not.toContain(word);
  return body;
}

describe('members-only pages: the page', () => {
  it('shows everyone the title, description and first block, then the sign-in note; a member reads it all', async () => {
    const { get, cookies } = await membersSite();
    const anonymous = await get('/en/logs/club', { 'accept-encoding': 'gzip, deflate, br' });
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('x-cache')).toBe('MISS');
    expect(anonymous.headers.get('vary')).toMatch(/Cookie/);
    const html = await noHiddenWord(anonymous, 'the anonymous page');
    expect(html).toContain('Club notes');
    expect(html).toContain('What the club talked about');
    expect(html).toContain(TEASER);
    expect(html).toContain('data-testid="members-note"');
    expect(html).toContain('The rest of this page is for members.');
    // Signing in comes back here.
    expect(html).toContain('href="/en/login?redirectTo=%2Fen%2Flogs%2Fclub"');
    // No comment thread for a reader who may not read the page.
    expect(html).not.toContain('data-island="comments"');
    // Search engines are told the rest is not free; the description is the front matter's.
    expect(html).toContain('"isAccessibleForFree":false');
    expect(html).toMatch(/<meta name="description" content="What the club talked about"/);

    for (const who of ['member', 'editor', 'owner'] as const) {
      const signedIn = await get('/en/logs/club', { cookie: cookies[who] });
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get('x-cache')).toBeNull();
      expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
      const whole = await text(signedIn);
      for (const word of HIDDEN) expect(whole, who).toContain(word);
      expect(whole).toContain(TEASER);
      expect(whole).not.toContain('data-testid="members-note"');
      // The table of contents is the hidden part's outline: members only.
      expect(whole).toContain(`The ${HIDDEN[1]} part`);
    }

    const persian = await get('/fa/logs/club');
    const fa = await noHiddenWord(persian, 'the Persian page');
    expect(fa).toContain('ادامهٔ این صفحه ویژهٔ اعضاست.');
    expect(fa).toContain('برای خواندن همهٔ آن وارد شوید');
    const faMember = await text(await get('/fa/logs/club', { cookie: cookies.member }));
    expect(faMember).toContain(HIDDEN[3]);
  });

  it('never serves a member the cached teaser, nor anyone else the member’s page, whatever the request looks like', async () => {
    const { get, cookies, store } = await membersSite();
    // A member reads first: nothing is stored for them.
    expect(await text(await get('/en/logs/club', { cookie: cookies.member }))).toContain(HIDDEN[0]);
    expect(store.size).toBe(0);
    const variations: [string, Record<string, string>, string?][] = [
      ['/en/logs/club', {}],
      ['/en/logs/club', {}, 'HEAD'],
      ['/en/logs/club', { 'accept-encoding': 'br' }],
      ['/en/logs/club', { 'accept-encoding': 'gzip' }],
      ['/en/logs/club', { 'accept-encoding': 'identity' }],
      ['/en/logs/club', { accept: 'application/json' }],
      ['/en/logs/club', { accept: 'text/x-component, */*' }],
      ['/en/logs/club/', {}],
      ['/en/logs/club?page=2', {}],
      ['/en/logs/club?utm_source=x&full=1', {}],
      ['/en/logs/club?_routes=routes%2Fpublic%2Fcontent-page', {}],
      ['/en/logs/club.data', {}],
      ['/en/logs/club.data?_routes=routes%2Fpublic%2Fcontent-page', {}],
      ['/en/logs/%63lub', {}],
      // A cookie that names no session, an expired or forged one: still a reader who is not signed in.
      ['/en/logs/club', { cookie: 'daftar_session=forged-token' }],
      ['/en/logs/club', { cookie: 'daftar_session=' }],
      ['/en/logs/club', { cookie: `${cookies.member.replace(/=.*/, '')}=${'x'.repeat(300)}` }],
      ['/en/logs/club', { cookie: cookies.member.replace('daftar_session', 'Daftar_Session') }],
      ['/en/logs/club', { authorization: 'Bearer dftr_nothing' }],
    ];
    for (const [path, headers, method] of variations) {
      const response = await get(path, headers, method);
      await noHiddenWord(response, `${method ?? 'GET'} ${path} ${JSON.stringify(headers)}`);
    }
    // The cached copy is the teaser, and a member passing by afterwards still gets the whole page.
    const hit = await get('/en/logs/club');
    expect(hit.headers.get('x-cache')).toBe('HIT');
    await noHiddenWord(hit, 'the cached page');
    expect(await text(await get('/en/logs/club', { cookie: cookies.member }))).toContain(HIDDEN[0]);
    // Node's early answer (decision 0010) goes by the same key: a member's request is never answered from the store.
    const request = (cookie?: string) => ({
      method: 'GET',
      host: 'localhost',
      target: '/en/logs/club',
      header: (name: string) => (name === 'cookie' ? cookie : undefined),
    });
    expect(immediateHit(store, request(cookies.member), true)).toBeUndefined();
    const early = immediateHit(store, request(), true);
    expect(early).toBeDefined();
    const identity = Buffer.from(early!.variants.identity.body).toString();
    expect(identity).toContain(TEASER);
    for (const word of HIDDEN) expect(identity).not.toContain(word);
  });
});

describe('members-only pages: the other doors', () => {
  it('feeds, the sitemap, search and the public API show the first block at most, to keys as well', async () => {
    const site = await membersSite();
    const { get, db } = { get: site.get, db: site.deps.db };
    for (const feed of ['/en/feed.xml', '/en/tags/club/feed.xml', '/en/cats/notes/feed.xml', '/en/authors/editor/feed.xml']) {
      const response = await get(feed);
      expect(response.status, feed).toBe(200);
      const xml = await noHiddenWord(response, feed);
      // The entry is there with its public part, linking to the page.
      expect(xml, feed).toContain(TEASER);
      expect(xml, feed).toContain('/en/logs/club');
    }
    expect(await noHiddenWord(await get('/fa/feed.xml'), '/fa/feed.xml')).toContain(TEASER);
    // The page stays in the sitemap: its address and first block are public.
    const sitemap = await text(await get('/en/sitemap.xml'));
    const file = /<loc>[^<]*(\/en\/sitemap-1\.xml)<\/loc>/.exec(sitemap)?.[1];
    const urls = file ? await text(await get(file)) : sitemap;
    expect(urls).toContain('/en/logs/club</loc>');

    // Search matches the public part only, for everyone, and its snippets hold nothing else.
    for (const word of HIDDEN) {
      for (const cookie of [undefined, site.cookies.member]) {
        const response = await get(`/api/search?locale=${/[a-z]/i.test(word) ? 'en' : 'fa'}&q=${encodeURIComponent(word)}`, {
          ...(cookie ? { cookie } : {}),
        });
        expect(response.status).toBe(200);
        const found = (await response.json()) as { total: number };
        expect(found.total, word).toBe(0);
      }
      // The search page repeats the query itself: what counts is that it finds no page.
      const searchPage = await text(await get(`/${/[a-z]/i.test(word) ? 'en' : 'fa'}/search?q=${encodeURIComponent(word)}`));
      expect(searchPage, word).not.toMatch(/href="\/(en|fa)\/logs\/club"/);
    }
    const teaserSearch = await get(`/api/search?locale=en&q=${TEASER}`);
    const teaserFound = (await noHiddenWord(teaserSearch, 'search for the teaser')) as string;
    expect(JSON.parse(teaserFound).total).toBe(1);
    const teaserPage = await noHiddenWord(await get(`/en/search?q=${TEASER}`), 'the search page');
    expect(teaserPage).toMatch(/href="\/en\/logs\/club"/);

    // The public API: the first block and the flag, also asked with a key that has no permissions.
    const owner = await readSession(db, site.cookies.owner.split('=')[1]);
    const { key } = await createApiKey(db, owner!.user, { name: 'reader', scopes: [] });
    const askers: Record<string, string>[] = [{}, { authorization: `Bearer ${key}` }, { cookie: site.cookies.member }];
    for (const headers of askers) {
      const response = await get('/api/public/pages/en/logs/club', headers);
      expect(response.status).toBe(200);
      const page = JSON.parse(await noHiddenWord(response, `the public API ${JSON.stringify(headers)}`));
      expect(page.members).toBe(true);
      expect(page.html).toContain(TEASER);
      expect(page.toc).toEqual([]);
      const list = await get('/api/public/pages?locale=en', headers);
      await noHiddenWord(list, 'the public API list');
    }
    // A public page says so too.
    expect(((await (await get('/api/public/pages/en/about')).json()) as { members: boolean }).members).toBe(false);

    // Comments: the thread of a members page is for signed-in readers, never for a key.
    const thread = '/api/comments?locale=en&path=logs/club';
    const refused = await get(thread);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'This page is for members: sign in to read its comments',
    );
    const refusedFa = await get(thread.replace('locale=en', 'locale=fa'), { 'x-locale': 'fa' });
    expect(refusedFa.status).toBe(401);
    expect(((await refusedFa.json()) as { message: string }).message).toBe(
      'این صفحه ویژهٔ اعضاست: برای خواندن دیدگاه‌هایش وارد شوید',
    );
    expect((await get(thread, { authorization: `Bearer ${key}` })).status).toBe(401);
    expect((await get(thread, { cookie: site.cookies.member })).status).toBe(200);
  });
});
