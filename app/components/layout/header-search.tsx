import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../common/paths';
import { SEARCH_PAGE_FIELD, SEARCH_QUERY_MAX } from '../../../common/search';
import { useRootData } from '../../lib/root-data';
import { IconButton } from '../ui/icon-button';

/** Whether a key press happens while the reader types somewhere (then `/` is just a character). */
function typing(target: EventTarget | null) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/**
 * The header's search box (a GET form to the search page, so it works before hydration too). From
 * the `sm` breakpoint it is always there; on phones an icon opens it as a row of its own. `/`
 * anywhere on the page focuses it (on the search page, that page's field), Escape closes it on phones.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const location = useLocation();
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const action = paths.search(locale);
  // On the search page the box shows the query it answers.
  const current = location.pathname === action ? (params.get('q') ?? '') : '';

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || typing(event.target))
        return;
      event.preventDefault();
      // The search page's own field, where there is one; else this box.
      const field = document.getElementById(SEARCH_PAGE_FIELD);
      if (field) return field.focus();
      setOpen(true);
      // The phone row renders on the next frame; the desktop box is already there.
      requestAnimationFrame(() => input.current?.focus());
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // A search (or any navigation) closes the phone row.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation.
  useEffect(() => setOpen(false), [location.key]);

  return (
    <>
      {/* Phones: a link to the search page until hydration, then a button that opens the row. */}
      <IconButton asChild label={t('search.open')} className="sm:hidden">
        <Link
          to={action}
          aria-expanded={open}
          aria-controls="site-search"
          onClick={(event) => {
            event.preventDefault();
            setOpen((was) => !was);
            if (!open) requestAnimationFrame(() => input.current?.focus());
          }}
        >
          {open ? <X aria-hidden className="size-5" /> : <Search aria-hidden className="size-5" />}
        </Link>
      </IconButton>
      <Form
        id="site-search"
        role="search"
        method="get"
        action={action}
        aria-label={t('search.label')}
        className={`${open ? 'flex' : 'hidden'} order-[100] w-full pb-2 sm:order-none sm:flex sm:w-auto sm:pb-0`}
      >
        <div className="relative w-full">
          <Search aria-hidden className="pointer-events-none absolute inset-y-0 start-2.5 my-auto size-4 text-fg-muted" />
          <input
            ref={input}
            key={current}
            type="search"
            name="q"
            defaultValue={current}
            maxLength={SEARCH_QUERY_MAX}
            required
            placeholder={t('search.placeholder')}
            aria-label={t('search.label')}
            title={t('search.shortcut')}
            enterKeyHint="search"
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                setOpen(false);
                event.currentTarget.blur();
              }
            }}
            className="peer h-9 w-full rounded-md border border-border bg-surface ps-8 pe-8 text-sm text-fg placeholder:text-fg-muted focus:border-secondary focus:outline-none sm:w-36 md:w-44 lg:w-52"
          />
          <kbd
            aria-hidden
            className="pointer-events-none absolute inset-y-0 end-2 my-auto hidden h-5 rounded border border-border px-1.5 font-sans text-xs leading-5 text-fg-muted sm:block peer-focus:hidden"
          >
            /
          </kbd>
        </div>
      </Form>
    </>
  );
}
