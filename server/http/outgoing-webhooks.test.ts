import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, SNIPPET_CHARS } from '../../common/outgoing-webhooks';
import { createNodeWebhookTransport } from '../../platforms/node/outgoing-webhook-transport';
import { client, createAuthoringSite, hello } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { createInstalledSite } from '../../tests/support/site';
import { createApp } from '../app';
import { outgoingWebhookDeliveries } from '../db/schema';
import type { AppDeps } from '../deps';
import { deliverDueWebhooks, listDeliveries, queueTestEvent, takeQueuedFlag } from '../services/outgoing-webhooks';

/** A local receiver: records every request; answers with the next queued reply, else 200. */
type Received = { headers: IncomingHttpHeaders; body: string; path: string };
function startReceiver() {
  const received: Received[] = [];
  const replies: { status: number; body?: string; headers?: Record<string, string> }[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body, path: request.url ?? '' });
      const reply = replies.shift() ?? { status: 200, body: 'ok' };
      response.writeHead(reply.status, reply.headers ?? { 'content-type': 'text/plain' }).end(reply.body ?? '');
    });
  });
  return {
    received,
    replies,
    server,
    url: '',
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return this;
    },
    /** Waits for `count` requests (polling the record, up to 10 s). */
    async waitFor(count: number) {
      const deadline = Date.now() + 10_000;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} deliveries, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Receiver = ReturnType<typeof startReceiver>;

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver().start();
});
afterAll(() => receiver.close());

const ALL_EVENTS = ['page.published', 'page.deleted', 'comment.created', 'subscriber.confirmed', 'build.published'];

