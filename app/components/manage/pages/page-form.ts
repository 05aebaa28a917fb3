import { z } from 'zod';
import { PAGE_PATH_MAX, pagePathProblem, pageSlug } from '../../../../common/authoring';
import { type Locale, locales } from '../../../../common/locales';
import { messageRef, tooLong } from '../../../../common/messages';
import { foldSlug } from '../../../../common/persian-fold';
import { ApiRequestError } from '../../../lib/api';

/*
 * The create and move forms. Messages are message keys (common/messages.ts), so both languages
 * get the words; the path rule is the API's own (`pagePathProblem`), so the browser refuses what
 * the server would.
 */
const pagePath = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(PAGE_PATH_MAX, 'api.pagePathInvalid')
  .refine((path) => pagePathProblem(path) !== 'invalid', 'api.pagePathInvalid')
  // Typed with Arabic ي ى ك ھ, stored (and opened in the editor) in the Persian spelling, as the API stores it.
  .transform((path) => foldSlug(path.normalize('NFC')));

/** A path the site keeps for itself (`manage`, `api`…) is refused, naming the address it would have had. */
function notReserved(form: { locale: Locale; path: string }, context: z.RefinementCtx) {
  if (pagePathProblem(form.path) === 'reserved')
    context.addIssue({
      code: 'custom',
      path: ['path'],
      message: messageRef('api.pagePathReserved', { path: `/${form.locale}/${pageSlug(form.path)}` }),
    });
}

export const createPageSchema = z
  .object({
    locale: z.enum(locales),
    title: z.string().trim().min(1, 'validation.required').max(200, tooLong(200)),
    path: pagePath,
    cat: z.string(),
  })
  .superRefine(notReserved);
export type CreatePageForm = z.infer<typeof createPageSchema>;

export const movePageSchema = z.object({ locale: z.enum(locales), path: pagePath }).superRefine(notReserved);
export type MovePageForm = z.infer<typeof movePageSchema>;

/**
 * The API names front-matter fields `frontMatter.title`; the form calls them `title`. Rewrites
 * the issues so `applyServerErrors` puts them on the form's fields.
 */
export function withFormFields(error: unknown): unknown {
  if (!(error instanceof ApiRequestError) || !error.failure.data?.issues) return error;
  const issues = error.failure.data.issues.map((issue) =>
    issue.path[0] === 'frontMatter' ? { ...issue, path: issue.path.slice(1) } : issue,
  );
  return new ApiRequestError({ ...error.failure, data: { ...error.failure.data, issues } });
}
