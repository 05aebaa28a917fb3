import { X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../common/locales';
import type { PublicTagList } from '../../../../common/public-api';
import { tagKey, tagName } from '../../../../common/tags';
import { api } from '../../../lib/api-client';

/** Suggestions shown at once. */
const SHOWN = 8;

/**
 * Front matter `tags` (common/tags.ts): the page's tags as removable chips and a text box that adds
 * one on Enter or a comma, suggesting the tags the language's published pages already use
 * (`GET /api/public/tags`), matched the way tags fold: typing «كت» offers «کتاب». A keyboard-only
 * combobox (WAI-ARIA): ↓/↑ move through the suggestions, Enter takes one, Escape closes them,
 * Backspace in an empty box removes the last tag. A name that is already a tag (by its slug) is
 * not added twice.
 */
export function TagsField({
  value,
  onChange,
  locale,
  error,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  /** The page's language: its tags are suggested. */
  locale: Locale;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [known, setKnown] = useState<PublicTagList['items']>([]);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    let live = true;
    // Suggestions are a help: without them (offline, not yet published) the field still works.
    api.publicApi
      .tags({ query: { locale }, locale: i18n.language as Locale })
      .then((list) => live && setKnown(list.items))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [locale, i18n.language]);

  // By key (common/tags.ts tagKey): «کتابخوانی» is taken when «کتاب‌خوانی» is, and finds it.
  const taken = useMemo(() => new Set(value.map(tagKey)), [value]);
  const typed = tagKey(text);
  const suggestions = useMemo(
    () => known.filter((tag) => !taken.has(tagKey(tag.slug)) && (!typed || tagKey(tag.slug).includes(typed))).slice(0, SHOWN),
    [known, taken, typed],
  );
  const listOpen = open && suggestions.length > 0;

  const add = (name: string) => {
    const clean = tagName(name);
    setText('');
    setActive(-1);
    if (!clean || !tagKey(clean) || taken.has(tagKey(clean))) return;
    onChange([...value, clean]);
  };
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!suggestions.length) return;
      event.preventDefault();
      setOpen(true);
      const last = suggestions.length - 1;
      if (event.key === 'ArrowDown') setActive((current) => (current >= last ? 0 : current + 1));
      else setActive((current) => (current <= 0 ? last : current - 1));
      return;
    }
    if (event.key === 'Enter' || event.key === ',' || event.key === '،') {
      const chosen = listOpen && active >= 0 ? suggestions[active]?.name : undefined;
      if (!chosen && !text.trim()) return;
      event.preventDefault();
      add(chosen ?? text);
      return;
    }
    if (event.key === 'Escape' && listOpen) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (event.key === 'Backspace' && text === '' && value.length > 0) remove(value.length - 1);
  };

  return (
    <div>
      <label htmlFor={`${id}-input`} className="mb-1 block text-sm font-medium">
        {t('editor.fields.tags')}
      </label>
      {value.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={t('editor.fields.tags')} data-testid="tag-chips">
          {value.map((tag, index) => (
            <li
              key={tagKey(tag)}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-muted ps-2.5 pe-1 text-sm"
            >
              <span dir="auto">{tag}</span>
              <button
                type="button"
                onClick={() => remove(index)}
                className="rounded-full p-0.5 text-fg-muted hover:bg-surface hover:text-fg focus-visible:outline-2 focus-visible:outline-secondary"
                aria-label={t('editor.fields.removeTag', { tag })}
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <input
          id={`${id}-input`}
          name="tags"
          dir="auto"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={listOpen}
          aria-controls={`${id}-list`}
          aria-activedescendant={listOpen && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            if (text.trim()) add(text);
          }}
          onKeyDown={onKeyDown}
          className="block w-full rounded-md border border-border bg-surface px-3 py-2 text-fg focus:border-secondary focus:outline-none aria-[invalid=true]:border-error"
        />
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label={t('editor.fields.tagSuggestions')}
          hidden={!listOpen}
          className="absolute inset-x-0 top-full z-10 mt-1 max-h-60 overflow-auto rounded-md border border-border bg-surface py-1 shadow-lg"
        >
          {suggestions.map((tag, index) => (
            <div
              key={tag.slug}
              id={`${id}-option-${index}`}
              role="option"
              // Focus stays in the text box (aria-activedescendant names the option).
              tabIndex={-1}
              aria-selected={index === active}
              dir="auto"
              // Taken on mouse down, before the box loses focus (which would add the typed text instead).
              onMouseDown={(event) => {
                event.preventDefault();
                add(tag.name);
              }}
              className={`cursor-pointer px-3 py-1.5 text-start text-sm ${index === active ? 'bg-muted text-primary-strong' : 'hover:bg-muted'}`}
            >
              {tag.name}
            </div>
          ))}
        </div>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-fg-muted">
        {t('editor.fields.tagsHint')}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-error-strong">
          {error}
        </p>
      ) : null}
    </div>
  );
}
