import { formatDate, formatTime, localDigits } from '../../common/format';
import { parseVariantUrl } from '../../common/image-variants';
import { type Locale, localeDirection } from '../../common/locales';
import { absoluteAddress, absoluteHtml } from '../content/absolute-html';

/*
 * The one layout of every mail Daftar sends (newsletter, account mails…), so each reads right in
 * both languages (issue 25 part 7, issue 26 item 10):
 *
 * - Persian mail is right to left everywhere a client may look: `<html lang="fa" dir="rtl">`, the
 *   body, and each layout table cell carry `dir`, `align` and `text-align`; fonts are Vazirmatn,
 *   then the system's. English is left to right.
 * - Code blocks are always left-to-right and left-aligned, in Persian mail too.
 * - Dates are Jalali with Persian digits in Persian (`mailDate`), Gregorian in English; digits in
 *   Persian wording are Persian (`localDigits`).
 * - The body's relative links and images are made absolute against the site's address
 *   (server/content/absolute-html.ts, as in feeds and the public API);
 *   images lose `srcset`, `sizes`, `loading` and `decoding` (mail clients resolve a relative srcset
 *   against nothing, and a lazy image in a mail may never load) and point at the original upload —
 *   a JPEG or PNG as it was uploaded — never at the site's WebP copies, which many clients cannot show.
 * - The plain-text part starts each line with a right-to-left mark in Persian (a left-to-right mark
 *   on code lines), so clients that lay text out line by line show it the right way round.
 *
 * Usage (a whole mail in one call; escape every value you put into `bodyHtml` with `escapeHtml`):
 *
 *   const { html, text } = renderMail({
 *     locale, site: siteName[locale], siteUrl: origin, title: subject,
 *     bodyHtml: `<p>${escapeHtml(intro)}</p>${mailButton(label, url)}`,
 *     text: `${intro}\n\n${label}: ${url}`,
 *     footer: { text: why, link: { label: unsubscribe, url: unsubscribeUrl } },
 *   });
 */

export type MailLayoutInput = {
  locale: Locale;
  /** The site's name in the mail's locale: the line at the top, linked to the site's home. */
  site: string;
  /** The site's address (server/site-origin.ts mailOrigin), without a trailing slash. */
  siteUrl: string;
  /** The mail's title: the document's `<title>` and, unless `showTitle` is false, its heading. */
  title: string;
  /** False when `bodyHtml` already opens with its own heading (a newsletter issue). Default true. */
  showTitle?: boolean;
  /** Trusted HTML: the mail's content. Links and images are made mail-safe (see above). */
  bodyHtml: string;
  /** The same content as plain text (without title and footer: the layout adds them). */
  text: string;
  /** Why the reader gets this mail, and one link under it (unsubscribe, the account's settings). */
  footer?: { text: string; link?: { label: string; url: string } };
};

export type RenderedMail = { html: string; text: string };

const RIGHT_TO_LEFT_MARK = '\u200f';
/** The standard signature separator (RFC 3676 §4.3): dash, dash, space. */
const SIGNATURE_LINE = '-- ';

export const MAIL_COLORS = {
  page: '#f5f5f4',
  card: '#ffffff',
  text: '#1c1917',
  muted: '#57534e',
  rule: '#e7e5e4',
  primary: '#15803d',
  link: '#1d4ed8',
  code: '#f5f5f4',
} as const;

/** The widest the content column gets (px): images are never wider than this. */
export const MAIL_WIDTH = 640;
const CONTENT_WIDTH = MAIL_WIDTH - 2 * 24;

const FONTS: Record<Locale, string> = {
  fa: "Vazirmatn, Tahoma, 'Segoe UI', system-ui, -apple-system, Roboto, Arial, sans-serif",
  en: "-apple-system, system-ui, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
};
const MONOSPACE = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace";

export function escapeHtml(value: string) {
  return value.replace(/[<>&"']/g, (ch) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": '#39' }[ch]};`);
}

/**
 * A date as the reader reads it: Jalali with Persian digits in fa («۲۹ اسفند ۱۴۰۴»), Gregorian in
 * en. An instant's day is the one on the site's clock (`zone`, Settings → time zone); without a
 * zone the value is a calendar day (a page's `date:`), shown as written.
 */
export function mailDate(locale: Locale, date: Date | string | number, zone?: string) {
  return zone ? formatTime(locale, date, zone, 'date') : formatDate(locale, date);
}

/** A call-to-action link drawn as a button (a styled link: it works in every client). */
export function mailButton(label: string, url: string) {
  return `<p style="margin:24px 0;"><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 20px;border-radius:6px;background:${MAIL_COLORS.primary};color:#ffffff;text-decoration:none;font-weight:bold;">${escapeHtml(label)}</a></p>`;
}

