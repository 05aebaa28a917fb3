import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from '../errors';

/** Parses a JSON body with a zod schema; bad input is a 400 with zod's issues (field paths). */
export async function readJson<Schema extends z.ZodType>(c: Context, schema: Schema): Promise<z.infer<Schema>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError(400, 'api.invalidJson');
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issues = result.error.issues.map(({ path, message, code, input }) => ({
      path,
      // zod's own wording for a missing field becomes the spec's 'Required'.
      message: code === 'invalid_type' && input === undefined ? 'validation.required' : message,
      code,
    }));
    throw new AppError(400, 'api.validationFailed', { issues });
  }
  return result.data;
}
