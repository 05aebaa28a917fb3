import { SNIPPET_CHARS } from '../../common/outgoing-webhooks';
import { refuseWebhookUrl } from './address';

/** One signed delivery as the transport sends it: always a POST of JSON. */
export type OutgoingRequest = { url: string; headers: Record<string, string>; body: string; timeoutMs: number };
/** The receiver's answer: its status and at most SNIPPET_CHARS of its body (the rest is never read). */
export type OutgoingAnswer = { status: number; snippet: string };

/** A delivery refused before any byte left: the address is private (or became so: DNS rebinding). */
export class UnsafeAddressError extends Error {
  constructor(message = 'the address is private, loopback or link-local') {
    super(message);
    this.name = 'UnsafeAddressError';
  }
}

/**
 * How outgoing webhooks reach their receivers. Node (platforms/node/outgoing-webhook-transport.ts)
 * resolves names itself and refuses a private address at connect time, so a name that resolves to a
 * public address when saved and to 127.0.0.1 when sent is still refused. The fetch transport below
 * (Workers, where the platform's network reaches no private address) checks the URL itself.
 * Neither follows redirects; both stop after `timeoutMs`.
 */
export interface OutgoingWebhookTransport {
  /** Refuses (UnsafeAddressError) a URL whose host is, or resolves to, a private address. */
  vet(url: URL): Promise<void>;
  /** Sends; throws on a refused address, a timeout or a network failure. */
  send(request: OutgoingRequest): Promise<OutgoingAnswer>;
}

/** Reads at most `limit` characters of a body and drops the rest unread. */
export async function readSnippet(body: ReadableStream<Uint8Array> | null, limit = SNIPPET_CHARS): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text.slice(0, limit);
}

/** The transport over `fetch` (Workers; anywhere without a resolver of its own). */
export function createFetchTransport({
  allowPrivate,
  fetcher = fetch,
}: {
  allowPrivate: boolean;
  fetcher?: typeof fetch;
}): OutgoingWebhookTransport {
  return {
    async vet(url) {
      if (refuseWebhookUrl(url.href, { allowPrivate })) throw new UnsafeAddressError();
    },
    async send(request) {
      await this.vet(new URL(request.url));
      const response = await fetcher(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(request.timeoutMs),
      });
      return { status: response.status, snippet: await readSnippet(response.body) };
    },
  };
}