/** A paragraph of plain text, escaped; `muted` for the small print. */
export function mailParagraph(text: string, { muted = false } = {}) {
  return muted ? `<p style="font-size:14px;color:${MAIL_COLORS.muted};">${escapeHtml(text)}</p>` : `<p>${escapeHtml(text)}</p>`;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

function decodeEntities(text: string) {
  return text.replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (all, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(Number(name.slice(1)));
    return entities[name.toLowerCase()] ?? all;
  });
}

/** A placeholder no text contains, for code blocks while the rest of the HTML becomes text. */
const CODE_SLOT = /\ue000(\d+)\ue000/g;

/** Marks a list item's start while the HTML becomes text (no text contains it). */
const ITEM = '\ue001';

/**
 * List items' markers: a dash in a bulleted list, the item's number in a numbered one (from its
 * `start`, in the locale's digits), so the plain text keeps the numbers the HTML shows (D15).
 */
function markListItems(html: string, locale: Locale): string {
  const lists: Array<{ ordered: boolean; next: number }> = [];
  return html.replace(/<(\/?)(ol|ul|li)\b([^>]*)>/gi, (_tag, closing: string, name: string, rest: string) => {
    const kind = name.toLowerCase();
    if (kind !== 'li') {
      if (closing) lists.pop();
      else lists.push({ ordered: kind === 'ol', next: Number(/\bstart="?(\d+)/i.exec(rest)?.[1] ?? 1) });
      return `<${closing}${kind}>`;
    }
    if (closing) return '';
    const list = lists.at(-1);
    const marker = list?.ordered ? `${localDigits(locale, String(list.next++))}.` : '-';
    return `\n${ITEM}${marker} `;
  });
}

/**
 * The plain-text part of HTML (our renderer's sanitised output, or a mail's own): block elements
 * become paragraphs, links keep their address in brackets, list items get a dash or their number,
 * a table row is one line with its cells between bars, code blocks keep their lines (indented by
 * four spaces), tags go. `locale` picks the digits of numbered items.
 */
export function htmlToText(html: string, { locale = 'en' }: { locale?: Locale } = {}): string {
  const codeBlocks: string[] = [];
  const withSlots = html.replace(/<pre[^>]*>([\s\S]*?)<\/pre>/gi, (_all, inner: string) => {
    const code = decodeEntities(inner.replace(/<[^>]+>/g, '')).replace(/\n+$/, '');
    codeBlocks.push(
      code
        .split('\n')
        .map((line) => `    ${line}`)
        .join('\n'),
    );
    return `\n\n\ue000${codeBlocks.length - 1}\ue000\n\n`;
  });
  return (
    decodeEntities(
      markListItems(withSlots, locale)
        .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
        .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_all, href: string, label: string) => {
          const text = label.replace(/<[^>]+>/g, '').trim();
          return text && text !== href ? `${text} [${href}]` : href;
        })
        .replace(/<br\s*\/?>/gi, '\n')
        // A table row on one line, its cells between bars.
        .replace(/<\/(td|th)>\s*<(td|th)[^>]*>/gi, ' | ')
        .replace(/<\/?(td|th)[^>]*>/gi, '')
        .replace(/<\/tr>/gi, '\n')
        .replace(/<\/(p|div|h[1-6]|ul|ol|blockquote|table|figure|figcaption|section)>/gi, '\n\n')
        .replace(/<(h[1-6]|p|ul|ol|blockquote|table|figure|figcaption|section)[^>]*>/gi, '\n\n')
        .replace(/<[^>]+>/g, ''),
    )
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      // List items (whose text sits in paragraphs) one per line.
      .replace(new RegExp(`^${ITEM}(\\S+) *\\n+`, 'gm'), `${ITEM}$1 `)
      .replace(new RegExp(`\\n+(?=${ITEM})`, 'g'), '\n')
      .replaceAll(ITEM, '')
      .trim()
      .replace(CODE_SLOT, (_all, index: string) => codeBlocks[Number(index)] ?? '')
  );
}

/**
 * A plain-text part for the locale's direction: in Persian each line starts with a right-to-left
 * mark, so a client that takes each line's direction from its first letter shows a line that
 * opens with an address, a digit or a dash the right way round. Code lines (four spaces in, from
 * `htmlToText`) get no mark: their first letter is Latin already, and a mark would be copied with
 * the code (D15). Nor does the signature line `-- ` (D18): clients recognise it only as it is.
 */
export function directedText(locale: Locale, text: string) {
  if (localeDirection[locale] === 'ltr') return text;
  return text
    .split('\n')
    .map((line) => {
      const bare = line.replace(/^[\u200e\u200f]+/, '');
      if (!bare || bare.startsWith('    ') || bare === SIGNATURE_LINE) return bare;
      return `${RIGHT_TO_LEFT_MARK}${bare}`;
    })
    .join('\n');
}

type Attributes = Map<string, string | undefined>;

function parseAttributes(source: string): Attributes {
  const attributes: Attributes = new Map();
  for (const match of source.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g))
    attributes.set((match[1] as string).toLowerCase(), match[2] ?? match[3] ?? match[4]);
  return attributes;
}

