import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createInstalledSite, type InstalledSite } from '../../tests/support/site';
import { answerPageHits } from './page-hits';
import { closeWhenBodyUnread } from './unread-body';

type Answer = { status: number; connection: string | undefined; body: string };

/**
 * Writes a request with `body` on a raw socket, then (after `pauseMs`) `GET /api/health` on the
 * same socket, as a client that reuses connections does; the answers that came back, in order.
 */
function twoOnOneSocket(port: number, route: string, cookie: string | undefined, body: string, pauseMs = 300) {
  return new Promise<Answer[]>((resolve, reject) => {
    const host = `127.0.0.1:${port}`;
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `${route} HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      setTimeout(() => {
        if (!socket.destroyed) socket.write(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      }, pauseMs);
    });
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    // The server may close while a large body is still being written (it said `Connection: close`):
    // the client's write then fails with EPIPE or a reset; what it read so far is the answer.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    socket.on('close', () => resolve(answersIn(text)));
  });
}

/** The HTTP/1.1 answers in a socket's bytes (Content-Length bodies, as the API sends). */
function answersIn(text: string): Answer[] {
  const answers: Answer[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    const head = rest.slice(0, end);
    const length = Number(/^content-length: *(\d+)/im.exec(head)?.[1] ?? 0);
    answers.push({
      status: Number(head.slice(9, 12)),
      connection: /^connection: *(.*)$/im.exec(head)?.[1]?.trim().toLowerCase(),
      body: rest.slice(end + 4, end + 4 + length),
    });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
}

describe('a request body the route never reads, on a kept-alive connection (F-21)', () => {
  let site: InstalledSite;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    site = await createInstalledSite();
    const app = createApp(site.deps);
    const views = { record: () => {}, flush: async () => {} };
    // The listener as platforms/node/server.ts builds it.
    server = createServer(closeWhenBodyUnread(answerPageHits(site.deps, views, getRequestListener(app.fetch))));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // The four routes of the finding: none reads a body.
  const routes = [
    'DELETE /api/profile/devices/x',
    'POST /api/users/x/enable',
    'POST /api/install/admin-loading',
    'DELETE /api/_auth/session',
  ];
  const cases = routes.flatMap((route) => [100, 65_000, 400_000, 1_000_000].map((size) => [route, size] as const));

  it.each(cases)('%s with %i bytes: an answer that keeps the connection is followed by the next answer', async (route, size) => {
    const body = JSON.stringify({ a: 'x'.repeat(size) });
    const answers = await twoOnOneSocket(port, route, site.cookies.editor, body);
    const [first, second] = answers;
    expect(first?.status).toBeGreaterThanOrEqual(200);
    // The first answer arrived whole either way.
    expect(first?.body.length).toBeGreaterThan(0);
    if (first?.connection === 'close') expect(answers).toHaveLength(1);
    else expect(second?.status, `${route} said keep-alive, then left the next request unanswered`).toBe(200);
    // A small body has arrived with the request: the connection stays usable.
    if (size <= 100) expect(answers).toHaveLength(2);
    // A large one is still on the wire when the route answers: closed, and said so.
    if (size >= 400_000) expect(first?.connection).toBe('close');
  });

  it('an answer given at once to a request without a body keeps the connection (a page-cache hit)', async () => {
    // Node calls the handler before it marks even a body-less request complete.
    const quick = createServer(closeWhenBodyUnread((_request, response) => response.end('cached page')));
    await new Promise<void>((resolve) => quick.listen(0, '127.0.0.1', resolve));
    const quickPort = (quick.address() as AddressInfo).port;
    try {
      const answers = await new Promise<Answer[]>((resolve, reject) => {
        const socket = connect(quickPort, '127.0.0.1', () =>
          socket.write('GET /en/about HTTP/1.1\r\nHost: x\r\n\r\nGET /en/about HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
        );
        let text = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => {
          text += chunk;
        });
        socket.on('error', reject);
        socket.on('close', () => resolve(answersIn(text)));
      });
      expect(answers.map((answer) => [answer.status, answer.connection, answer.body])).toEqual([
        [200, 'keep-alive', 'cached page'],
        [200, 'close', 'cached page'],
      ]);
    } finally {
      await new Promise<void>((resolve) => quick.close(() => resolve()));
    }
  });

  it('a route that reads its body keeps the connection', async () => {
    const body = JSON.stringify({ about: 'a'.repeat(60_000) });
    const answers = await twoOnOneSocket(port, 'PATCH /api/profile', site.cookies.member, body);
    expect(answers.map((answer) => [answer.status, answer.connection])).toEqual([
      [expect.any(Number), 'keep-alive'],
      [200, 'close'],
    ]);
  });
});
