import { z } from 'zod';
import { messageRef } from './messages';

/** The type a value has, in zod's vocabulary ('string', 'number', 'array', 'null', 'undefined' …). */
function typeOf(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  return typeof input;
}

/**
 * zod's default messages in the spec's wording (docs/spec.md §8): Required; Expected X, received Y;
 * String must contain at least N character(s); Invalid email. They are message references, so the
 * server answers and the forms show them in the reader's language. Schemas that give their own
 * message keep it; other issues keep zod's default.
 */
export const zodErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? messageRef('validation.required', {})
        : messageRef('validation.invalidType', { expected: issue.expected, received: typeOf(issue.input) });
    case 'too_small':
      return issue.origin === 'string' ? messageRef('validation.stringTooShort', { min: Number(issue.minimum) }) : undefined;
    case 'too_big':
      return issue.origin === 'string' ? messageRef('validation.stringTooLong', { max: Number(issue.maximum) }) : undefined;
    case 'invalid_format':
      return issue.format === 'email' ? messageRef('validation.invalidEmail', {}) : undefined;
    default:
      return undefined;
  }
};

z.config({ customError: zodErrorMap });
