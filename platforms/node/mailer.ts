import nodemailer from 'nodemailer';
import type { AppConfig } from '../../server/config';
import type { Mailer } from '../../server/mail/mailer';

/** SMTP through nodemailer when `SMTP_URL` and `MAIL_FROM` are set (`smtps://` = TLS from the start). */
export function smtpMailerFromConfig(config: AppConfig): Mailer | undefined {
  if (!config.SMTP_URL || !config.MAIL_FROM) return undefined;
  const from = config.MAIL_FROM;
  const transport = nodemailer.createTransport(config.SMTP_URL);
  return {
    description: `SMTP ${new URL(config.SMTP_URL).hostname}`,
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: message.headers,
      });
    },
  };
}
