import { afterEach, vi } from 'vitest';

// An unexpected console.error is a failure (STYLE.md); tests that expect one mock it themselves.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length > 0) throw new Error(`Unexpected console.error: ${seen.map((args) => args.join(' ')).join('\n')}`);
});
