import type { Locale } from '../../common/locales';
import { escapeHtml, htmlToText, localDigits, MAIL_COLORS, mailButton, mailDate, mailParagraph, renderMail } from './layout';
import type { MailMessage } from './mailer';

/*
 * The account mails (issue 27): confirming an e-mail address, a password reset link, and the
 * opt-in notifications. Wording here, layout from server/mail/layout.ts (RTL and Persian digits
 * in fa, a plain-text part).
 */

const wording = {
  en: {
    confirmSubject: 'Confirm your e-mail address for {site}',
    confirmIntro: 'The account {user} on {site} asked to use this address. Open the link to confirm it.',
    confirmAction: 'Confirm this address',
    confirmExpiry:
      'The link works once and expires in {hours} hours. Until then the account keeps its earlier address. If you did not ask for this, ignore this message.',
    confirmFooter: 'You receive this because this address was entered on an account of {site}.',
    resetSubject: 'Reset your password on {site}',
    resetIntro: 'Someone, hopefully you, asked to reset the password of the account {user} on {site}.',
    resetAction: 'Choose a new password',
    resetExpiry:
      'The link works once and expires in {hours} hour. Using it signs the account out on every device. If you did not ask for this, ignore this message: your password stays as it is.',
    resetFooter: 'You receive this because this address belongs to an account of {site}.',
    inviteSubject: '{inviter} invited you to {site}',
    inviteIntro:
      '{inviter} made you an account on {site}. Your user name is {user}. Open the link to choose your password and sign in.',
    inviteAction: 'Choose your password',
    inviteExpiry:
      'The link works once and expires in {hours} hours; after that, ask {inviter} for a new invitation. Choosing your password also confirms this address. If you do not know {site}, ignore this message.',
    inviteFooter: 'You receive this because {inviter} entered this address for an account of {site}.',
    replySubject: 'A reply to your comment on {site}',
    replyIntro: '{author} replied to your comment on “{page}”:',
    moderationSubject: 'A comment is waiting for moderation on {site}',
    moderationIntro: '{author} commented on “{page}”. The comment waits for moderation:',
    readComment: 'Open the page',
    moderate: 'Moderate comments',
    notifyFooter: 'You receive this because you turned on these notifications in your profile on {site}.',
    unsubscribe: 'Stop these mails',
    digestSubject: 'Your week on {site}',
    digestIntro: 'What happened on {site} from {from} to {to}:',
    digestViews: 'Page views: {n}',
    digestSubscribers: 'New confirmed newsletter subscribers: {n}',
    digestComments: 'New comments: {n} ({pending} waiting for moderation)',
    digestOutdated: 'Outdated translations: {n}',
    digestOpen: 'Open',
    digestDashboard: 'Open the dashboard',
    digestFooter: 'You receive this weekly digest because you turned it on in your profile on {site}.',
  },
  fa: {
    confirmSubject: 'نشانی ایمیلتان را در {site} تأیید کنید',
    confirmIntro: 'حساب {user} در {site} خواسته است این نشانی را به کار ببرد. برای تأیید آن پیوند را باز کنید.',
    confirmAction: 'تأیید این نشانی',
    confirmExpiry:
      'این پیوند یک‌بار کار می‌کند و تا {hours} ساعت معتبر است. تا آن زمان حساب نشانی پیشین خود را نگه می‌دارد. اگر شما درخواست نکرده‌اید، این پیام را نادیده بگیرید.',
    confirmFooter: 'این پیام را می‌گیرید چون این نشانی در یکی از حساب‌های {site} وارد شده است.',
    resetSubject: 'بازنشانی گذرواژه در {site}',
    resetIntro: 'درخواستی برای بازنشانی گذرواژهٔ حساب {user} در {site} رسیده است.',
    resetAction: 'انتخاب گذرواژهٔ تازه',
    resetExpiry:
      'این پیوند یک‌بار کار می‌کند و تا {hours} ساعت معتبر است. به کار بردن آن حساب را در همهٔ دستگاه‌ها از سیستم بیرون می‌برد. اگر شما درخواست نکرده‌اید، این پیام را نادیده بگیرید: گذرواژه‌تان تغییری نمی‌کند.',
    resetFooter: 'این پیام را می‌گیرید چون این نشانی از آنِ یکی از حساب‌های {site} است.',
    inviteSubject: '{inviter} شما را به {site} دعوت کرده است',
    inviteIntro:
      '{inviter} برایتان در {site} حسابی ساخته است. نام کاربری شما {user} است. برای انتخاب گذرواژه و ورود، پیوند را باز کنید.',
    inviteAction: 'انتخاب گذرواژه',
    inviteExpiry:
      'این پیوند یک‌بار کار می‌کند و تا {hours} ساعت معتبر است؛ پس از آن از {inviter} دعوت تازه‌ای بخواهید. با انتخاب گذرواژه، این نشانی هم تأیید می‌شود. اگر {site} را نمی‌شناسید، این پیام را نادیده بگیرید.',
    inviteFooter: 'این پیام را می‌گیرید چون {inviter} این نشانی را برای حسابی در {site} وارد کرده است.',
    replySubject: 'پاسخی به دیدگاه شما در {site}',
    replyIntro: '{author} به دیدگاه شما در «{page}» پاسخ داد:',
    moderationSubject: 'دیدگاهی در {site} در انتظار بررسی است',
    moderationIntro: '{author} در «{page}» دیدگاهی نوشت که در انتظار بررسی است:',
    readComment: 'باز کردن صفحه',
    moderate: 'بررسی دیدگاه‌ها',
    notifyFooter: 'این پیام را می‌گیرید چون این آگاه‌سازی‌ها را در نمایهٔ خود در {site} روشن کرده‌اید.',
    unsubscribe: 'دیگر نفرستید',
    digestSubject: 'هفتهٔ شما در {site}',
    digestIntro: 'آنچه از {from} تا {to} در {site} گذشت:',
    digestViews: 'بازدید صفحه‌ها: {n}',
    digestSubscribers: 'مشترکان تأییدشدهٔ تازهٔ خبرنامه: {n}',
    digestComments: 'دیدگاه‌های تازه: {n} ({pending} در انتظار بررسی)',
    digestOutdated: 'ترجمه‌های قدیمی‌شده: {n}',
    digestOpen: 'باز کردن',
    digestDashboard: 'باز کردن پیشخوان',
    digestFooter: 'این گزارش هفتگی را می‌گیرید چون آن را در نمایهٔ خود در {site} روشن کرده‌اید.',
  },
} satisfies Record<Locale, Record<string, string>>;

