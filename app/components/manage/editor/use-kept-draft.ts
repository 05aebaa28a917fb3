import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteDraft, draftKey, type EditorDraft, readDraft, writeDraft } from './drafts';
import type { EditorData } from './types';
import { initialFrontMatter, type PageContent } from './use-page-content';

/**
 * Edits kept in IndexedDB until they are saved: written half a second after typing (at once when a
 * save fails), and offered back (Restore / Discard) when the same account opens the editor on a page
 * with a kept draft that differs from the page. `userId`: the signed-in account (none: nothing kept).
 */
export function useKeptDraft(userId: string | null, data: EditorData, content: PageContent) {
  const [offer, setOffer] = useState<EditorDraft | null>(null);
  const { latest, currentBody, replace } = content;
  const baseSha = data.document?.baseSha ?? null;
  const key = userId ? draftKey(userId, data.page.locale, data.page.path) : null;

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** Writes the edits now; answers whether this browser kept them. */
  const keep = useCallback(async () => {
    clearTimeout(timer.current);
    if (!key || !userId) return false;
    const body = currentBody();
    const kept = await writeDraft({ key, userId, frontMatter: latest.current.frontMatter, body, baseSha, savedAt: Date.now() });
    return kept !== undefined;
  }, [key, userId, latest, currentBody, baseSha]);
  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void keep(), 500);
  }, [keep]);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!key) return;
    let live = true;
    void readDraft(key).then((draft) => {
      if (!live || !draft) return;
      const same =
        draft.body === (data.document?.body ?? '') &&
        JSON.stringify(draft.frontMatter) === JSON.stringify(initialFrontMatter(data));
      if (same) void deleteDraft(key);
      else setOffer(draft);
    });
    return () => {
      live = false;
    };
  }, [key, data]);

  /** After a save: no draft write is pending, and the kept draft goes if nothing changed since the save began. */
  const saved = useCallback(
    (upToDate: boolean) => {
      clearTimeout(timer.current);
      if (upToDate && key) void deleteDraft(key);
    },
    [key],
  );

  const restore = (draft: EditorDraft) => {
    replace(draft);
    setOffer(null);
  };
  const discard = () => {
    if (key) void deleteDraft(key);
    setOffer(null);
  };

  return { offer, restore, discard, schedule, saved, keep };
}

export type KeptDraft = ReturnType<typeof useKeptDraft>;