function writeTag(name: string, attributes: Attributes, selfClosing: boolean) {
  let out = `<${name}`;
  for (const [key, value] of attributes) out += value === undefined ? ` ${key}` : ` ${key}="${value.replaceAll('"', '&quot;')}"`;
  return `${out}${selfClosing ? ' /' : ''}>`;
}

/**
 * An image as mail clients can show it: the original upload's absolute address (a site WebP copy,
 * `….w768.webp`, is traded for its original), no `srcset`/`sizes`/`loading`/`decoding`, at most the
 * column's width (its height scaled to match) and never wider than the screen.
 */
function mailImage(attributes: Attributes, siteUrl: string) {
  for (const name of ['srcset', 'sizes', 'loading', 'decoding', 'fetchpriority']) attributes.delete(name);
  const src = attributes.get('src') ?? '';
  const path = src.startsWith(`${siteUrl}/`) ? src.slice(siteUrl.length) : src;
  attributes.set('src', absoluteAddress(parseVariantUrl(path)?.original ?? path, siteUrl));
  const width = Number(attributes.get('width'));
  const height = Number(attributes.get('height'));
  if (width > CONTENT_WIDTH) {
    attributes.set('width', String(CONTENT_WIDTH));
    if (height > 0) attributes.set('height', String(Math.round((height * CONTENT_WIDTH) / width)));
  }
  if (!attributes.has('style'))
    attributes.set('style', 'display:block;max-width:100%;height:auto;border:0;border-radius:4px;margin:0 auto;');
}

/**
 * The body's HTML made mail-safe: absolute links, mail images (above), code blocks left to right
 * and left-aligned with a background, inline code in a monospace face, quotes with a rule on the
 * reading side. Applying it twice changes nothing, and an element that has its own `style` keeps it.
 */
