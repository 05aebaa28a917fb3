import type { Dexie, EntityTable } from 'dexie';
import type { PageFrontMatter } from '../../../../common/authoring';

/*
 * Unsaved edits, kept in IndexedDB per page (`{locale}/{path}`) while the author types, so a
 * reload, a crash or a closed tab loses nothing; offered back when the editor opens the page
 * again, deleted after a successful save or when the author discards them. Dexie is imported on
 * first use: the server renders this screen but never opens IndexedDB, and browser-only packages
 * stay out of the server bundle (scripts/browser-only.ts).
 */
export type EditorDraft = {
  key: string;
  frontMatter: PageFrontMatter;
  body: string;
  /** The published version the edits started from, to tell the author when it has changed since. */
  baseSha: string | null;
  /** Milliseconds since the epoch. */
  savedAt: number;
};

type DraftDatabase = Dexie & { drafts: EntityTable<EditorDraft, 'key'> };

let instance: Promise<DraftDatabase> | undefined;

function drafts(): Promise<DraftDatabase> {
  instance ??= import('dexie').then(({ Dexie }) => {
    const db = new Dexie('editor-drafts') as DraftDatabase;
    db.version(1).stores({ drafts: 'key, savedAt' });
    return db;
  });
  // A failed load (offline, a new deploy's chunk) is tried again next time.
  instance.catch(() => {
    instance = undefined;
  });
  return instance;
}

export const draftKey = (locale: string, path: string) => `${locale}/${path}`;

/** Storage failures (private windows, full disks) never break the editor: they only log. */
async function quietly<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    console.warn('Editor drafts are not available:', error);
    return undefined;
  }
}

export const readDraft = (key: string) => quietly(async () => (await drafts()).drafts.get(key));
export const writeDraft = (draft: EditorDraft) => quietly(async () => (await drafts()).drafts.put(draft));
export const deleteDraft = (key: string) => quietly(async () => (await drafts()).drafts.delete(key));
