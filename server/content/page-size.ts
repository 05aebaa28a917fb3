/** D1 stores at most 2 000 000 bytes in one row (and in one string or BLOB). */
export const D1_MAX_ROW_BYTES = 2_000_000;

/**
 * The most Markdown one page may have (its whole file, front matter included): 512 KB. A `pages`
 * row holds a page about twice — the body's HTML segments and the search text — so 512 KB of
 * prose is about 1 MB stored, under D1's 2 MB per row with room for the rest.
 * Refused with a 413 at save; a bigger file that arrives through git is skipped by the sync with a
 * warning (docs/content.md "How big a page may be").
 */
export const PAGE_SOURCE_MAX_BYTES = 512 * 1024;

/**
 * The most one page's index row may hold once rendered: 1.5 MB, about three quarters of D1's
 * 2 MB. Markdown that renders to far more HTML than text (thousands of bare links, one-letter list
 * items) can pass it under 512 KB of source.
 */
export const PAGE_ROW_MAX_BYTES = 1.5 * 1024 * 1024;

/**
 * Below this much Markdown the row cannot come near PAGE_ROW_MAX_BYTES: that would take 48 bytes
 * stored for every byte typed, and the most measured is about 5 (bare links; prose is 2, Persian
 * prose 2, one-letter list items 4). So saving renders only pages above it to measure them.
 */
export const PAGE_RENDER_CHECK_BYTES = 32 * 1024;

const encoder = new TextEncoder();
export const utf8Bytes = (text: string) => encoder.encode(text).byteLength;

/** `524288` → `512 KB`, `525000` → `512.7 KB`, `1572864` → `1.5 MB`: for messages. */
export function formatSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}

/** What a rendered page's row stores, in bytes (text as UTF-8, structured fields as their JSON): any row's fields. */
export function pageRowBytes(fields: Readonly<Record<string, unknown>>): number {
  let total = 0;
  for (const value of Object.values(fields)) {
    if (value === null || value === undefined) continue;
    total += typeof value === 'string' ? utf8Bytes(value) : utf8Bytes(JSON.stringify(value) ?? '');
  }
  return total;
}

/** The sync's warning for a file over PAGE_SOURCE_MAX_BYTES (undefined: within it). */
export function sourceSizeProblem(bytes: number): string | undefined {
  if (bytes <= PAGE_SOURCE_MAX_BYTES) return undefined;
  return `page too large: ${formatSize(bytes)} of Markdown, over the limit of ${formatSize(PAGE_SOURCE_MAX_BYTES)} a page (D1 stores at most 2 MB in a row); skipped, split it into several pages`;
}

/** The sync's warning for a page whose rendered row passes PAGE_ROW_MAX_BYTES (undefined: within it). */
export function rowSizeProblem(bytes: number): string | undefined {
  if (bytes <= PAGE_ROW_MAX_BYTES) return undefined;
  return `page too large: ${formatSize(bytes)} once rendered, over the limit of ${formatSize(PAGE_ROW_MAX_BYTES)} a page (D1 stores at most 2 MB in a row); skipped, split it into several pages`;
}