export function mailSafeHtml(html: string, { locale, siteUrl: site }: { locale: Locale; siteUrl: string }) {
  const siteUrl = site.replace(/\/+$/, '');
  const start = localeDirection[locale] === 'rtl' ? 'right' : 'left';
  let inPre = 0;
  return html.replace(
    /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g,
    (tag, closing: string, rawName: string, rest: string, selfClosing: string) => {
      const name = rawName.toLowerCase();
      if (name === 'pre') inPre += closing ? -1 : 1;
      if (closing) return tag;
      const attributes = parseAttributes(rest);
      const style = (value: string) => {
        if (!attributes.has('style')) attributes.set('style', value);
      };
      for (const key of ['href', 'src'])
        if (attributes.has(key)) attributes.set(key, absoluteAddress(attributes.get(key) ?? '', siteUrl));
      switch (name) {
        case 'img':
          mailImage(attributes, siteUrl);
          break;
        case 'pre':
          attributes.set('dir', 'ltr');
          attributes.set('align', 'left');
          style(
            `direction:ltr;text-align:left;unicode-bidi:isolate;background:${MAIL_COLORS.code};border:1px solid ${MAIL_COLORS.rule};border-radius:6px;padding:12px 16px;margin:16px 0;font-family:${MONOSPACE};font-size:14px;line-height:1.5;white-space:pre-wrap;word-break:break-word;overflow-x:auto;`,
          );
          break;
        case 'code':
          if (inPre) style(`font-family:${MONOSPACE};font-size:14px;`);
          else style(`font-family:${MONOSPACE};font-size:14px;background:${MAIL_COLORS.code};border-radius:4px;padding:1px 4px;`);
          break;
        case 'blockquote':
          style(`margin:16px 0;padding-${start}:16px;border-${start}:3px solid ${MAIL_COLORS.rule};color:${MAIL_COLORS.muted};`);
          break;
        case 'a':
          style(`color:${MAIL_COLORS.link};`);
          break;
        case 'ol':
          // Persian numbering (۱. ۲. ۳.) in Persian mail; clients without it fall back to 1. 2. 3.
          style(`list-style-type:${locale === 'fa' ? 'persian' : 'decimal'};`);
          break;
        case 'table':
          style('border-collapse:collapse;margin:16px 0;');
          break;
        case 'th':
        case 'td':
          style(`border:1px solid ${MAIL_COLORS.rule};padding:4px 8px;text-align:${start};`);
          break;
        default:
          return absoluteHtml(tag, siteUrl);
      }
      return writeTag(rawName, attributes, selfClosing === '/');
    },
  );
}

/**
 * One whole mail: the HTML document (the layout above around `bodyHtml`) and its plain-text part
 * (title, `text`, footer), in the locale's language, direction and digits. The caller supplies
 * the wording; nothing here is translated except the layout's direction, fonts and dates.
 */
export function renderMail(input: MailLayoutInput): RenderedMail {
  const { locale, site, title, footer } = input;
  const siteUrl = input.siteUrl.replace(/\/+$/, '');
  const dir = localeDirection[locale];
  const align = dir === 'rtl' ? 'right' : 'left';
  const cell = `dir="${dir}" align="${align}"`;
  const showTitle = input.showTitle ?? true;
  const home = `${siteUrl}/${locale}`;
  const footerHtml = footer
    ? `<tr><td ${cell} style="padding:16px 24px 24px;border-top:1px solid ${MAIL_COLORS.rule};font-family:${FONTS[locale]};font-size:13px;line-height:1.7;color:${MAIL_COLORS.muted};direction:${dir};text-align:${align};">${escapeHtml(footer.text)}${
        footer.link
          ? ` <a href="${escapeHtml(footer.link.url)}" style="color:${MAIL_COLORS.link};">${escapeHtml(footer.link.label)}</a>`
          : ''
      }</td></tr>`
    : '';
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="x-apple-disable-message-reformatting"><title>${escapeHtml(title)}</title></head>
<body dir="${dir}" style="margin:0;padding:0;background:${MAIL_COLORS.page};direction:${dir};text-align:${align};">
<table role="presentation" dir="${dir}" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${MAIL_COLORS.page};">
<tr><td align="center" dir="${dir}" style="padding:24px 8px;">
<table role="presentation" dir="${dir}" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:${MAIL_WIDTH}px;background:${MAIL_COLORS.card};border-radius:8px;">
<tr><td ${cell} style="padding:24px 24px 8px;font-family:${FONTS[locale]};direction:${dir};text-align:${align};"><a href="${escapeHtml(home)}" style="font-weight:bold;color:${MAIL_COLORS.primary};text-decoration:none;">${escapeHtml(site)}</a></td></tr>
<tr><td ${cell} style="padding:8px 24px 24px;font-family:${FONTS[locale]};font-size:16px;line-height:1.8;color:${MAIL_COLORS.text};direction:${dir};text-align:${align};">
${showTitle ? `<h1 style="font-size:24px;line-height:1.4;margin:0 0 16px;">${escapeHtml(title)}</h1>\n` : ''}${mailSafeHtml(input.bodyHtml, { locale, siteUrl })}
</td></tr>
${footerHtml}
</table>
</td></tr>
</table>
</body>
</html>`;
  const textParts = [showTitle ? title : '', input.text.trim()];
  if (footer)
    textParts.push(SIGNATURE_LINE, footer.link ? `${footer.text}\n${footer.link.label}: ${footer.link.url}` : footer.text);
  return { html, text: directedText(locale, textParts.filter(Boolean).join('\n\n')) };
}

export { localDigits };
