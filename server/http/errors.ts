import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

/** The one JSON error shape of the API (DESIGN.md): `{ statusCode, message, data?: { issues } }`. */
export type ApiError = { statusCode: number; message: string; data?: { issues?: z.core.$ZodIssue[] } & Record<string, unknown> };

export class HttpError extends Error {
  constructor(
    readonly statusCode: ContentfulStatusCode,
    message: string,
    readonly data?: ApiError['data'],
  ) {
    super(message);
  }
}

export function errorJson(c: Context, statusCode: ContentfulStatusCode, message: string, data?: ApiError['data']) {
  const body: ApiError = data ? { statusCode, message, data } : { statusCode, message };
  return c.json(body, statusCode);
}

/** Turns anything thrown into a clean response; stack traces are logged, never sent. */
export function handleError(error: unknown, c: Context) {
  if (error instanceof HttpError) return errorJson(c, error.statusCode, error.message, error.data);
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return errorJson(c, status, error.message || 'Request failed');
  }
  console.error(error);
  return errorJson(c, 500, 'Internal Server Error');
}
