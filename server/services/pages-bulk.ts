import type { PageRef } from '../../common/authoring';
import type { MessageKey } from '../../common/messages';
import { AppError } from '../errors';
import { deletePage, getPage, type PageDeps, savePage } from './pages';
import { getSiteSettings } from './site';

export { BULK_PAGES_MAX } from '../../common/endpoints/pages';

export type BulkAction = { action: 'delete'; pages: PageRef[] } | { action: 'set-category'; pages: PageRef[]; category: string };

/** One page's outcome: applied, or refused with the status and message the single-page call gives. */
export type BulkPageResult = PageRef &
  ({ ok: true } | { ok: false; status: number; message: MessageKey; values?: Record<string, string | number> });

/**
 * `POST /api/pages/bulk`: the single-page delete or save applied to each page in turn, each making
 * the same pending change in the open build. A page the single call would refuse (not found, a
 * publish under way, a pending move…) is reported with that refusal and the others are applied.
 * The category is checked once against the site's categories (an unknown one refuses the request).
 */
export async function bulkPages(deps: PageDeps, userId: string, input: BulkAction): Promise<{ results: BulkPageResult[] }> {
  if (input.action === 'set-category') {
    const { cats } = await getSiteSettings(deps.db);
    if (!cats.includes(input.category))
      throw new AppError(400, 'api.validationFailed', {
        issues: [{ path: ['category'], message: 'validation.categoryUnknown' }],
      });
  }
  const results: BulkPageResult[] = [];
  for (const ref of input.pages) {
    try {
      if (input.action === 'delete') await deletePage(deps, userId, ref);
      else {
        const page = await getPage(deps, ref);
        if (page.frontMatter.cat !== input.category)
          await savePage(deps, userId, ref, {
            frontMatter: { ...page.frontMatter, cat: input.category },
            body: page.body,
          });
      }
      results.push({ ...ref, ok: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ ...ref, ok: false, status: error.statusCode, message: error.messageKey, values: error.values });
    }
  }
  return { results };
}
