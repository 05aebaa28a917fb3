import type { Locale } from '../../common/locales';
import { escapeHtml, htmlToText, mailButton, mailDate, mailParagraph, mailSafeHtml, renderMail } from './layout';
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
    readMembers: 'The rest is for members: sign in on the site to read it all',
    footer: 'You receive this because you subscribed to the {site} newsletter.',
    confirmFooter: 'You receive this because this address was entered in the newsletter form of {site}.',
    unsubscribe: 'Unsubscribe',
  },
  fa: {
    confirmSubject: 'عضویت در خبرنامهٔ {site} را تأیید کنید',
    confirmIntro: 'درخواستی برای فرستادن خبرنامهٔ {site} به این نشانی رسیده است.',
    confirmAction: 'تأیید عضویت',
    confirmExpiry:
      'این پیوند یک‌بار کار می‌کند و تا ۴۸ ساعت معتبر است. اگر شما درخواست نکرده‌اید، این پیام را نادیده بگیرید: چیزی فرستاده نمی‌شود.',
    readOnline: 'خواندن در سایت',
    readMembers: 'ادامه ویژهٔ اعضاست: برای خواندن همهٔ آن در سایت وارد شوید',
    footer: 'این پیام را می‌گیرید چون در خبرنامهٔ {site} عضو شده‌اید.',
    confirmFooter: 'این پیام را می‌گیرید چون این نشانی در فرم خبرنامهٔ {site} وارد شده است.',
    unsubscribe: 'لغو عضویت',
  },
} satisfies Record<Locale, Record<string, string>>;

type Words = keyof (typeof wording)['en'];
const say = (locale: Locale, key: Words, site: string) => wording[locale][key].replaceAll('{site}', site);

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
  siteUrl: string;
  confirmUrl: string;
  links: MailLinks;
}): MailMessage {
  const { locale, site, confirmUrl, links } = input;
  const { html, text } = renderMail({
    locale,
    site,
    siteUrl: input.siteUrl,
    title: say(locale, 'confirmSubject', site),
    bodyHtml: `${mailParagraph(say(locale, 'confirmIntro', site))}
${mailButton(say(locale, 'confirmAction', site), confirmUrl)}
${mailParagraph(say(locale, 'confirmExpiry', site), { muted: true })}`,
    text: [
      say(locale, 'confirmIntro', site),
      `${say(locale, 'confirmAction', site)}: ${confirmUrl}`,
      say(locale, 'confirmExpiry', site),
    ].join('\n\n'),
    footer: {
      text: say(locale, 'confirmFooter', site),
      link: { label: say(locale, 'unsubscribe', site), url: links.unsubscribePage },
    },
  });
  return {
    to: input.to,
    locale,
    subject: say(locale, 'confirmSubject', site),
    html,
    text,
    headers: unsubscribeHeaders(links.unsubscribeApi),
  };
}

/**
 * An issue's parts, frozen when it is queued: the page's title, its date (the page's, else the
 * day it is sent; Jalali in Persian) and its HTML made mail-safe (absolute links, images without
 * srcset or WebP, code left to right), with a link to the page; and the same as text.
 */
export function issueParts(input: {
  locale: Locale;
  title: string;
  html: string;
  pageUrl: string;
  origin: string;
  date: string | Date;
  /** A members page: `html` is its first block, and the link says the rest is on the site for members. */
  members?: boolean;
}) {
  const { locale } = input;
  const more = say(locale, input.members ? 'readMembers' : 'readOnline', '');
  const body = mailSafeHtml(input.html, { locale, siteUrl: input.origin });
  const date = mailDate(locale, input.date);
  return {
    subject: input.title,
    html: `<h1 style="font-size:26px;line-height:1.3;margin:0 0 8px;">${escapeHtml(input.title)}</h1>
<p style="margin:0 0 24px;font-size:14px;color:#57534e;">${escapeHtml(date)}</p>
${body}
<p style="margin-top:24px;"><a href="${escapeHtml(input.pageUrl)}" style="color:#1d4ed8;">${escapeHtml(more)}</a></p>`,
    text: `${input.title}\n${date}\n\n${htmlToText(body, { locale })}\n\n${more}: ${input.pageUrl}`,
  };
}

/** One recipient's copy of an issue: the frozen parts in the mail layout, with their own unsubscribe link. */
export function issueMail(input: {
  to: string;
  locale: Locale;
  site: string;
  siteUrl: string;
  subject: string;
  html: string;
  text: string;
  links: MailLinks;
}): MailMessage {
  const { locale, site, links } = input;
  const { html, text } = renderMail({
    locale,
    site,
    siteUrl: input.siteUrl,
    title: input.subject,
    showTitle: false,
    bodyHtml: input.html,
    text: input.text,
    footer: { text: say(locale, 'footer', site), link: { label: say(locale, 'unsubscribe', site), url: links.unsubscribePage } },
  });
  return { to: input.to, locale, subject: input.subject, html, text, headers: unsubscribeHeaders(links.unsubscribeApi) };
}
