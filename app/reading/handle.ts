/*
 * Reading pages (decision 0007): home, content pages, logs, categories and search are server-rendered
 * and do not hydrate. Their route modules export `handle = readingHandle`; the root then leaves out
 * React Router's scripts and puts in the page's one module script (app/reading/entry.tsx).
 */
export const readingHandle = { hydrate: false } as const;

/**
 * Whether these route handles make a reading page (the public site). The root renders the owner's
 * head code there and app/entry.server.tsx extends the policy for it: the same test on both sides.
 */
export function isReadingPage(handles: readonly unknown[]): boolean {
  return handles.some((handle) => (handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}
