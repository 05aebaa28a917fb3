import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

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
      if (!incoming.complete) {
        this.setHeader('Connection', 'close');
        lingerBeforeClosing(incoming);
      }
      return writeHead.apply(this, args);
    } as ServerResponse['writeHead'];
    return listener(incoming, outgoing);
  };
}

/** Whether the request announces a body: a non-zero Content-Length, or chunks. */
function hasBody(incoming: IncomingMessage) {
  return Number(incoming.headers['content-length'] ?? 0) > 0 || incoming.headers['transfer-encoding'] !== undefined;
}

/** At most this long a connection answered early stays open to take the rest of its body. */
export const LINGER_MS = 30_000;
/** ... and it is closed once the client has sent nothing for this long. */
export const LINGER_IDLE_MS = 5_000;
/** How much of the rest of a body is read (and thrown away) before the connection is cut anyway. */
export const LINGER_BYTES = 128 * 1024 * 1024;

type HttpSocket = Socket & { destroySoon?: () => void; parser?: { unconsume?: () => void } };

/**
 * Lingering close (F-47), as Apache and nginx do it. Closing a socket whose client is still
 * sending makes the kernel answer with a reset, and the reset can throw our answer away before the
 * client reads it: API clients saw EPIPE or "socket hang up" instead of the 413. So when Node
 * closes the connection after the answer, only our side is shut (FIN after the answer), and the
 * rest of the body is read and thrown away — nothing is kept, memory stays flat — until the client
 * closes, or sends nothing for LINGER_IDLE_MS, or LINGER_MS or LINGER_BYTES are reached.
 */
function lingerBeforeClosing(incoming: IncomingMessage) {
  const socket = incoming.socket as HttpSocket | null;
  if (!socket || socket.destroyed || typeof socket.destroySoon !== 'function') return;
  const destroySoon = socket.destroySoon;
  let lingering = false;
  // Node calls it once the answer is out; @hono/node-server again after its own 500 ms drain.
  socket.destroySoon = function linger() {
    if (lingering || socket.destroyed) return;
    lingering = true;
    // The whole body is in: nothing unread, a plain close sends no reset.
    if (incoming.complete) return destroySoon.call(socket);
    socket.end();
    const readBefore = socket.bytesRead;
    const close = () => {
      clearTimeout(deadline);
      clearTimeout(idle);
      // Only once the answer has left (a slow reader may still be taking it).
      destroySoon.call(socket);
    };
    const deadline = setTimeout(close, LINGER_MS);
    let idle = setTimeout(close, LINGER_IDLE_MS);
    deadline.unref();
    socket.once('end', close);
    // Node's HTTP parser reads no further once a closing answer is out (the client's writes would
    // fill the window and stall): the socket is taken from it, as an upgrade does, and read here.
    socket.parser?.unconsume?.();
    socket.removeAllListeners('data');
    socket.on('data', () => {
      clearTimeout(idle);
      idle = setTimeout(close, LINGER_IDLE_MS);
      if (socket.bytesRead - readBefore > LINGER_BYTES) close();
    });
    socket.resume();
  };
}
