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
    // Messages are references in the spec's wording (common/zod-messages.ts), translated on the way out.
    const issues = result.error.issues.map(({ path, message, code }) => ({ path, message, code }));
    throw new AppError(400, 'api.validationFailed', { issues });
  }
  return result.data;
}
