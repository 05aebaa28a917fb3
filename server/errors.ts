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
