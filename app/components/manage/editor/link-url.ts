/**
 * What a link in a page may point to (issue 26): web addresses (http, https), e-mail (`mailto:`),
 * paths of this site (`/fa/about`, `/media/a.pdf`) and anchors in the page (`#part-2`). Anything
 * else — `javascript:`, `data:`, `vbscript:`, `file:`, protocol-relative `//host` — is refused
 * with a reason, however it is spelt: browsers drop tabs and line breaks inside a URL and ignore
 * the scheme's case, so the scheme is judged on the text without them.
 */
export type LinkCheck = { ok: true; href: string } | { ok: false; reason: 'empty' | 'unsafe' | 'invalid' };

/** ASCII controls, spaces and the invisible format characters (bidi marks, zero-width) a paste can carry. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds.
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** `example.com`, `www.example.com/a?b`, `xn--…`, Persian domain names: a host with a dot and an optional path. */
const BARE_HOST = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/u;
const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;

export function checkLinkUrl(input: string): LinkCheck {
  const text = input.trim();
  if (!text) return { ok: false, reason: 'empty' };
  const bare = text.replace(INVISIBLE, '');
  // A scheme the browser would see, even when controls or invisible characters split it.
  const scheme = SCHEME.exec(bare)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https' && scheme !== 'mailto')
    return { ok: false, reason: 'unsafe' };
  // Past the scheme, a control, an invisible character or a backslash has no business in a link
  // (`/\\evil.com` is `//evil.com` to a browser).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\u0000-\u001f\u007f\\\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/.test(text))
    return { ok: false, reason: 'invalid' };
  // Spaces, brackets and quotes percent-encoded: the address then never ends a Markdown link early.
  const spaced = text.replace(/[ ()<>"]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  if (scheme === 'mailto')
    return EMAIL.test(decodeSafe(spaced.slice(7).split('?')[0]!))
      ? { ok: true, href: `mailto:${spaced.slice(7)}` }
      : { ok: false, reason: 'invalid' };
  if (scheme === 'http' || scheme === 'https') return webAddress(spaced);
  if (text.startsWith('#')) return /^#\S+$/.test(spaced) ? { ok: true, href: spaced } : { ok: false, reason: 'invalid' };
  if (text.startsWith('/')) return text.startsWith('//') ? { ok: false, reason: 'unsafe' } : { ok: true, href: spaced };
  if (EMAIL.test(text)) return { ok: true, href: `mailto:${text}` };
  if (BARE_HOST.test(text)) return webAddress(`https://${text}`);
  return { ok: false, reason: 'invalid' };
}

function webAddress(text: string): LinkCheck {
  try {
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return { ok: false, reason: 'invalid' };
    // The address as typed (a Persian path stays readable in the Markdown), the scheme in lower case.
    return { ok: true, href: text.replace(SCHEME, (scheme) => scheme.toLowerCase()) };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
}

function decodeSafe(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether a link leaves this site (an absolute web address). */
export const isExternal = (href: string) => /^https?:\/\//i.test(href);
