import type { Locale } from '../../common/locales';
import type { AppConfig } from '../config';
import { type Mailer, mailSenders, messageHeaders } from './mailer';

/**
 * The Workers mail transport: an HTTP email API that takes Resend's JSON
 * (`POST {from, to, subject, html, text, headers}` with `Authorization: Bearer <key>`), which is
 * Resend itself by default (`MAIL_API_URL` = https://api.resend.com/emails). Configured by
 * `MAIL_API_KEY` and the senders (`MAIL_FROM`, or one per language); a 2xx answer means accepted.
 */
export function createHttpMailer(
  { apiUrl, apiKey, from }: { apiUrl: string; apiKey: string; from: Record<Locale, string> },
  fetcher: typeof fetch = fetch,
): Mailer {
  return {
    description: `HTTP API ${new URL(apiUrl).host}`,
    async send(message) {
      const response = await fetcher(apiUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          from: from[message.locale],
          to: [message.to],
          subject: message.subject,
          html: message.html,
          text: message.text,
          headers: messageHeaders(message),
        }),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 200);
        throw new Error(`The email API answered ${response.status}${detail ? `: ${detail}` : ''}`);
      }
    },
  };
}

/** The HTTP mailer when `MAIL_API_KEY` and a sender for both languages (server/mail/mailer.ts: mailSenders) are set. */
export function httpMailerFromConfig(config: AppConfig): Mailer | undefined {
  const from = mailSenders(config);
  if (!config.MAIL_API_KEY || !from) return undefined;
  return createHttpMailer({ apiUrl: config.MAIL_API_URL, apiKey: config.MAIL_API_KEY, from });
}
