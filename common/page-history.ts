import type { PageFrontMatter, PageRef } from './authoring';

/*
 * A page's history (`GET /api/pages/{locale}/{path}/history?page=`): the commits of the content
 * repository that changed its file, following the moves Daftar published, newest first.
 */

/** Versions per page of the history. */
export const HISTORY_PAGE_SIZE = 20;

/** One commit that changed the page's file. `deleted`: the commit removed the file (the page was deleted or moved away). */
export type PageVersion = {
  commit: string;
  date: string;
  /** The commit's author (the person who published the build). */
  author: string;
  message: string;
  /** The build that made the commit, when Daftar published it. */
  build: { id: number; title: string } | null;
  /** Where the file was in that commit (it differs before a move). */
  page: PageRef;
  deleted: boolean;
};

export type PageHistory = { items: PageVersion[]; page: number; pageSize: number; hasMore: boolean };

/** `GET /api/pages/{locale}/{path}/history/{commit}`: the page as that commit left it, with its diff to the current text. */
export type PageVersionDetail = PageVersion & {
  /** Null when the commit deleted the file. */
  frontMatter: PageFrontMatter | null;
  body: string | null;
  /** Unified diff from this version to the page's current text (the pending version when there is one). */
  diff: string;
};
