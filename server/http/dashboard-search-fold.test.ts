import { describe, expect, it } from 'vitest';
import type { MediaList } from '../../common/media';
import { client, createAuthoringSite, hello } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { imageBytes } from '../../tests/support/images';
import { comments, newsletterSubscribers } from '../db/schema';
import { listComments } from '../services/comments';
import { listSubscribers } from '../services/newsletter';
import { createUser, listUsers } from '../services/users';

/*
 * The dashboard's searches fold like public search and sign-in (issue 37 §2, review D5): pages,
 * users, media, comments and subscribers find «کتاب» typed «كتاب», «کتاب‌ها» typed without its
 * half-space, «۱۳۷۰» typed 1370, «هادی» typed «ھادی», «مسئول» typed «مسؤول».
 */
const ZWNJ = '\u200c';
const hostile = ['\u202eكتاب', `${ZWNJ}\u200d`, '%', '_', '\0', 'ك'.repeat(200)];

describe('dashboard searches fold Persian spellings', () => {
  it('pages (published and pending), media, users, comments and subscribers', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const { db } = site.deps;

    // Pages: one pending (judged in code), the sample pages published (judged in SQL).
    const at = (path: string) => `/api/pages/fa/${path.split('/').map(encodeURIComponent).join('/')}`;
    expect((await api.put(at('notes/مسئول-کتاب'), { ...hello, frontMatter: { title: `کتاب${ZWNJ}های سال ۱۴۰۵` } })).status).toBe(
      200,
    );
    const pageHits = async (query: string) =>
      (await json(await api.get(`/api/pages?locale=fa&query=${encodeURIComponent(query)}`))).items.map(
        (item: { path: string }) => item.path,
      );
    for (const query of ['كتابهاي', 'کتابهای', 'سال 1405', 'سال ١٤٠٥', 'مسؤول', 'ك', `کتاب${ZWNJ}ها`])
      expect(await pageHits(query), query).toContain('notes/مسئول-کتاب');
    expect(await pageHits('مسئولیت')).not.toContain('notes/مسئول-کتاب');
    const published = (await json(await api.get('/api/pages?locale=fa'))).items.find(
      (item: { pending: unknown }) => !item.pending,
    );
    const arabicTitle = published.title.replaceAll('ی', 'ي').replaceAll('ک', 'ك');
    expect(await pageHits(arabicTitle), arabicTitle).toContain(published.path);
    for (const query of hostile) expect((await api.get(`/api/pages?query=${encodeURIComponent(query)}`)).status, query).toBe(200);

    // Media: the file's name (stored with `-` for the half-space, its digits as written).
    const form = new FormData();
    form.set('file', new Blob([imageBytes('png')]), `کتاب${ZWNJ}ها-۱۲.png`);
    expect(
      (await site.app.request('/api/media', { method: 'POST', body: form, headers: { cookie: site.cookies.editor } })).status,
    ).toBe(201);
    const media = async (q: string) =>
      ((await json(await api.get(`/api/media?q=${encodeURIComponent(q)}`))) as MediaList).items.map((item) => item.path);
    expect(await media('کتابی')).toEqual([]);
    for (const q of ['كتاب-ها-12', 'ها-١٢', '۱۲'])
      expect(
        (await media(q)).some((path) => path.includes('۱۲')),
        q,
      ).toBe(true);

    // Users: the user name by its key, the display name through the table.
    await createUser(
      db,
      { userName: 'كيانی۱۳۷۰', firstName: 'علی‌رضا', lastName: 'ھاشمی', about: '', password: 'a-long-password-1' },
      [],
    );
    const users = async (query: string) =>
      (await listUsers(db, { query, page: 1, pageSize: 50 })).items.map((user: { username: string }) => user.username);
    for (const query of ['کیانی', '1370', 'كياني۱۳', 'علیرضا', 'هاشمی', 'ہاشمی'])
      expect(await users(query), query).toEqual(['كيانی۱۳۷۰']);
    for (const query of hostile.filter((q) => q !== `${ZWNJ}\u200d`))
      expect(await users(query), JSON.stringify(query)).toEqual([]);
    // Only invisible characters: nothing to look for, the whole list (as an empty search).
    expect(await users(`${ZWNJ}\u200d`)).toEqual(await users(''));

    // Comments: body, the page's address and the author's names.
    const author = (await listUsers(db, { query: 'کیانی', page: 1, pageSize: 1 })).items[0] as { id: string };
    await db.insert(comments).values([
      {
        locale: 'fa',
        pageSlug: 'logs/سفر',
        userId: author.id,
        body: 'این مسئولیت با ما نیست. کتاب‌ها را بیاورید.',
        status: 'pending',
      },
      { locale: 'fa', pageSlug: 'logs/other', userId: author.id, body: 'Nothing here.', status: 'pending' },
    ]);
    const found = async (query: string) =>
      (await listComments(db, { status: 'pending', query })).items.map((item: { body: string }) => item.body.slice(0, 4));
    for (const query of ['مسؤولیت', 'كتابها', 'سفر', 'کیانی1370', 'ھاشمی']) expect(await found(query), query).toContain('این ');
    expect(await found('كتابها')).toEqual(['این ']);
    expect(await found('Nothing')).toEqual(['Noth']);
    for (const query of ['\u202eكتاب', '%', '_', '\0']) expect(await found(query), JSON.stringify(query)).toEqual([]);

    // Subscribers: the address, digits of any script.
    await db.insert(newsletterSubscribers).values([
      { email: 'sara1370@example.test', locale: 'fa' },
      { email: 'other@example.test', locale: 'fa' },
    ]);
    const subscribers = async (query: string) =>
      (await listSubscribers(db, { query, page: 1 })).items.map((item: { email: string }) => item.email);
    for (const query of ['۱۳۷۰', '١٣٧٠', 'SARA1370']) expect(await subscribers(query), query).toEqual(['sara1370@example.test']);
    for (const query of ['%', '_', '\0']) expect(await subscribers(query), query).toEqual([]);
  });
});
