import { useCallback, useRef, useState } from 'react';
import { newTranslation, type PageFrontMatter } from '../../../../common/authoring';
import type { EditorDraft } from './drafts';
import type { RichEditorHandle } from './rich-editor';
import type { EditorData } from './types';

export type EditorMode = 'rich' | 'source' | 'preview';

/**
 * The front matter to start with: the page's; for a translation (`?from=`) the source's details
 * with its title to translate, without its description and tags (`newTranslation`, D9); or only a title.
 */
export function initialFrontMatter(data: EditorData): PageFrontMatter {
  if (data.document) return data.document.frontMatter;
  if (data.from) return newTranslation(data.from, data.page.path, data.from.frontMatter.title);
  return { title: '' };
}

/**
 * What the author is writing: the front matter, the body (held by the rich editor while it is shown,
 * else by the source text), which editor is shown, and a revision every edit bumps.
 */
export function usePageContent(data: EditorData) {
  const [frontMatter, setFrontMatter] = useState(() => initialFrontMatter(data));
  const [body, setBody] = useState(data.document?.body ?? '');
  const [mode, setMode] = useState<EditorMode>('rich');
  /** A new key remounts the rich editor on a body it did not type (a restored draft). */
  const [richKey, setRichKey] = useState(0);
  /** Every edit bumps the revision; the page is unsaved while it differs from the saved one. */
  const [revision, setRevision] = useState(0);

  const richRef = useRef<RichEditorHandle>(null);
  const sourceRef = useRef<HTMLTextAreaElement>(null);
  const latest = useRef({ frontMatter, body, mode, revision });
  latest.current = { frontMatter, body, mode, revision };

  /** The body as it is now, from whichever editor holds it. */
  const currentBody = useCallback(
    () => (latest.current.mode === 'rich' && richRef.current ? richRef.current.getMarkdown() : latest.current.body),
    [],
  );
  const bump = useCallback(() => setRevision((value) => value + 1), []);

  /** A kept draft in place of what is on screen. */
  const replace = (draft: EditorDraft) => {
    setFrontMatter(draft.frontMatter);
    setBody(draft.body);
    setRichKey((value) => value + 1);
    bump();
  };

  const switchMode = (next: string) => {
    if (mode === 'rich' && richRef.current) setBody(richRef.current.getMarkdown());
    setMode(next as EditorMode);
  };

  return {
    frontMatter,
    setFrontMatter,
    body,
    setBody,
    mode,
    switchMode,
    richKey,
    revision,
    bump,
    replace,
    richRef,
    sourceRef,
    latest,
    currentBody,
  };
}

export type PageContent = ReturnType<typeof usePageContent>;
