import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, type IssueLike } from '../errors';

/** The 400 for input that fails its schema: zod's issues (field paths), translated on the way out. */
function invalidInput(issues: readonly IssueLike[]): AppError {
  // Messages are references in the spec's wording (common/zod-messages.ts), translated on the way out.
  return new AppError(400, 'api.validationFailed', {
    issues: issues.map(({ path, message, code }) => ({ path, message, code })),
  });
}

/** Parses a JSON body with a zod schema; bad input is a 400 with zod's issues (field paths). */
export async function readJson<Schema extends z.ZodType>(c: Context, schema: Schema): Promise<z.infer<Schema>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError(400, 'api.invalidJson');
  }
  const result = schema.safeParse(body);
  if (!result.success) throw invalidInput(result.error.issues);
  return result.data;
}

/**
 * Parses the query string with a zod object schema, as readJson does a body (the same schema is the
 * documented query of its endpoint declaration, common/endpoints/). An empty value counts as
 * absent (a GET form sends its empty fields). A parameter the schema knows, given twice (`?page=1&page=2`), is a 400 naming it
 * rather than one copy silently winning; parameters it does not know are ignored.
 */
export function readQuery<Schema extends z.ZodObject>(c: Context, schema: Schema): z.infer<Schema> {
  const input: Record<string, string> = {};
  const repeated: IssueLike[] = [];
  // Hono's map has no prototype, and only the schema's own keys are copied: `__proto__` stays a name.
  const given = c.req.queries();
  for (const key of Object.keys(schema.shape)) {
    const values = Object.hasOwn(given, key) ? given[key]!.filter((value) => value !== '') : [];
    if (values.length > 1) repeated.push({ path: [key], message: 'validation.invalid', code: 'custom' });
    else if (values.length === 1) input[key] = values[0]!;
  }
  const result = schema.safeParse(input);
  if (!result.success || repeated.length) {
    const failed = result.success
      ? []
      : result.error.issues.filter((issue) => !repeated.some((r) => r.path[0] === issue.path[0]));
    throw invalidInput([...repeated, ...failed]);
  }
  return result.data;
}

export { LIST_SEARCH_MAX, listSearch, QUERY_PAGE_MAX, queryPage } from '../../common/schemas/query';

/** Row ids in a path are positive whole numbers; anything else names nothing (404). */
export function numericId(value: string): number {
  const id = Number(value);
  if (!/^[1-9][0-9]{0,15}$/.test(value) || !Number.isSafeInteger(id)) throw new AppError(404, 'api.notFound');
  return id;
}
