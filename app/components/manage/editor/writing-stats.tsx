import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../common/locales';
import { formatNumber } from '../../../lib/format';

/** Words as the renderer counts them (server/content/render.ts countWords): runs with a letter or digit. */
export const countWords = (text: string) => text.split(/[\s\u200c]+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

/** Minutes to read `words` at 220 words a minute: at least one for any text, none for an empty page. */
export const readingMinutes = (words: number) => (words <= 0 ? 0 : Math.max(1, Math.round(words / 220)));

/** The page's word count and reading time (220 words a minute, as the published page says), in the dashboard's digits. */
export function WritingStats({ editor, locale }: { editor: Editor; locale: Locale }) {
  const { t } = useTranslation();
  const words = useEditorState({
    editor,
    selector: ({ editor: current }) => countWords(current.state.doc.textBetween(0, current.state.doc.content.size, ' ', ' ')),
  });
  const minutes = readingMinutes(words);
  return (
    <span className="ms-auto px-2 text-xs text-fg-muted" data-testid="writing-stats" aria-live="off">
      {t('editor.stats', { words: formatNumber(locale, words), minutes: formatNumber(locale, minutes) })}
    </span>
  );
}
