import type { PageDocument, PageFrontMatter, PageRef, PageScheduleInfo, TranslationSource } from '../../../../common/authoring';

/** What the editor route's loader gives the screen (app/routes/manage/editor.server.ts). */
export type EditorData = {
  page: PageRef;
  /** The page as saved (published or pending); null when it does not exist yet (the editor creates it). */
  document: PageDocument | null;
  /** For a new page opened with `?from=fa/about`: that page's front matter, to translate. */
  from: { page: PageRef; frontMatter: PageFrontMatter } | null;
  /** Someone else's unpublished change to this page, which a save replaces. */
  pendingBy: { displayName: string; createdAt: string } | null;
  /** The page this one translates (or is translated from), shown beside the editor block by block; null for a page without a pair. */
  source: TranslationSource | null;
  /** When the open build publishes itself (ISO), which a save here joins unless the page has its own time (P1). */
  buildScheduledAt: string | null;
  /** The page's own schedule (null for a new page), and whether this user may set it (`builds.create`). */
  schedule: PageScheduleInfo | null;
  canSchedule: boolean;
  /** The page's translation in the other language, which can be scheduled with it. */
  translation: PageRef | null;
};
