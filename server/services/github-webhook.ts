import { timingSafeEqual } from '../auth/tokens';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { indexerOf } from './indexer';

type WebhookDeps = Pick<AppDeps, 'db' | 'contentRepository' | 'pageCache' | 'indexer'> & {
  config: Pick<AppDeps['config'], 'GITHUB_WEBHOOK_SECRET' | 'GITHUB_BRANCH'>;
};

const encoder = new TextEncoder();

/** `sha256=<hex>` of the body under the secret, as GitHub signs deliveries (X-Hub-Signature-256). */
export async function githubSignature(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(body)));
  return `sha256=${Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Refuses a delivery whose signature is missing or wrong (401), compared in constant time. */
export async function verifyGithubDelivery(secret: string | undefined, body: string, signature: string | undefined) {
  if (!secret) throw new AppError(404, 'api.webhookNotConfigured');
  if (!signature || !timingSafeEqual(signature, await githubSignature(secret, body))) {
    throw new AppError(401, 'api.webhookSignatureInvalid');
  }
}

/**
 * One sync at a time per process; pushes that arrive while it runs are answered by one more sync
 * after it, however many there were (a burst of pushes coalesces).
 */
export function createSyncCoalescer(run: () => Promise<void>) {
  let running: Promise<void> | undefined;
  let again = false;
  const loop = async () => {
    do {
      again = false;
      await run();
    } while (again);
  };
  return {
    request(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = loop().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}

const coalescers = new WeakMap<object, ReturnType<typeof createSyncCoalescer>>();

/**
 * A verified GitHub delivery: a `push` to the content branch re-indexes the site (the same sync as
 * `npm run content:sync`); other events and other branches are acknowledged and ignored. Returns the
 * sync's promise (to be awaited by `waitUntil` on Workers) or undefined when nothing runs.
 */
export function handleGithubEvent(deps: WebhookDeps, event: string | undefined, payload: unknown): Promise<void> | undefined {
  if (event !== 'push' || !deps.contentRepository) return undefined;
  const ref = payload && typeof payload === 'object' ? (payload as { ref?: unknown }).ref : undefined;
  if (ref !== `refs/heads/${deps.config.GITHUB_BRANCH}`) return undefined;
  let coalescer = coalescers.get(deps.db);
  if (!coalescer) {
    coalescer = createSyncCoalescer(async () => {
      // In the background: as far as this delivery may run (in steps: its `waitUntil`, then the cron).
      await indexerOf(deps).reindex(deps, { background: true });
    });
    coalescers.set(deps.db, coalescer);
  }
  return coalescer.request();
}
