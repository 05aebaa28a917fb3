import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string[];
  from: string;
  /** The `From` header as a mail client shows it (encoded words decoded): `Daftar <news@s.test>`. */
  sender: string;
  subject: string;
  html: string;
  text: string;
  /** Header names in lower case, values as sent (unfolded). */
  headers: Map<string, string>;
  raw: string;
};

function headerText(parsed: ParsedMail, name: string): string {
  const line = parsed.headerLines.find((header) => header.key === name)?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

/**
 * A real SMTP server on a free local port (the `smtp-server` package): every message it accepts is
 * parsed (`mailparser`) and kept, so tests read exactly what a mailbox would receive. No TLS and
 * any (or no) login, as a development mail catcher would.
 */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        try {
          const parsed = await simpleParser(raw);
          const headers = new Map<string, string>();
          for (const line of parsed.headerLines) headers.set(line.key, headerText(parsed, line.key));
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            sender: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            text: parsed.text ?? '',
            headers,
            raw,
          });
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  const smtp = {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    /** The messages to an address so far. */
    to: (email: string) => received.filter((mail) => mail.to.includes(email)),
    /** Waits (polling, up to `timeoutMs`) until `count` messages have reached an address. */
    async waitFor(email: string, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (smtp.to(email).length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} message(s) to ${email}, got ${smtp.to(email).length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return smtp.to(email);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return smtp;
}
export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpServer>>;

/** The first link in a mail's text part that starts with `prefix` (e.g. `http://site/fa/newsletter/confirm`). */
export function linkIn(mail: ReceivedMail, pattern: RegExp): string {
  const match = mail.text.match(pattern);
  if (!match) throw new Error(`No link matching ${pattern} in:\n${mail.text}`);
  return match[0];
}
