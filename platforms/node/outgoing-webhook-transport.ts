import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { SNIPPET_CHARS } from '../../common/outgoing-webhooks';
import type { AppConfig } from '../../server/config';
import { isIpLiteral, isPrivateAddress, refuseWebhookUrl } from '../../server/outgoing-webhooks/address';
import { type OutgoingWebhookTransport, UnsafeAddressError } from '../../server/outgoing-webhooks/transport';

/*
 * Node's outgoing webhook transport (docs/outgoing-webhooks.md): node:http(s) with a `lookup` that
 * refuses a private address when the socket connects, so the address checked is the address
 * connected to (DNS rebinding cannot slip 127.0.0.1 in after the check). An IP literal never reaches
 * `lookup`, so it is checked before. No redirects are followed (node:http follows none), the whole
 * exchange stops after the timeout, and at most SNIPPET_CHARS of the answer are read.
 */

type Resolver = (
  hostname: string,
  options: LookupOptions,
  callback: (error: Error | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) =>
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => callback(error, addresses ?? []));

/** A `lookup` for node:net that answers only public addresses (every address a name has must be public). */
function guardedLookup(resolve: Resolver, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options, (error, addresses) => {
      if (error) return callback(error, '', 4);
      if (!addresses.length) return callback(new Error(`${hostname} has no address`), '', 4);
      if (!allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address)))
        return callback(new UnsafeAddressError(), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  };
}

export function createNodeWebhookTransport({
  allowPrivate,
  resolve = systemResolver,
}: {
  allowPrivate: boolean;
  /** Tests give a resolver of their own (a name that resolves to 127.0.0.1). */
  resolve?: Resolver;
}): OutgoingWebhookTransport {
  const lookup = guardedLookup(resolve, allowPrivate);
  const vetHost = async (url: URL) => {
    if (refuseWebhookUrl(url.href, { allowPrivate })) throw new UnsafeAddressError();
    if (allowPrivate || isIpLiteral(url.hostname)) return;
    const addresses = await new Promise<LookupAddress[]>((done, fail) =>
      resolve(url.hostname, {}, (error, found) => (error ? fail(error) : done(found))),
    );
    if (addresses.some((entry) => isPrivateAddress(entry.address))) throw new UnsafeAddressError();
  };
  return {
    vet: vetHost,
    async send({ url, headers, body, timeoutMs }) {
      const target = new URL(url);
      if (refuseWebhookUrl(target.href, { allowPrivate })) throw new UnsafeAddressError();
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      return new Promise((resolveAnswer, reject) => {
        const request = send(
          target,
          {
            method: 'POST',
            headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
            lookup,
            timeout: timeoutMs,
          },
          (response) => {
            let snippet = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              snippet += chunk;
              // Nothing beyond the snippet is read: the rest of the answer is dropped.
              if (snippet.length >= SNIPPET_CHARS) response.destroy();
            });
            const done = () => {
              clearTimeout(deadline);
              resolveAnswer({ status: response.statusCode ?? 0, snippet: snippet.slice(0, SNIPPET_CHARS) });
            };
            response.on('end', done);
            response.on('close', done);
          },
        );
        // The whole exchange, not only idle time, stops at the timeout.
        const deadline = setTimeout(() => {
          const error = new Error(`timed out after ${timeoutMs / 1000} s`);
          error.name = 'TimeoutError';
          request.destroy(error);
        }, timeoutMs);
        request.on('timeout', () => {
          const error = new Error(`timed out after ${timeoutMs / 1000} s`);
          error.name = 'TimeoutError';
          request.destroy(error);
        });
        request.on('error', (error) => {
          clearTimeout(deadline);
          reject(error);
        });
        request.end(body);
      });
    },
  };
}

/** The transport for a configuration (OUTGOING_WEBHOOKS_ALLOW_PRIVATE). */
export function nodeWebhookTransportFromConfig(config: Pick<AppConfig, 'OUTGOING_WEBHOOKS_ALLOW_PRIVATE'>) {
  return createNodeWebhookTransport({ allowPrivate: config.OUTGOING_WEBHOOKS_ALLOW_PRIVATE });
}
