/*
 * HTML that leaves the site — a mail, a feed entry, the public API's `html` — is read where the
 * site's own address is unknown: a webmail, a feed reader, another site. Its addresses are made
 * absolute here, in one place, against the site's origin (server/site-origin.ts).
 */

/** The attributes that hold an address (`srcset` a list of them) in the HTML the renderer keeps. */
const ADDRESS_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'poster', 'cite']);

/** One attribute of a tag, read in turn, so text inside another attribute's quotes is never taken for one. */
const ATTRIBUTE = /(\s+)([^\s"'<>/=]+)(?:(\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** An opening tag with its attributes: only tags are read, never text (a code sample's `src="/x"` is text). */
const OPENING_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)(\s*\/?)>/g;

/**
 * One address made absolute: site-relative (`/media/x.png`, `/fa/about`) against `origin`;
 * document-relative (`other`, `../x`, `?page=2`) against the page `page` (a path on the site) when
 * given, else against the site's root. Fragments (`#top`), addresses with a scheme (`https:`,
 * `mailto:`) and protocol-relative ones (`//host/x`) are left as they are.
 */
export function absoluteAddress(url: string, origin: string, page?: string): string {
  const value = url.trim();
  if (value === '' || value.startsWith('#') || value.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(value)) return url;
  const base = origin.replace(/\/+$/, '');
  if (value.startsWith('/')) return `${base}${value}`;
  return new URL(value, `${base}${page ?? '/'}`).href;
}

/** A `srcset`: each candidate's address made absolute, its width or density kept. */
function absoluteSrcset(value: string, origin: string, page?: string) {
  return value
    .split(',')
    .map((candidate) =>
      candidate.replace(/^(\s*)(\S+)/, (_all, space: string, url: string) => space + absoluteAddress(url, origin, page)),
    )
    .join(',');
}

/**
 * The HTML with every address in `href`, `src`, `srcset`, `poster` and `cite` absolute
 * (`absoluteAddress`). Nothing else changes, and applying it twice changes nothing.
 */
export function absoluteHtml(html: string, origin: string, page?: string): string {
  return html.replace(OPENING_TAG, (tag, name: string, attributes: string, end: string) => {
    if (!attributes) return tag;
    const rewritten = attributes.replace(
      ATTRIBUTE,
      (all, space: string, attribute: string, equals?: string, double?: string, single?: string, bare?: string) => {
        const key = attribute.toLowerCase();
        if (equals === undefined || !ADDRESS_ATTRIBUTES.has(key)) return all;
        const value = double ?? single ?? bare ?? '';
        const absolute = key === 'srcset' ? absoluteSrcset(value, origin, page) : absoluteAddress(value, origin, page);
        const quote = single !== undefined ? "'" : '"';
        return `${space}${attribute}${equals}${quote}${absolute}${quote}`;
      },
    );
    return `<${name}${rewritten}${end}>`;
  });
}
