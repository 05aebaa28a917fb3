import type { Dexie, EntityTable } from 'dexie';
import type { PageFrontMatter } from '../../../../common/authoring';

/*
 * Unsaved edits, kept in IndexedDB per account and page (`{account id}/{locale}/{path}`) while the
 * author types, so a reload, a crash, a closed tab, a save the server refused (a full disk) or a
 * session that expired loses nothing; offered back when the same account opens the page again,
 * deleted after a successful save, when the author discards them, and when the account signs out
 * in this browser (a shared browser never offers one editor's text to the next: security review
 * 2026-12-07 F-54). Dexie is imported on first use: the server renders this screen but never opens
 * IndexedDB, and browser-only packages stay out of the server bundle (scripts/browser-only.ts).
 */
export type EditorDraft = {
  key: string;
  /** The account whose edits these are. Drafts kept before accounts were recorded have none. */
  userId?: string;
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
    // Drafts of version 1 were keyed by page only, whoever wrote them: nobody's to offer, so dropped.
    db.version(2)
      .stores({ drafts: 'key, savedAt, userId' })
      .upgrade((tx) => tx.table('drafts').clear());
    return db;
  });
  // A failed load (offline, a new deploy's chunk) is tried again next time.
  instance.catch(() => {
    instance = undefined;
  });
  return instance;
}

export const draftKey = (userId: string, locale: string, path: string) => `${userId}/${locale}/${path}`;

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

/**
 * At sign-out: the account's drafts leave this browser (and any without an account). A session that
 * expires is no sign-out: its drafts wait for the same account to sign in again.
 */
export const forgetDrafts = (userId: string | undefined) =>
  quietly(async () => (await drafts()).drafts.filter((draft) => !draft.userId || draft.userId === userId).delete());
