import { PanelRightClose, PanelRightOpen } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationSource } from '../../../../common/authoring';
import { type Locale, localeDirection } from '../../../../common/locales';
import { formatNumber, useClock } from '../../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { pageAddress } from '../pages/page-path';

type Props = {
  source: TranslationSource;
  /** The dashboard's language (the pane's own words). */
  locale: Locale;
  /** The translation's block the author is at (caret) or over (pointer): its source block is highlighted. */
  active: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Translating side by side (issue 37 §3; docs/content.md "Translating side by side"): the page a
 * translation is made from, read-only, in its own language and direction, block by block as
 * rendered. Block N answers block N of the translation: the one the author is at or points to is
 * highlighted and scrolled into view; blocks new or changed since the translation was last
 * published are marked, in words and colour. Beside the editor on wide screens, above it on narrow
 * ones; the author can hide it (the header stays, with the button that shows it again).
 */
export function SourcePane({ source, locale, active, open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const clock = useClock();
  const bodyId = useId();
  const headingId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const sourceLocale = source.page.locale;
  const uiDir = localeDirection[locale];
  const language = t(`overview.languages.${sourceLocale}`);
  const marked = source.blocks.filter((block) => block.mark !== null).length;

  // The highlighted block comes into view inside the pane (the page itself does not move).
  useEffect(() => {
    const pane = scroller.current;
    const block = active === null ? null : pane?.querySelector<HTMLElement>(`[data-block="${active}"]`);
    if (!pane || !block) return;
    const top = block.offsetTop; // the pane is the block's offset parent (`relative`)
    const bottom = top + block.offsetHeight;
    if (top < pane.scrollTop || bottom > pane.scrollTop + pane.clientHeight)
      pane.scrollTo({ top: Math.max(0, top - pane.clientHeight / 4) });
  }, [active]);

  const Icon = open ? PanelRightClose : PanelRightOpen;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="translation-source"
      data-open={open ? 'true' : 'false'}
      className="min-w-0 rounded-lg border border-border bg-surface lg:sticky lg:top-[73px]"
    >
      <header className="flex items-start justify-between gap-2 border-b border-border px-3 py-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-sm font-semibold">
            {t('editor.source.heading', { language })}
          </h2>
          <p className="text-xs text-fg-muted">
            <bdi dir="ltr">{pageAddress(source.page)}</bdi>
            {' · '}
            {source.since === null
              ? t('editor.source.neverPublished')
              : !source.compared
                ? t('editor.source.notCompared')
                : marked
                  ? t('editor.source.marked', {
                      count: marked,
                      number: formatNumber(locale, marked),
                      date: clock.time(source.since, 'date'),
                    })
                  : t('editor.source.unchanged', { date: clock.time(source.since, 'date') })}
          </p>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => onOpenChange(!open)}
          className="shrink-0"
        >
          {/* A panel's side, mirrored in a right-to-left dashboard like the layout it opens and closes. */}
          <Icon aria-hidden className="size-4 rtl:-scale-x-100" />
          {open ? t('editor.source.hide') : t('editor.source.show')}
        </Button>
      </header>
      <section
        id={bodyId}
        ref={scroller}
        hidden={!open}
        // Scrolled by the keyboard too: the region takes the focus (Tab), then the arrow keys scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label={t('editor.source.region', { language })}
        className="relative max-h-[45vh] overflow-y-auto px-3 py-3 focus-visible:outline-2 focus-visible:outline-primary lg:max-h-[calc(100vh-11rem)]"
      >
        <p className="mb-2 text-xs text-fg-muted">{t('editor.source.hint')}</p>
        <p className="mb-3 text-xl font-bold" lang={sourceLocale} dir="auto">
          {source.title}
        </p>
        <ol className="space-y-2" lang={sourceLocale} dir={localeDirection[sourceLocale]}>
          {source.blocks.map((block, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a block is its place in the page
              key={index}
              data-block={index}
              data-mark={block.mark ?? undefined}
              data-active={index === active ? 'true' : undefined}
              aria-current={index === active ? 'true' : undefined}
              className={`rounded-md border-s-4 py-1 ps-3 pe-2 transition-colors ${
                block.mark ? 'border-amber-500' : 'border-transparent'
              } ${index === active ? 'bg-primary/10 outline-2 outline-primary' : ''}`}
            >
              <p className="flex flex-wrap items-center gap-2 text-xs text-fg-muted" lang={locale} dir={uiDir}>
                <span>{t('editor.source.block', { number: formatNumber(locale, index + 1) })}</span>
                {block.mark ? <Badge tone="warning">{t(`editor.source.${block.mark}`)}</Badge> : null}
              </p>
              {block.html === null ? (
                <pre dir="ltr" className="overflow-x-auto rounded bg-muted p-2 text-sm">
                  <code>{block.markdown}</code>
                </pre>
              ) : (
                <div
                  className="prose max-w-none [&>:first-child]:mt-0!"
                  // Rendered and sanitised by the server's renderer, as on the published page.
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised page HTML (server/content/render.ts)
                  dangerouslySetInnerHTML={{ __html: block.html }}
                />
              )}
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}
