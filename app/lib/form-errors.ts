import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiRequestError } from './api';

/**
 * Puts the server's field errors (`data.issues`, already in the page's language) on their fields.
 * Returns the message to show above the form when the failure is not about a field, or undefined.
 */
export function applyServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fallback: string,
): string | undefined {
  if (!(error instanceof ApiRequestError)) return fallback;
  const values = form.getValues();
  let placed = false;
  for (const issue of error.failure.data?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values) {
      form.setError(field as Path<T>, { message: issue.message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed ? undefined : error.failure.message || fallback;
}
