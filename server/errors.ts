import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { MessageKey } from '../common/messages';

export type IssueLike = { path: PropertyKey[]; message: string; code?: string };

/**
 * A refusal a service raises on purpose: an HTTP status and a message key (common/messages.ts)
 * the HTTP layer turns into `{ statusCode, message, data? }` in the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: ContentfulStatusCode,
    readonly messageKey: MessageKey,
    readonly data?: { issues?: IssueLike[] } & Record<string, unknown>,
    /** Values for `{{name}}` placeholders in the message. */
    readonly values?: Record<string, string | number>,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

/** The longest message of one error a log line keeps. */
const LOGGED_MESSAGE_CHARS = 600;

/**
 * An error as one log entry, without the values of a failed statement: Drizzle's error says
 * `Failed query: … params: …` and carries the parameters, which for a save or a publish hold a
 * whole page's text (40 KB in one log entry, review 2026-12-07 scale-out F-10). Each error of the
 * cause chain gives its name, code and message (the parameters cut, a long message shortened),
 * and the outermost its stack's frames.
 */
export function errorForLog(error: unknown): string {
  const lines: string[] = [];
  for (let current: unknown = error, depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
    if (!(current instanceof Error)) {
      lines.push(`${depth ? 'caused by: ' : ''}${shorten(String(current))}`);
      break;
    }
    const code = (current as { code?: unknown }).code;
    const extended = (current as { extendedCode?: unknown }).extendedCode;
    const codes = [code, extended].filter((value) => typeof value === 'string' && value !== '').join(', ');
    const message = shorten(current.message.replace(/\nparams: [\s\S]*$/, '\nparams: (not logged)'));
    lines.push(`${depth ? 'caused by: ' : ''}${current.name}${codes ? ` [${codes}]` : ''}: ${message}`);
    if (depth === 0)
      lines.push(
        ...(current.stack ?? '')
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .slice(0, 12),
      );
    current = (current as { cause?: unknown }).cause;
  }
  return lines.join('\n');
}

function shorten(text: string) {
  return text.length > LOGGED_MESSAGE_CHARS ? `${text.slice(0, LOGGED_MESSAGE_CHARS)}… (${text.length} characters)` : text;
}
