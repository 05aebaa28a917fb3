import { EMBED_FRAME_HOSTS } from '../../common/embeds';

/*
 * The Content-Security-Policy of every response but cached pages' (which name their inline scripts
 * by hash instead of the nonce: docs/decisions/0006). One place, so the page that renders the
 * owner's head code (app/entry.server.tsx) and the app's middleware write the same policy.
 */

const TURNSTILE = 'https://challenges.cloudflare.com';

/**
 * The policy for a response whose inline scripts carry `nonce`. `origins`: the head code's script
 * origins (common/head-code.ts `headCodeOrigins`), added to script-src and connect-src and nowhere
 * else; none, the policy is the site's own. `framedBySite`: the page is a preview the Appearance
 * screen shows in a frame (app/lib/appearance.server.ts), which only the site's own pages may do.
 */
export function contentSecurityPolicy(
  nonce: string,
  origins: readonly string[] = [],
  { framedBySite = false }: { framedBySite?: boolean } = {},
): string {
  const extra = origins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${TURNSTILE}${extra}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${extra}`,
    // The site's own pages (the Appearance screen's preview), Turnstile, and the video players a reader asks for (common/embeds.ts).
    `frame-src 'self' ${[TURNSTILE, ...EMBED_FRAME_HOSTS].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // Only the Appearance screen's preview of a page may be shown in a frame, and only by the site itself.
    framedBySite ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
  ].join('; ');
}

/** A fresh per-response nonce: 16 random bytes in base64. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
