import type { Locale } from '../../common/locales';

/** One message as the newsletter sends it: both parts, and extra headers (List-Unsubscribe…). */
export type MailMessage = {
  to: string;
  /** The message's language: it picks the sender (`MAIL_FROM_FA`/`MAIL_FROM_EN`, else `MAIL_FROM`). */
  locale: Locale;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
};

/**
 * How the app sends mail, whatever carries it: SMTP through nodemailer on Node
 * (platforms/node/mailer.ts), an HTTP email API on Workers (http-mailer.ts). The platform entry
 * builds one from the configuration and passes it in `AppDeps.mailer`; without one the newsletter
 * is switched off. `send` resolves once the transport accepted the message and throws otherwise.
 */
export interface Mailer {
  /** Shown on the dashboard: which transport, without secrets (`SMTP mail.example.com`). */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
}

/** The sender settings a transport reads: one `MAIL_FROM`, and optionally one per language. */
export type SenderConfig = { MAIL_FROM?: string; MAIL_FROM_FA?: string; MAIL_FROM_EN?: string };

/**
 * The `From` of a message in each language: `MAIL_FROM_FA` for Persian mail and `MAIL_FROM_EN`
 * for English mail, each falling back to `MAIL_FROM` (README "Mail"). Undefined, and so mail off,
 * unless both languages have a sender.
 */
export function mailSenders(config: SenderConfig): Record<Locale, string> | undefined {
  const fa = config.MAIL_FROM_FA ?? config.MAIL_FROM;
  const en = config.MAIL_FROM_EN ?? config.MAIL_FROM;
  return fa && en ? { fa, en } : undefined;
}

/**
 * The headers a transport sends with a message: its own (List-Unsubscribe…) and the message's
 * language (`Content-Language`, RFC 3282), so clients and screen readers know it (D16).
 */
export function messageHeaders(message: MailMessage): Record<string, string> {
  return { 'Content-Language': message.locale, ...message.headers };
}
