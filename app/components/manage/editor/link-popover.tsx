import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { ExternalLink, Link2Off, Loader2 } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageList, PageListItem } from '../../../../common/authoring';
import type { Locale } from '../../../../common/locales';
import { api } from '../../../lib/api-client';
import { Button } from '../../ui/button';
import { pageAddress } from '../pages/page-path';
import { checkLinkUrl } from './link-url';

/** What the field holds looks like an address (searched as a page title otherwise). */
const looksLikeAddress = (text: string) =>
  /^(?:[a-z][a-z0-9+.-]*:|\/|#|www\.)|^[^\s]+\.[a-z]{2,}(?:[/?#]|$)|@/i.test(text.trim());

/** A page's address as the link's href: readable (`/fa/سلام`), the browser encodes it when followed. */
const pageHref = (item: PageListItem) => pageAddress(item);

/** Where the selection is on screen, for the popover to sit under it. */
function selectionAnchor(editor: Editor) {
  return {
    getBoundingClientRect: () => {
      const { from, to } = editor.state.selection;
      try {
        const start = editor.view.coordsAtPos(from);
        const end = editor.view.coordsAtPos(to);
        const left = Math.min(start.left, end.left);
        const right = Math.max(start.right, end.right);
        return new DOMRect(left, start.top, Math.max(right - left, 1), start.bottom - start.top);
      } catch {
        return editor.view.dom.getBoundingClientRect();
      }
    },
  };
}

/**
 * The link popover (issue 26, D15): Ctrl/Cmd+K or the toolbar's Link button. Paste or type an
 * address, or type words to search the site's pages in both languages by title; choose a new tab;
 * apply, open or remove. Only addresses checkLinkUrl accepts are applied. Esc closes it and the
 * caret goes back to the text.
 */
export function LinkPopover({
  editor,
  open,
  onOpenChange,
  dir,
  locale,
}: {
  editor: Editor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  dir: 'rtl' | 'ltr';
  locale: Locale;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const anchor = useMemo(() => ({ current: selectionAnchor(editor) }), [editor]);
  const [text, setText] = useState('');
  const [newTab, setNewTab] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<PageListItem[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [active, setActive] = useState(-1);
  const [editing, setEditing] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // Opening reads the link under the caret (or the selection), if any.
  useEffect(() => {
    if (!open) return;
    const attrs = editor.getAttributes('link') as { href?: string; target?: string | null };
    setText(attrs.href ?? '');
    setNewTab(attrs.target === '_blank');
    setEditing(Boolean(attrs.href));
    setError(null);
    setResults(null);
    setActive(-1);
  }, [open, editor]);

  // Words that are not an address search the pages of both languages by title, 250 ms after typing stops.
  const query = text.trim();
  const search = open && query.length >= 2 && !looksLikeAddress(query);
  useEffect(() => {
    if (!search) {
      setResults(null);
      setSearching(false);
      return;
    }
    let live = true;
    setSearching(true);
    const timer = setTimeout(() => {
      api.pages
        .list<PageList>({ query: { query: query.slice(0, 200) }, locale })
        .then((list) => {
          if (!live) return;
          setResults(list.items.slice(0, 8));
          setActive(list.items.length ? 0 : -1);
        })
        .catch(() => live && setResults([]))
        .finally(() => live && setSearching(false));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search, query, locale]);

  const close = () => onOpenChange(false);

  const apply = (href: string, label?: string) => {
    const checked = checkLinkUrl(href);
    if (!checked.ok) {
      setError(checked.reason === 'empty' ? t('editor.link.empty') : t(`editor.link.${checked.reason}`));
      input.current?.focus();
      return;
    }
    const attrs = { href: checked.href, target: newTab ? '_blank' : null, rel: newTab ? 'noopener noreferrer' : null };
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the page's title (or the address) becomes the link's text.
      const { from } = editor.state.selection;
      const words = label ?? checked.href;
      chain
        .insertContent({ type: 'text', text: words, marks: [{ type: 'link', attrs }] })
        .setTextSelection(from + words.length)
        .unsetMark('link')
        .run();
    } else
      chain
        .extendMarkRange('link')
        .setLink(attrs)
        // The caret after the link, as after typing it: the next key does not replace its text.
        .command(({ tr }) => {
          tr.setSelection(TextSelection.create(tr.doc, tr.selection.to));
          return true;
        })
        .run();
    close();
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    close();
  };

  const list = results ?? [];
  const pick = (item: PageListItem) => apply(pageHref(item), item.title);
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && list.length) {
      event.preventDefault();
      setActive((index) => (index + 1) % list.length);
    } else if (event.key === 'ArrowUp' && list.length) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? list.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = search ? list[active] : undefined;
      if (chosen) pick(chosen);
      else apply(text);
    }
  };

  const checked = checkLinkUrl(text);
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          dir={dir}
          align="start"
          side="bottom"
          sideOffset={8}
          collisionPadding={8}
          aria-label={t('editor.link.title')}
          data-testid="link-popover"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            input.current?.focus();
            input.current?.select();
          }}
          onCloseAutoFocus={(event) => {
            // The caret goes back where it was in the text, not to the toolbar.
            event.preventDefault();
            editor.commands.focus();
          }}
          className="z-50 w-[min(26rem,calc(100vw-1rem))] space-y-3 rounded-lg border border-border bg-surface p-3 text-fg shadow-lg"
        >
          <div className="space-y-1">
            <label htmlFor={`${ids}-url`} className="text-sm font-medium">
              {t('editor.link.field')}
            </label>
            <input
              ref={input}
              id={`${ids}-url`}
              value={text}
              dir="auto"
              autoComplete="off"
              spellCheck={false}
              placeholder={t('editor.link.placeholder')}
              role="combobox"
              aria-expanded={search && list.length > 0}
              aria-controls={`${ids}-results`}
              aria-autocomplete="list"
              aria-activedescendant={search && active >= 0 ? `${ids}-result-${active}` : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ids}-error` : undefined}
              onChange={(event) => {
                setText(event.target.value);
                setError(null);
              }}
              onKeyDown={onKeyDown}
              className="w-full rounded-md border border-border bg-surface px-3 py-2 text-sm focus:border-secondary focus:outline-none aria-[invalid=true]:border-error"
            />
            {error ? (
              <p id={`${ids}-error`} role="alert" className="text-sm text-error-strong">
                {error}
              </p>
            ) : null}
          </div>

          {search ? (
            <div>
              <p className="mb-1 text-xs font-medium text-fg-muted" id={`${ids}-results-label`}>
                {t('editor.link.results')}
              </p>
              {searching && !results ? (
                <p className="flex items-center gap-2 text-sm text-fg-muted">
                  <Loader2 aria-hidden className="size-4 animate-spin" />
                  {t('editor.link.searching')}
                </p>
              ) : list.length ? (
                <div
                  id={`${ids}-results`}
                  role="listbox"
                  aria-labelledby={`${ids}-results-label`}
                  className="max-h-60 overflow-y-auto"
                >
                  {list.map((item, index) => (
                    <div
                      key={`${item.locale}/${item.path}`}
                      id={`${ids}-result-${index}`}
                      role="option"
                      tabIndex={-1}
                      aria-selected={index === active}
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => pick(item)}
                      onKeyDown={(event) => event.key === 'Enter' && pick(item)}
                      onMouseMove={() => setActive(index)}
                      className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm aria-selected:bg-muted"
                    >
                      <span className="rounded bg-muted px-1.5 text-xs uppercase text-fg-muted">{item.locale}</span>
                      <span className="min-w-0 flex-1 truncate" dir="auto" lang={item.locale}>
                        {item.title}
                      </span>
                      <bdi dir="ltr" className="max-w-[45%] truncate text-xs text-fg-muted">
                        {pageHref(item)}
                      </bdi>
                    </div>
                  ))}
                </div>
              ) : (
                <p className="text-sm text-fg-muted">{t('editor.link.noResults')}</p>
              )}
            </div>
          ) : null}

          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={newTab}
              onChange={(event) => setNewTab(event.target.checked)}
              className="size-4 accent-primary"
            />
            {t('editor.link.newTab')}
          </label>

          <div className="flex flex-wrap items-center gap-2">
            <Button type="button" size="sm" onClick={() => apply(text)}>
              {t('editor.link.apply')}
            </Button>
            {checked.ok ? (
              <Button asChild type="button" size="sm" variant="outline">
                <a href={checked.href} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden className="size-4" />
                  {t('editor.link.open')}
                </a>
              </Button>
            ) : null}
            {editing ? (
              <Button type="button" size="sm" variant="ghost" onClick={remove} className="ms-auto text-error-strong">
                <Link2Off aria-hidden className="size-4" />
                {t('editor.link.remove')}
              </Button>
            ) : null}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
