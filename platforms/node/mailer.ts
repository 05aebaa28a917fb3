import type { Transporter } from 'nodemailer';
import type { AppConfig } from '../../server/config';
import type { Mailer } from '../../server/mail/mailer';

/** SMTP through nodemailer when `SMTP_URL` and `MAIL_FROM` are set (`smtps://` = TLS from the start). */
export function smtpMailerFromConfig(config: AppConfig): Mailer | undefined {
  if (!config.SMTP_URL || !config.MAIL_FROM) return undefined;
  const from = config.MAIL_FROM;
  const url = config.SMTP_URL;
  // nodemailer is loaded with the first message, not at every server start that sends none.
  let transport: Promise<Transporter> | undefined;
  return {
    description: `SMTP ${new URL(config.SMTP_URL).hostname}`,
    async send(message) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
      await (await transport).sendMail({
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
