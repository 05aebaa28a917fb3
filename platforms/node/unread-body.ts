import type { IncomingMessage, ServerResponse } from 'node:http';

type Listener = (request: IncomingMessage, response: ServerResponse) => unknown;

/**
 * An answer that starts before its request's body has fully arrived says `Connection: close`
 * (F-21). Routes that never read a body (a 404, a refusal, `DELETE /api/_auth/session`) answer
 * at once; the rest of a large body is then still on the wire, and @hono/node-server drains it
 * for at most 500 ms before cutting the socket — after an answer that promised `keep-alive`, so a
 * client reusing the connection sent its next request into a closed socket. Closing on purpose,
 * and saying so, lets the client open a new connection instead; nothing waits for the body.
 * A body that has arrived whole (what a route that reads it leaves) keeps the connection.
 */
export function closeWhenBodyUnread(listener: Listener): Listener {
  return (incoming, outgoing) => {
    // Node marks even a request without a body incomplete until its handler returns, so a page
    // answered at once (a page-cache hit) would be closed too: only a body is waited for.
    if (!hasBody(incoming)) return listener(incoming, outgoing);
    const writeHead = outgoing.writeHead;
    // Every answer passes here, also one sent by `end()` alone (Node calls writeHead itself).
    outgoing.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
      if (!incoming.complete) this.setHeader('Connection', 'close');
      return writeHead.apply(this, args);
    } as ServerResponse['writeHead'];
    return listener(incoming, outgoing);
  };
}

/** Whether the request announces a body: a non-zero Content-Length, or chunks. */
function hasBody(incoming: IncomingMessage) {
  return Number(incoming.headers['content-length'] ?? 0) > 0 || incoming.headers['transfer-encoding'] !== undefined;
}
