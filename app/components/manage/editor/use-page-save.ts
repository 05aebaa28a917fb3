import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageFrontMatter, SavedChange } from '../../../../common/authoring';
import type { Locale } from '../../../../common/locales';
import { ApiRequestError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { toast } from '../../ui/toast';
import type { EditorData } from './types';
import { useAutosave } from './use-autosave';
import type { KeptDraft } from './use-kept-draft';
import type { PageContent } from './use-page-content';

/** Empty optional fields are left out, so the file gets no `thumbnail: ""` the indexer would refuse. */
function cleanFrontMatter(frontMatter: PageFrontMatter): PageFrontMatter {
  return Object.fromEntries(
    Object.entries(frontMatter).filter(
      ([key, value]) => key === 'title' || (value !== undefined && value !== null && value !== ''),
    ),
  ) as PageFrontMatter;
}

/** A refused save as the form shows it: the front matter fields' messages, or one line for the form, and whether it was a conflict. */
function saveFailure(error: ApiRequestError, t: TFunction) {
  const { statusCode, message: reason, data: details } = error.failure;
  const fields: Record<string, string> = {};
  for (const issue of details?.issues ?? [])
    if (issue.path[0] === 'frontMatter' && typeof issue.path[1] === 'string') fields[issue.path[1]] ??= issue.message;
  const conflict = !Object.keys(fields).length && statusCode === 409;
  const formError = Object.keys(fields).length
    ? t('editor.fixFields')
    : conflict
      ? `${t('editor.conflict')}: ${reason}`
      : reason || t('editor.saveFailed');
  return { fields, formError, conflict, reason };
}

/** Ctrl/Cmd+S anywhere on the page runs `save`. */
function useSaveShortcut(save: () => void) {
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * Saving the page as a pending change in the open build: by the author (Save, Ctrl+S) or automatically
 * a few seconds after typing stops; the save state, the refused fields and a conflict with someone
 * else's change (which stops the automatic save until the author saves by hand).
 */
export function usePageSave({
  data,
  locale,
  content,
  draft,
}: {
  data: EditorData;
  locale: Locale;
  content: PageContent;
  draft: KeptDraft;
}) {
  const { t } = useTranslation();
  const { page } = data;
  const { latest, currentBody, setBody } = content;
  const [created, setCreated] = useState(data.document !== null);
  const [savedRevision, setSavedRevision] = useState(0);
  const [saving, setSaving] = useState(false);
  const [lastSave, setLastSave] = useState<Date | null>(null);
  /** The last save was the author's own (Save, Ctrl+S), not the automatic one: the "see the open build" notice. */
  const [savedByHand, setSavedByHand] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  /** The change note sent with the save. */
  const [message, setMessage] = useState('');
  const createdRef = useRef(created);
  createdRef.current = created;

  const saveRef = useRef<(options?: { auto?: boolean }) => Promise<void>>(async () => undefined);
  const autosave = useAutosave(
    () => {
      const { title } = latest.current.frontMatter;
      // A page without a title cannot be saved yet: nothing is sent until it has one.
      if (typeof title === 'string' && title.trim()) void saveRef.current({ auto: true });
    },
    { stopped: data.pendingBy !== null },
  );

  const save = useCallback(
    async ({ auto = false }: { auto?: boolean } = {}) => {
      if (saving) {
        // A change typed while a save runs is saved after it.
        if (auto) autosave.schedule();
        return;
      }
      if (!auto) autosave.cancel();
      const markdown = currentBody();
      const started = latest.current.revision;
      setBody(markdown);
      setSaving(true);
      setErrors({});
      setFormError(null);
      try {
        await api.pages.save<SavedChange>({
          params: page,
          locale,
          body: {
            frontMatter: cleanFrontMatter(latest.current.frontMatter),
            body: markdown,
            message: message.trim() || undefined,
            baseSha: data.document?.baseSha ?? null,
          },
          // A page that does not exist yet is created, never written over one someone else created.
          headers: createdRef.current ? undefined : { 'If-None-Match': '*' },
        });
        setCreated(true);
        setSavedRevision(started);
        setLastSave(new Date());
        setSavedByHand(!auto);
        // The change note stays for the author's own Save; an automatic save sends it as it stands.
        if (!auto) {
          setMessage('');
          autosave.resume();
        }
        draft.saved(latest.current.revision === started);
        if (!auto) toast({ title: t('editor.saved'), description: t('editor.savedDetail'), color: 'success' });
      } catch (error) {
        if (!(error instanceof ApiRequestError)) throw error;
        const failure = saveFailure(error, t);
        setErrors(failure.fields);
        if (failure.conflict) autosave.stop();
        // The server could not take the text (a full disk, a busy database, no network, a session that
        // ended): it is written to this browser now, and the author is told whether it was kept.
        const { statusCode } = error.failure;
        const serverFault = !Object.keys(failure.fields).length && (statusCode === 0 || statusCode === 401 || statusCode >= 500);
        const kept = serverFault ? t((await draft.keep()) ? 'editor.keptInBrowser' : 'editor.notKeptInBrowser') : '';
        setFormError(kept ? `${failure.formError} ${kept}` : failure.formError);
        if (!auto)
          toast({
            title: t('editor.saveFailed'),
            description: kept ? `${failure.reason} ${kept}` : failure.reason,
            color: 'error',
          });
      } finally {
        setSaving(false);
      }
    },
    [saving, currentBody, latest, setBody, page, locale, message, data.document?.baseSha, draft.saved, draft.keep, t, autosave],
  );
  saveRef.current = save;
  useSaveShortcut(() => void saveRef.current());

  return {
    save,
    scheduleAutosave: autosave.schedule,
    saving,
    dirty: content.revision !== savedRevision,
    created,
    lastSave,
    savedByHand,
    errors,
    formError,
    message,
    setMessage,
  };
}
