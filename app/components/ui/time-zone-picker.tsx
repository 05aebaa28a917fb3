import { Check, ChevronsUpDown } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canonicalTimeZone, timeZoneNames, zoneLabel } from '../../../common/format';
import { formatNumber } from '../../lib/format';
import { useRootData } from '../../lib/root-data';

type Zone = { name: string; label: string; search: string };

/** Folds a query or a zone's words for matching: case, `_` and `/` read as spaces. */
const fold = (text: string) => text.toLocaleLowerCase('en').replace(/[_/]+/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * Settings → time zone and the installer's choice: a searchable list of the IANA zones (an ARIA
 * combobox). Typing filters by the zone's name («tehran», "los angeles") or its name in the page's
 * language («ایران», "Pacific"); ↑ ↓ move, Enter chooses, Escape puts the chosen zone back.
 * The field shows the IANA name, left to right; the zones' spoken names are made in the browser
 * only once the list opens (the server's ICU may name a zone differently, and 400 names are
 * not worth sending).
 */
export function TimeZonePicker({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);

  const zones = useMemo<Zone[]>(() => {
    if (!open) return [];
    const now = Date.now();
    return timeZoneNames().map((name) => {
      const label = zoneLabel(locale, name, now);
      return { name, label, search: fold(`${name} ${label}`) };
    });
  }, [open, locale]);
  const matches = useMemo(() => {
    const words = fold(query ?? '')
      .split(' ')
      .filter(Boolean);
    return words.length ? zones.filter((zone) => words.every((word) => zone.search.includes(word))) : zones;
  }, [zones, query]);

  // The chosen zone is in view and active when the list opens.
  useEffect(() => {
    if (!open) return;
    const index = query === null ? matches.findIndex((zone) => zone.name === value) : 0;
    setActive(Math.max(0, index));
  }, [open, query, matches, value]);
  useEffect(() => {
    if (open) listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  function choose(zone: Zone | undefined) {
    if (zone) onChange(zone.name);
    setOpen(false);
    setQuery(null);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const last = matches.length - 1;
    const move = (to: number) => {
      event.preventDefault();
      setOpen(true);
      setActive(Math.min(Math.max(to, 0), Math.max(last, 0)));
    };
    switch (event.key) {
      case 'ArrowDown':
        return open ? move(active + 1) : move(active);
      case 'ArrowUp':
        return move(active - 1);
      case 'PageDown':
        return open ? move(active + 10) : undefined;
      case 'PageUp':
        return open ? move(active - 10) : undefined;
      case 'Home':
        return open ? move(0) : undefined;
      case 'End':
        return open ? move(last) : undefined;
      case 'Enter':
        if (!open) return;
        event.preventDefault();
        return choose(matches[active]);
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        setOpen(false);
        setQuery(null);
        return;
    }
  }

  const activeId = open && matches[active] ? `${listId}-${active}` : undefined;
  return (
    <div className="relative max-w-md">
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={activeId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          value={query ?? value}
          placeholder={t('settings.timeZone.search')}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onFocus={(event) => event.target.select()}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            // A name typed in full (any case) counts as chosen, as picking it would.
            const typed = query === null ? undefined : canonicalTimeZone(query.trim());
            if (typed) onChange(typed);
            setOpen(false);
            setQuery(null);
            onBlur?.();
          }}
          className="block h-10 w-full rounded-md border border-border bg-surface ps-3 pe-9 text-start focus:border-secondary focus:outline-none disabled:opacity-60 aria-[invalid=true]:border-error"
        />
        <ChevronsUpDown aria-hidden className="pointer-events-none absolute end-3 top-3 size-4 text-fg-muted" />
      </div>
      {open ? (
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={t('settings.timeZone.list')}
          className="absolute inset-x-0 z-20 mt-1 max-h-72 overflow-y-auto rounded-md border border-border bg-surface py-1 shadow-lg"
        >
          {matches.length === 0 ? (
            <p className="px-3 py-2 text-sm text-fg-muted">{t('settings.timeZone.none')}</p>
          ) : (
            matches.map((zone, index) => (
              <div
                key={zone.name}
                id={`${listId}-${index}`}
                data-index={index}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                // Chosen on mouse down, before the field's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(zone);
                }}
                onKeyDown={(event) => event.key === 'Enter' && choose(zone)}
                onMouseMove={() => setActive(index)}
                className="flex cursor-pointer items-start gap-2 px-3 py-1.5 text-sm aria-selected:bg-muted"
              >
                {/* The zone in use is ticked; the one the keys are on is highlighted. */}
                <Check aria-hidden className={`mt-0.5 size-4 shrink-0 ${zone.name === value ? '' : 'invisible'}`} />
                <span className="min-w-0">
                  <bdi dir="ltr" className="block font-medium">
                    {zone.name}
                  </bdi>
                  <span className="block text-xs text-fg-muted">{zone.label}</span>
                </span>
              </div>
            ))
          )}
        </div>
      ) : null}
      {open ? (
        <p aria-live="polite" className="sr-only">
          {t('settings.timeZone.found', { n: formatNumber(locale, matches.length) })}
        </p>
      ) : null}
    </div>
  );
}
