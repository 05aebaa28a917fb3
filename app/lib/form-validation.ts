/**
 * How every form checks its fields (docs/spec.md §4): a field is first checked when it is left;
 * from then on it is checked as the user types, and a message appears 300 ms after typing stops
 * (a fixed field loses its message at once). Spread into every `useForm`.
 */
export const FORM_VALIDATION = { mode: 'onTouched', delayError: 300 } as const;
