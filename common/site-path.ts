/** C0 controls (tab, new line, NUL…) and DEL. */
export function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The one rule for "a path on this site" (return paths after sign-in, page thumbnails): a value is
 * accepted only when a browser, resolving it against this site, stays on this site.
 *
 * 1. It starts with `/`, and holds no backslash and no control character: browsers read `\` as `/`
 *    (`/\evil.example` is another host) and drop tabs and new lines (`/\t/evil.example`).
 * 2. It is normalised with the WHATWG URL parser, the browser's own: dot segments (`.`, `..`,
 *    `%2e`) are resolved, and the result must have this site's origin.
 * 3. The normalised path must not start with `//`, which a browser would read as another host
 *    (`/.//evil.example` normalises to `//evil.example`).
 *
 * The check is made on the normalised form, never on the raw text. The normalised path
 * (`pathname + search + hash`, percent-encoded ASCII) is returned, or undefined when refused.
 */
export function sameSitePath(value: string): string | undefined {
  if (!value.startsWith('/') || value.includes('\\') || hasControlCharacter(value)) return undefined;
  const base = 'https://site.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//')) return undefined;
  return path;
}

/** Whether a value is a path on this site, by the rule of `sameSitePath`. */
export function isSameSitePath(value: string): boolean {
  return sameSitePath(value) !== undefined;
}

/** An absolute http(s) address (`https://cdn.example/a.webp`): no `javascript:`, `data:` or other schemes. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || hasControlCharacter(value)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
