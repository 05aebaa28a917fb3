// Modules scripts/reading-islands.ts provides at build time.
declare module 'virtual:reading-entries' {
  /** The reading script's address per locale and the chunks it imports (null in `vite dev`, where every page hydrates). */
  const entries: Record<'fa' | 'en', { src: string; preload: string[] }> | null;
  export default entries;
}
declare module 'virtual:reading-messages' {
  /** The page's locale's messages the islands use (one bundle per locale). */
  const messages: Record<string, unknown>;
  export default messages;
}
