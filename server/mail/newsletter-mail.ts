import { type Locale, localeDirection } from '../../common/locales';
import type { MailMessage } from './mailer';

/** The newsletter's mail wording, in the subscriber's language. */
const wording = {
  en: {
    confirmSubject: 'Confirm your subscription to {site}',
    confirmIntro: 'Someone, hopefully you, asked to receive the {site} newsletter at this address.',
    confirmAction: 'Confirm subscription',
    confirmExpiry:
      'The link works once and expires in 48 hours. If you did not ask for this, ignore this message: nothing will be sent.',
    readOnline: 'Read it on the site',
    footer: 'You receive this because you subscribed to the {site} newsletter.',
    confirmFooter: 'You receive this because this address was entered in the newsletter form of {site}.',
    unsubscribe: 'Unsubscribe',
  },
  fa: {
    confirmSubject: 'عضویت در خبرنامهٔ {site} را تأیید کنید',
    confirmIntro: 'کسی، که امیدواریم خودتان باشید، خواسته است خبرنامهٔ {site} به این نشانی فرستاده شود.',
    confirmAction: 'تأیید عضویت',
    confirmExpiry:
      'این پیوند یک‌بار کار می‌کند و تا ۴۸ ساعت معتبر است. اگر شما درخواست نکرده‌اید، این پیام را نادیده بگیرید: چیزی فرستاده نمی‌شود.',
    readOnline: 'خواندن در سایت',
    footer: 'این پیام را می‌گیرید چون در خبرنامهٔ {site} عضو شده‌اید.',
    confirmFooter: 'این پیام را می‌گیرید چون این نشانی در فرم خبرنامهٔ {site} وارد شده است.',
    unsubscribe: 'لغو عضویت',
  },
} satisfies Record<Locale, Record<string, string>>;

type Words = keyof (typeof wording)['en'];
const say = (locale: Locale, key: Words, site: string) => wording[locale][key].replaceAll('{site}', site);

export function escapeHtml(value: string) {
  return value.replace(/[<>&"']/g, (ch) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": '#39' }[ch]};`);
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/**
 * The plain-text part of a page's HTML (our renderer's sanitised output): block elements become
 * paragraphs, links keep their address in brackets, list items get a dash, tags go.
 */
export function htmlToText(html: string): string {
  return (
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
      .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_all, href: string, label: string) => {
        const text = label.replace(/<[^>]+>/g, '').trim();
        return text && text !== href ? `${text} [${href}]` : href;
      })
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<li[^>]*>/gi, '\n- ')
      .replace(/<\/(p|div|h[1-6]|ul|ol|blockquote|pre|table|tr|figure|section)>/gi, '\n\n')
      .replace(/<(h[1-6]|p|ul|ol|blockquote|pre|table|figure|section)[^>]*>/gi, '\n\n')
      .replace(/<(td|th)[^>]*>/gi, ' ')
      .replace(/<[^>]+>/g, '')
      .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (all, name: string) => {
        if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
        if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(Number(name.slice(1)));
        return entities[name.toLowerCase()] ?? all;
      })
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      // List items (whose text sits in paragraphs) one per line.
      .replace(/^-\n+/gm, '- ')
      .replace(/\n\n(?=- )/g, '\n')
      .trim()
  );
}

/** Site-relative `href`/`src` (`/media/…`, `/fa/about`) made absolute: a mail has no base address. */
export function absoluteLinks(html: string, origin: string): string {
  return html.replace(/\s(href|src)="\/(?!\/)/g, (_all, attr: string) => ` ${attr}="${origin}/`);
}

