/** Shareable previews (`POST /api/pages/{locale}/{path}/preview-link`): how long a link lives unless revoked. */
export const PREVIEW_LINK_DAYS_DEFAULT = 7;
export const PREVIEW_LINK_DAYS_MAX = 30;

/** A preview link as its creator sees it: the token only in the answer that made it. */
export type PreviewLink = { id: string; url: string; expiresAt: string };
/** An active link of a page (`GET …/preview-links`), without its token (only its hash is stored). */
export type PreviewLinkSummary = { id: string; createdAt: string; expiresAt: string; createdBy: string | null };