type Words = keyof (typeof wording)['en'];

/** A sentence with its `{name}` places filled (numbers in the locale's digits). */
function say(locale: Locale, key: Words, values: Record<string, string | number>) {
  return wording[locale][key].replace(/\{(\w+)\}/g, (all, name: string) => {
    const value = values[name];
    if (value === undefined) return all;
    // «تا یک ساعت», not «تا ۱ ساعت» (D17): a single hour is said in words.
    if (name === 'hours' && value === 1 && locale === 'fa') return 'یک';
    return typeof value === 'number' ? localDigits(locale, String(value)) : value;
  });
}

type Common = { to: string; locale: Locale; site: string; siteUrl: string };

/** An action mail: an intro, a button, its small print; the link in the text part too. */
function actionMail(
  { to, locale, site, siteUrl }: Common,
  subject: string,
  lines: { intro: string; action: string; url: string; small: string; footer: string },
  headers?: Record<string, string>,
): MailMessage {
  const { html, text } = renderMail({
    locale,
    site,
    siteUrl,
    title: subject,
    bodyHtml: `${mailParagraph(lines.intro)}${mailButton(lines.action, lines.url)}${mailParagraph(lines.small, { muted: true })}`,
    text: `${lines.intro}\n\n${lines.action}: ${lines.url}\n\n${lines.small}`,
    footer: { text: lines.footer },
  });
  return { to, locale, subject, html, text, ...(headers ? { headers } : {}) };
}

/** The link that confirms a new address on an account. */
export function emailConfirmationMail(input: Common & { userName: string; url: string; hours: number }): MailMessage {
  const values = { site: input.site, user: input.userName, hours: input.hours };
  return actionMail(input, say(input.locale, 'confirmSubject', values), {
    intro: say(input.locale, 'confirmIntro', values),
    action: say(input.locale, 'confirmAction', values),
    url: input.url,
    small: say(input.locale, 'confirmExpiry', values),
    footer: say(input.locale, 'confirmFooter', values),
  });
}

/** A one-time password reset link, asked for on the forgot-password page or by the CLI's `--mail`. */
export function passwordResetMail(input: Common & { userName: string; url: string; hours: number }): MailMessage {
  const values = { site: input.site, user: input.userName, hours: input.hours };
  return actionMail(input, say(input.locale, 'resetSubject', values), {
    intro: say(input.locale, 'resetIntro', values),
    action: say(input.locale, 'resetAction', values),
    url: input.url,
    small: say(input.locale, 'resetExpiry', values),
    footer: say(input.locale, 'resetFooter', values),
  });
}