/** One mail's HTML document: direction and language of the subscriber's locale, a readable width, a footer. */
function layout(locale: Locale, site: string, content: string, unsubscribeUrl: string, footer: Words = 'footer') {
  const dir = localeDirection[locale];
  const align = dir === 'rtl' ? 'right' : 'left';
  const font =
    locale === 'fa'
      ? "Vazirmatn, Tahoma, 'Segoe UI', sans-serif"
      : "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
  return `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(site)}</title></head>
<body dir="${dir}" style="margin:0;padding:0;background:#f5f5f4;">
<div dir="${dir}" style="max-width:640px;margin:0 auto;padding:24px;font-family:${font};font-size:16px;line-height:1.7;color:#1c1917;text-align:${align};background:#ffffff;">
<p style="margin:0 0 16px;font-weight:bold;color:#15803d;">${escapeHtml(site)}</p>
${content}
<hr style="border:none;border-top:1px solid #e7e5e4;margin:32px 0 16px;">
<p style="margin:0;font-size:13px;color:#57534e;">${escapeHtml(say(locale, footer, site))} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#1d4ed8;">${escapeHtml(say(locale, 'unsubscribe', site))}</a></p>
</div>
</body>
</html>`;
}

/** RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` to the API address. */
export function unsubscribeHeaders(apiUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${apiUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export type MailLinks = { unsubscribePage: string; unsubscribeApi: string };

/** The double opt-in mail: a link to the confirmation page (which confirms only with its button). */
export function confirmationMail(input: {
  to: string;
  locale: Locale;
  site: string;
  confirmUrl: string;
  links: MailLinks;
}): MailMessage {
  const { locale, site, confirmUrl, links } = input;
  const html = layout(
    locale,
    site,
    `<p>${escapeHtml(say(locale, 'confirmIntro', site))}</p>
<p style="margin:24px 0;"><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;padding:10px 20px;border-radius:6px;background:#15803d;color:#ffffff;text-decoration:none;font-weight:bold;">${escapeHtml(say(locale, 'confirmAction', site))}</a></p>
<p style="font-size:14px;color:#57534e;">${escapeHtml(say(locale, 'confirmExpiry', site))}</p>`,
    links.unsubscribePage,
    'confirmFooter',
  );
  const text = [
    say(locale, 'confirmIntro', site),
    `${say(locale, 'confirmAction', site)}: ${confirmUrl}`,
    say(locale, 'confirmExpiry', site),
    '--',
    `${say(locale, 'confirmFooter', site)}\n${say(locale, 'unsubscribe', site)}: ${links.unsubscribePage}`,
  ].join('\n\n');
  return {
    to: input.to,
    subject: say(locale, 'confirmSubject', site),
    html,
    text,
    headers: unsubscribeHeaders(links.unsubscribeApi),
  };
}

/** An issue's parts, frozen when it is queued: the page's HTML with absolute links, and its text. */
export function issueParts(input: { locale: Locale; title: string; html: string; pageUrl: string; origin: string }) {
  const body = absoluteLinks(input.html, input.origin);
  return {
    subject: input.title,
    html: `<h1 style="font-size:26px;line-height:1.3;margin:0 0 16px;">${escapeHtml(input.title)}</h1>
${body}
<p style="margin-top:24px;"><a href="${escapeHtml(input.pageUrl)}" style="color:#1d4ed8;">${escapeHtml(say(input.locale, 'readOnline', ''))}</a></p>`,
    text: `${input.title}\n\n${htmlToText(body)}\n\n${say(input.locale, 'readOnline', '')}: ${input.pageUrl}`,
  };
}

/** One recipient's copy of an issue: the frozen parts in the mail layout, with their own unsubscribe link. */
export function issueMail(input: {
  to: string;
  locale: Locale;
  site: string;
  subject: string;
  html: string;
  text: string;
  links: MailLinks;
}): MailMessage {
  const { locale, site, links } = input;
  return {
    to: input.to,
    subject: input.subject,
    html: layout(locale, site, input.html, links.unsubscribePage),
    text: `${input.text}\n\n--\n${say(locale, 'footer', site)}\n${say(locale, 'unsubscribe', site)}: ${links.unsubscribePage}`,
    headers: unsubscribeHeaders(links.unsubscribeApi),
  };
}
