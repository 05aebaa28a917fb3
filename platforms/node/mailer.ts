import type { Transporter } from 'nodemailer';
import type { AppConfig } from '../../server/config';
import { type Mailer, mailSenders, messageHeaders } from '../../server/mail/mailer';

/**
 * SMTP through nodemailer when `SMTP_URL` and a sender for both languages are set (`MAIL_FROM`, or
 * `MAIL_FROM_FA` and `MAIL_FROM_EN`); `smtps://` = TLS from the start.
 */
export function smtpMailerFromConfig(config: AppConfig): Mailer | undefined {
  const senders = mailSenders(config);
  if (!config.SMTP_URL || !senders) return undefined;
  const url = config.SMTP_URL;
  // nodemailer is loaded with the first message, not at every server start that sends none.
  let transport: Promise<Transporter> | undefined;
  return {
    description: `SMTP ${new URL(config.SMTP_URL).hostname}`,
    async send(message) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
      await (await transport).sendMail({
        from: senders[message.locale],
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: messageHeaders(message),
      });
    },
  };
}