/** Checks a delivery's signature as a receiver would (docs/outgoing-webhooks.md). */
function verify(delivery: Received, secret: string) {
  const header = String(delivery.headers['x-daftar-signature'] ?? '');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${delivery.body}`).digest('hex');
  return expected === match[2] && Math.abs(Date.now() / 1000 - Number(match[1])) < 300;
}

/** An endpoint's first log page once nothing in it is still being sent (a delivery is written just after its answer). */
async function settledLog(owner: ReturnType<typeof client>, id: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const log = await json(await owner.get(`/api/outgoing-webhooks/${id}/deliveries`));
    if (
      log.items.length &&
      log.items.every((item: { attempts: number; status: string }) => item.attempts > 0 && item.status !== 'sending')
    )
      return log;
    if (Date.now() > deadline) throw new Error(`deliveries never settled: ${JSON.stringify(log)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function ownerSite(
  env: Record<string, string> = { OUTGOING_WEBHOOKS_ALLOW_PRIVATE: 'true' },
  extra: Partial<AppDeps> = {},
) {
  const site = await createAuthoringSite(env, extra);
  return { site, owner: client(site, 'owner'), editor: client(site, 'editor') };
}

describe('outgoing webhooks: the endpoints', () => {
  it('are the owner’s alone; the secret is shown once; inputs are checked; ids that name nothing are 404', async () => {
    const { site, owner, editor } = await ownerSite();
    expect((await editor.get('/api/outgoing-webhooks')).status).toBe(403);
    expect((await editor.post('/api/outgoing-webhooks', { url: `${receiver.url}/x`, events: ['page.published'] })).status).toBe(
      403,
    );
    expect((await site.app.request('/api/outgoing-webhooks')).status).toBe(401);
    expect(await json(await owner.get('/api/outgoing-webhooks'))).toEqual({ items: [] });

    const created = await owner.post('/api/outgoing-webhooks', {
      url: `${receiver.url}/hook`,
      events: ['page.published', 'page.published', 'build.published'],
      description: 'Search index',
    });
    expect(created.status).toBe(201);
    const hook = await json(created);
    expect(hook.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(hook.events).toEqual(['page.published', 'build.published']);
    const listed = await json(await owner.get('/api/outgoing-webhooks'));
    expect(listed.items).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(hook.secret);
    expect(listed.items[0]).toMatchObject({ id: hook.id, url: `${receiver.url}/hook`, enabled: true, last: null });

    const patched = await owner.send('PATCH', `/api/outgoing-webhooks/${hook.id}`, { enabled: false, events: ['page.deleted'] });
    expect(patched.status).toBe(200);
    expect(await json(patched)).toMatchObject({ enabled: false, events: ['page.deleted'], description: 'Search index' });
    const rotated = await json(await owner.post(`/api/outgoing-webhooks/${hook.id}/secret`));
    expect(rotated.secret).not.toBe(hook.secret);

    for (const body of [
      { url: `${receiver.url}/x`, events: [] },
      { url: `${receiver.url}/x`, events: ['page.exploded'] },
      { url: `${receiver.url}/x` },
      { events: ['page.published'] },
      { url: 'javascript:alert(1)', events: ['page.published'] },
      { url: 'file:///etc/passwd', events: ['page.published'] },
      { url: 'https://user:pw@example.com/', events: ['page.published'] },
      { url: 'not a url', events: ['page.published'] },
      { url: `https://example.com/${'a'.repeat(2100)}`, events: ['page.published'] },
      { url: `${receiver.url}/x`, events: ['page.published'], description: 'd'.repeat(201) },
    ]) {
      const response = await owner.post('/api/outgoing-webhooks', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    for (const id of ['0', '-1', 'x', '1e3', '99999', '1.5', '%2e%2e'])
      for (const call of [
        () => owner.get(`/api/outgoing-webhooks/${id}/deliveries`),
        () => owner.del(`/api/outgoing-webhooks/${id}`),
        () => owner.post(`/api/outgoing-webhooks/${id}/test`),
      ])
        expect((await call()).status, id).toBe(404);
    for (const query of ['page=0', 'page=abc', 'page=1&page=2', 'page=-3'])
      expect((await owner.get(`/api/outgoing-webhooks/${hook.id}/deliveries?${query}`)).status, query).toBe(400);

    expect((await owner.del(`/api/outgoing-webhooks/${hook.id}`)).status).toBe(200);
    expect((await owner.del(`/api/outgoing-webhooks/${hook.id}`)).status).toBe(404);
    expect(await json(await owner.get('/api/outgoing-webhooks'))).toEqual({ items: [] });
  });

  it('refuse private, loopback, link-local and metadata addresses in any spelling, and names that resolve to them', async () => {
    // A resolver of the test's own: `evil.example` is 127.0.0.1, `public.example` a public address.
    const names: Record<string, string> = { 'evil.example': '127.0.0.1', 'v6.example': '::1', 'public.example': '93.184.216.34' };
    const transport = createNodeWebhookTransport({
      allowPrivate: false,
      resolve: (hostname, _options, callback) => {
        const address = names[hostname];
        if (!address) return callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
        callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
      },
    });
    const site = await createInstalledSite();
    site.deps.webhookTransport = transport;
    const app = createApp(site.deps);
    const owner = client({ app, cookies: site.cookies }, 'owner');
    for (const url of [
      'http://127.0.0.1/',
      'http://127.0.0.1:8080/hook',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'http://10.0.0.1/',
      'http://10.255.255.255:9000/',
      'http://172.16.5.4/',
      'http://192.168.0.1/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://017700000001/',
      'http://0x7f000001/',
      'http://127.1/',
      'http://[fe80::1]/',
      'http://224.0.0.1/',
      'http://localhost:3000/',
      'http://metadata.google.internal/',
      'http://evil.example/hook',
      'http://v6.example/hook',
    ]) {
      const response = await owner.post('/api/outgoing-webhooks', { url, events: ['page.published'] });
      expect(response.status, url).toBe(400);
      expect((await json(response)).message, url).toMatch(/private, loopback or link-local/);
    }
    expect(
      (await owner.post('/api/outgoing-webhooks', { url: 'https://public.example/hook', events: ['page.published'] })).status,
    ).toBe(201);

    // DNS rebinding: saved while the name was public, it resolves to 127.0.0.1 at send time: refused
    // when connecting, nothing reaches the local receiver.
    names['public.example'] = '127.0.0.1';
    const before = receiver.received.length;
    const [hook] = (await json(await owner.get('/api/outgoing-webhooks'))).items;
    expect((await owner.post(`/api/outgoing-webhooks/${hook.id}/test`)).status).toBe(202);
    const [row] = (await settledLog(owner, hook.id)).items;
    expect(row).toMatchObject({
      event: 'ping',
      status: 'pending',
      attempts: 1,
      code: null,
      error: 'refused: the address is private',
    });
    expect(receiver.received.length).toBe(before);
  });
});

describe('outgoing webhooks: deliveries', () => {
  it('deliver signed events when a page is published and deleted, a comment is posted and the build publishes', async () => {
    const { site, owner, editor } = await ownerSite();
    const hook = await json(await owner.post('/api/outgoing-webhooks', { url: `${receiver.url}/all`, events: ALL_EVENTS }));
    const other = await json(
      await owner.post('/api/outgoing-webhooks', { url: `${receiver.url}/comments-only`, events: ['comment.created'] }),
    );
    const start = receiver.received.length;

    expect((await editor.put('/api/pages/en/logs/hello', { ...hello, message: 'A first log' })).status).toBe(200);
    expect((await editor.post('/api/builds/publish', { title: 'Hello' })).status).toBe(200);
    await receiver.waitFor(start + 2);
    const mine = () => receiver.received.slice(start).filter((delivery) => delivery.path === '/all');
    const events = mine().map((delivery) => JSON.parse(delivery.body));
    expect(events.map((event) => event.event).sort()).toEqual(['build.published', 'page.published']);
    const page = events.find((event) => event.event === 'page.published');
    expect(page.data).toMatchObject({ address: '/en/logs/hello', file: 'content/en/logs/hello.md' });
    expect(page.id).toMatch(/^[0-9a-f-]{36}$/);
    const build = events.find((event) => event.event === 'build.published');
    expect(build.data).toMatchObject({
      title: 'Hello',
      pages: 1,
      deletedPages: 0,
      commitSha: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    for (const delivery of mine()) {
      expect(verify(delivery, hook.secret)).toBe(true);
      expect(verify(delivery, other.secret)).toBe(false);
      expect(delivery.headers['x-daftar-event']).toBe(JSON.parse(delivery.body).event);
      expect(delivery.headers['x-daftar-delivery']).toBe(JSON.parse(delivery.body).id);
      expect(delivery.headers['content-type']).toBe('application/json');
    }
    // A tampered body no longer matches its signature.
    const [first] = mine();
    if (!first) throw new Error('no delivery');
    expect(verify({ ...first, body: first.body.replace('"data":', '"data" :') }, hook.secret)).toBe(false);

    // A comment goes to both endpoints that asked for it.
    const commented = await client(site, 'member').post('/api/comments', {
      locale: 'en',
      path: 'logs/welcome-to-daftar',
      body: 'Nice one',
    });
    expect(commented.status).toBeLessThan(300);
    await receiver.waitFor(start + 4);
    const comments = receiver.received.slice(start).filter((delivery) => JSON.parse(delivery.body).event === 'comment.created');
    expect(comments.map((delivery) => delivery.path).sort()).toEqual(['/all', '/comments-only']);
    expect(JSON.parse(comments[0]?.body ?? '{}').data).toMatchObject({
      address: '/en/logs/welcome-to-daftar',
      body: 'Nice one',
      status: 'pending',
    });
    expect(new Set(comments.map((delivery) => JSON.parse(delivery.body).id)).size).toBe(1); // one event id for both

    expect((await editor.del('/api/pages/en/logs/hello')).status).toBe(200);
    expect((await editor.post('/api/builds/publish', {})).status).toBe(200);
    await receiver.waitFor(start + 6);
    const deleted = mine()
      .map((delivery) => JSON.parse(delivery.body))
      .find((event) => event.event === 'page.deleted');
    expect(deleted?.data).toMatchObject({ address: '/en/logs/hello' });

    // The log lists them newest first with the receiver's status (the last one is written just after it answered).
    const log = await settledLog(owner, hook.id);
    expect(log.total).toBe(5);
    expect(log.items.map((item: { id: number }) => item.id)).toEqual(
      [...log.items.map((item: { id: number }) => item.id)].sort((a: number, b: number) => b - a),
    );
    expect(log.items.every((item: { status: string; code: number }) => item.status === 'delivered' && item.code === 200)).toBe(
      true,
    );
    expect((await json(await owner.get('/api/outgoing-webhooks'))).items[0].last).toMatchObject({
      status: 'delivered',
      code: 200,
    });
  });

  it('retry after a 500 on the backoff schedule, give up after the last attempt, and never follow a redirect', async () => {
    const { site, owner } = await ownerSite();
    const hook = await json(
      await owner.post('/api/outgoing-webhooks', { url: `${receiver.url}/flaky`, events: ['build.published'] }),
    );
    const { deps } = site;
    // Driven through the service with a clock of the test's own (no request kicks a run in the background).
    const ping = async () => {
      await queueTestEvent(deps.db, hook.id);
      takeQueuedFlag(deps.db);
    };
    const logOf = async () => (await listDeliveries(deps.db, hook.id, 1)).items[0];
    receiver.replies.push({ status: 500, body: 'x'.repeat(SNIPPET_CHARS * 4) });
    await ping();
    let now = Date.now();
    expect(await deliverDueWebhooks(deps, { now: () => now })).toEqual({ delivered: 0, failed: 1 });
    let row = await logOf();
    expect(row).toMatchObject({ event: 'ping', status: 'pending', attempts: 1, code: 500, error: 'HTTP 500' });
    expect(row?.snippet).toHaveLength(SNIPPET_CHARS);
    expect(Date.parse(row?.nextAttemptAt ?? '') - Date.parse(row?.lastAttemptAt ?? '')).toBeGreaterThanOrEqual(
      RETRY_DELAYS_MS[0] - 50,
    );
    // Not before its time…
    expect(await deliverDueWebhooks(deps, { now: () => now + RETRY_DELAYS_MS[0] - 1000 })).toEqual({ delivered: 0, failed: 0 });
    // …then delivered on the second attempt.
    now += RETRY_DELAYS_MS[0] + 1000;
    expect(await deliverDueWebhooks(deps, { now: () => now })).toEqual({ delivered: 1, failed: 0 });
    row = await logOf();
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, code: 200, error: null, nextAttemptAt: null });
    const flaky = receiver.received.filter((delivery) => delivery.path === '/flaky');
    expect(flaky).toHaveLength(2);
    expect(JSON.parse(flaky[0]?.body ?? '').id).toBe(JSON.parse(flaky[1]?.body ?? '').id); // the same event, retried
    expect(flaky.every((delivery) => verify(delivery, hook.secret))).toBe(true);

    // Always failing: failed for good after MAX_ATTEMPTS, at the schedule's times.
    await ping();
    const times: number[] = [];
    for (let attempt = 0; attempt < MAX_ATTEMPTS + 2; attempt++) {
      receiver.replies.push({ status: 503 });
      if ((await deliverDueWebhooks(deps, { now: () => now })).failed) times.push(now);
      now += 7 * 3_600_000;
    }
    receiver.replies.length = 0;
    row = await logOf();
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, code: 503, nextAttemptAt: null });
    expect(times).toHaveLength(MAX_ATTEMPTS);

    // A redirect is a failure, and its target hears nothing.
    const target = await startReceiver().start();
    receiver.replies.push({ status: 302, headers: { location: `${target.url}/stolen` } });
    await ping();
    await deliverDueWebhooks(deps, { now: () => now });
    row = await logOf();
    expect(row).toMatchObject({ status: 'pending', code: 302, error: 'redirect not followed' });
    expect(target.received).toHaveLength(0);
    await target.close();

    // An endpoint turned off sends nothing more, retries included.
    const before = receiver.received.length;
    expect((await owner.send('PATCH', `/api/outgoing-webhooks/${hook.id}`, { enabled: false })).status).toBe(200);
    now += 7 * 3_600_000;
    await deliverDueWebhooks(deps, { now: () => now });
    row = await logOf();
    expect(row).toMatchObject({ status: 'failed', error: 'the endpoint is turned off' });
    expect(receiver.received.length).toBe(before);

    // The log pages, newest first.
    const rows = await deps.db.$count(outgoingWebhookDeliveries, eq(outgoingWebhookDeliveries.webhookId, hook.id));
    for (let i = rows; i < 23; i++) await ping();
    const page1 = await json(await owner.get(`/api/outgoing-webhooks/${hook.id}/deliveries?page=1`));
    const page2 = await json(await owner.get(`/api/outgoing-webhooks/${hook.id}/deliveries?page=2`));
    expect(page1).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(page1.items).toHaveLength(20);
    expect(page2.items).toHaveLength(3);
    expect(page1.items[19].id).toBeGreaterThan(page2.items[0].id);
  });

  it('stop a receiver that does not answer after the timeout', async () => {
    const silent = createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const transport = createNodeWebhookTransport({ allowPrivate: true });
    const started = Date.now();
    await expect(
      transport.send({
        url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`,
        headers: {},
        body: '{}',
        timeoutMs: 300,
      }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(3000);
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});
