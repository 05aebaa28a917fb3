/** One message as the newsletter sends it: both parts, and extra headers (List-Unsubscribe…). */
export type MailMessage = {
  to: string;
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