/** An invitation: an administrator made the account; the link lets its person choose a password (and confirms the address). */
export function invitationMail(input: Common & { inviter: string; userName: string; url: string; hours: number }): MailMessage {
  const values = { site: input.site, user: input.userName, inviter: input.inviter, hours: input.hours };
  return actionMail(input, say(input.locale, 'inviteSubject', values), {
    intro: say(input.locale, 'inviteIntro', values),
    action: say(input.locale, 'inviteAction', values),
    url: input.url,
    small: say(input.locale, 'inviteExpiry', values),
    footer: say(input.locale, 'inviteFooter', values),
  });
}

/** One-click unsubscribe headers (RFC 8058: the List-Unsubscribe address answers a POST). */
const unsubscribeHeaders = (api: string) => ({
  'List-Unsubscribe': `<${api}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** The week's figures of the owner's digest (server/services/weekly-digest.ts). */
export type DigestFigures = { views: number; subscribers: number; comments: number; pending: number; outdated: number };

/**
 * The owner's weekly digest: the past 7 days' figures, each linked to its dashboard screen, in
 * the locale's digits and calendar, with a one-click unsubscribe.
 */
export function weeklyDigestMail(
  input: Common & {
    since: Date;
    until: Date;
    /** The site's time zone: the week's first and last days are its days. */
    timeZone: string;
    figures: DigestFigures;
    links: Record<'dashboard' | 'newsletter' | 'comments' | 'outdated', string>;
    unsubscribeUrl: string;
    unsubscribeApi: string;
  },
): MailMessage {
  const { locale, figures, links } = input;
  const values = {
    site: input.site,
    from: mailDate(locale, input.since, input.timeZone),
    to: mailDate(locale, input.until, input.timeZone),
  };
  const subject = say(locale, 'digestSubject', values);
  const intro = say(locale, 'digestIntro', values);
  const open = say(locale, 'digestOpen', values);
  const lines = [
    { text: say(locale, 'digestViews', { n: figures.views }), url: links.dashboard },
    { text: say(locale, 'digestSubscribers', { n: figures.subscribers }), url: links.newsletter },
    { text: say(locale, 'digestComments', { n: figures.comments, pending: figures.pending }), url: links.comments },
    { text: say(locale, 'digestOutdated', { n: figures.outdated }), url: links.outdated },
  ];
  const list = lines
    .map(
      (line) =>
        `<li>${escapeHtml(line.text)} — <a href="${escapeHtml(line.url)}" style="color:${MAIL_COLORS.link};">${escapeHtml(open)}</a></li>`,
    )
    .join('');
  const dashboard = say(locale, 'digestDashboard', values);
  const { html, text } = renderMail({
    locale,
    site: input.site,
    siteUrl: input.siteUrl,
    title: subject,
    bodyHtml: `${mailParagraph(intro)}<ul>${list}</ul>${mailButton(dashboard, links.dashboard)}`,
    text: `${intro}\n\n${lines.map((line) => `- ${line.text}: ${line.url}`).join('\n')}`,
    footer: {
      text: say(locale, 'digestFooter', values),
      link: { label: say(locale, 'unsubscribe', values), url: input.unsubscribeUrl },
    },
  });
  return { to: input.to, locale, subject, html, text, headers: unsubscribeHeaders(input.unsubscribeApi) };
}

/**
 * A notification (a reply to the reader's comment, or a comment waiting for moderation), with a
 * one-click unsubscribe (RFC 8058: the List-Unsubscribe address answers a POST).
 */
export function notificationMail(
  input: Common & {
    kind: 'reply' | 'moderation';
    author: string;
    page: string;
    /** The comment as readers see it: its Markdown-lite rendered and sanitised (D13). */
    bodyHtml: string;
    url: string;
    unsubscribeUrl: string;
    unsubscribeApi: string;
  },
): MailMessage {
  const values = { site: input.site, author: input.author, page: input.page };
  const reply = input.kind === 'reply';
  const subject = say(input.locale, reply ? 'replySubject' : 'moderationSubject', values);
  const intro = say(input.locale, reply ? 'replyIntro' : 'moderationIntro', values);
  const action = say(input.locale, reply ? 'readComment' : 'moderate', values);
  const unsubscribe = say(input.locale, 'unsubscribe', values);
  const { html, text } = renderMail({
    locale: input.locale,
    site: input.site,
    siteUrl: input.siteUrl,
    title: subject,
    bodyHtml: `${mailParagraph(intro)}<blockquote>${input.bodyHtml}</blockquote>${mailButton(action, input.url)}`,
    text: `${intro}\n\n${htmlToText(input.bodyHtml, { locale: input.locale })}\n\n${action}: ${input.url}`,
    footer: { text: say(input.locale, 'notifyFooter', values), link: { label: unsubscribe, url: input.unsubscribeUrl } },
  });
  return {
    to: input.to,
    locale: input.locale,
    subject,
    html,
    text,
    headers: unsubscribeHeaders(input.unsubscribeApi),
  };
}
