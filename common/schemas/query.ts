import { z } from 'zod';
import { tooLong } from '../messages';

/** The longest search text (`?query=`) of a dashboard list; the dashboard's loaders cut their search boxes to it. */
export const LIST_SEARCH_MAX = 200;

/** `?query=` of a dashboard list: at most LIST_SEARCH_MAX characters, else a 400 naming `query`. */
export const listSearch = () => z.string().max(LIST_SEARCH_MAX, tooLong(LIST_SEARCH_MAX));

/** The furthest page a dashboard list may ask for: a bound on OFFSET, far beyond any real list. */
export const QUERY_PAGE_MAX = 100_000;

/** `?page=`: a whole number from 1 (the default) to `max`; anything else is a 400 naming `page`. */
export const queryPage = (max = QUERY_PAGE_MAX) =>
  z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(max, 'validation.invalid')
    .default(1);
