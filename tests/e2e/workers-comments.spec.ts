import { expect, test } from '@playwright/test';
import { useWorkerSite } from './worker-site';

/*
 * Comments on the Workers target: the thread, posting, moderation and deletion (with its replies,
 * through D1's foreign keys) in workerd against the local D1 database.
 */
test.describe('comments on Cloudflare Workers (wrangler dev --local, D1)', () => {
  const site = useWorkerSite('workers-comments-setup-token-0123');

  test('a member comments, the owner approves and replies, deleting takes the replies along', async ({ playwright }) => {
    test.setTimeout(120_000);
    const owner = await playwright.request.newContext({ baseURL: site.url() });
    const member = await playwright.request.newContext({ baseURL: site.url() });
    const visitor = await playwright.request.newContext({ baseURL: site.url() });
    await site.install(owner);
    const registered = await member.post('/api/auth/register', {
      data: { firstName: 'Mina', lastName: 'Sadeghi', about: 'Reads', userName: 'mina', password: 'a long reader passphrase' },
    });
    expect(registered.status(), await registered.text()).toBe(201);

    const where = { locale: 'fa', path: 'logs/welcome-to-daftar' };
    const thread = async () => {
      const response = await visitor.get(`/api/comments?${new URLSearchParams(where)}`);
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as { total: number; comments: { id: number; html: string; replies: { id: number }[] }[] };
    };

    const posted = await member.post('/api/comments', { data: { ...where, body: 'سلام *دفتر*' } });
    expect(posted.status(), await posted.text()).toBe(201);
    const { id, status } = (await posted.json()) as { id: number; status: string };
    expect(status).toBe('pending');
    expect((await thread()).total).toBe(0);

    const list = await owner.get('/api/manage/comments?status=pending');
    expect(((await list.json()) as { items: { id: number }[] }).items.map((item) => item.id)).toEqual([id]);
    expect((await owner.post('/api/manage/comments/bulk', { data: { ids: [id], action: 'approve' } })).status()).toBe(200);
    const reply = await owner.post('/api/comments', { data: { ...where, body: 'خوش آمدید', parentId: id } });
    expect(reply.status()).toBe(201);

    const seen = await thread();
    expect(seen.total).toBe(2);
    expect(seen.comments[0]?.html).toBe('<p>سلام <em>دفتر</em></p>');
    expect(seen.comments[0]?.replies).toHaveLength(1);

    expect((await member.delete(`/api/comments/${id}`)).status()).toBe(200);
    expect(await thread()).toMatchObject({ total: 0, comments: [] });
    const approved = await owner.get('/api/manage/comments?status=approved');
    expect(((await approved.json()) as { total: number }).total).toBe(0);

    // The page renders in workerd with its (empty) comments section, the same for every reader.
    const html = await (await visitor.get('/fa/logs/welcome-to-daftar')).text();
    expect(html).toContain('id="comments"');
    for (const context of [owner, member, visitor]) await context.dispose();
  });
});
