import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteDraft, type EditorDraft, readDraft, writeDraft } from './drafts';
import type { EditorData } from './types';
import { initialFrontMatter, type PageContent } from './use-page-content';

/**
 * Edits kept in IndexedDB until they are saved: written half a second after typing, and offered back
 * (Restore / Discard) when the editor opens on a page with a kept draft that differs from the page.
 */
export function useKeptDraft(key: string, data: EditorData, content: PageContent) {
  const [offer, setOffer] = useState<EditorDraft | null>(null);
  const { latest, currentBody, replace } = content;
  const baseSha = data.document?.baseSha ?? null;

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void writeDraft({ key, frontMatter: latest.current.frontMatter, body: currentBody(), baseSha, savedAt: Date.now() });
    }, 500);
  }, [key, latest, currentBody, baseSha]);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
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
      if (upToDate) void deleteDraft(key);
    },
    [key],
  );

  const restore = (draft: EditorDraft) => {
    replace(draft);
    setOffer(null);
  };
  const discard = () => {
    void deleteDraft(key);
    setOffer(null);
  };

  return { offer, restore, discard, schedule, saved };
}

export type KeptDraft = ReturnType<typeof useKeptDraft>;
