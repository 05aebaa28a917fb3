import Dexie, { type EntityTable } from 'dexie';
import type { PageFrontMatter } from '../../../../common/authoring';

/*
 * Unsaved edits, kept in IndexedDB per page (`{locale}/{path}`) while the author types, so a
 * reload, a crash or a closed tab loses nothing; offered back when the editor opens the page
 * again, deleted after a successful save or when the author discards them.
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

let instance: DraftDatabase | undefined;

function drafts(): DraftDatabase {
  if (!instance) {
    instance = new Dexie('editor-drafts') as DraftDatabase;
    instance.version(1).stores({ drafts: 'key, savedAt' });
  }
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

export const readDraft = (key: string) => quietly(() => drafts().drafts.get(key));
export const writeDraft = (draft: EditorDraft) => quietly(() => drafts().drafts.put(draft));
export const deleteDraft = (key: string) => quietly(() => drafts().drafts.delete(key));
