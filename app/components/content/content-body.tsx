import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BodySegment, ResolvedWidget } from '../../../common/content';
import type { Locale } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { useCategoryName } from './category-link';
import { LogList } from './log-list';

function Widget({ widget, locale }: { widget: ResolvedWidget | undefined; locale: Locale }) {
  const { t } = useTranslation();
  const catName = useCategoryName();
  if (!widget) return null;
  if (widget.kind === 'intro')
    return (
      <div className="not-prose my-8 rounded-xl border border-border bg-muted p-6">
        <p className="text-2xl font-bold text-primary-strong">{widget.title}</p>
        <p className="mt-2 text-fg-muted">{widget.description}</p>
      </div>
    );
  return (
    <section className="not-prose my-8" data-testid="widget-latest-logs">
      <h2 className="text-xl font-bold">{widget.cat ? catName(widget.cat) : t('content.latestLogs')}</h2>
      <LogList items={widget.items} locale={locale} headingLevel={3} />
      <Link
        to={widget.cat ? paths.category(locale, widget.cat) : paths.logs(locale)}
        className="text-sm text-primary-strong hover:underline"
      >
        {t('content.allLogs')}
      </Link>
    </section>
  );
}

/**
 * A page's body: segments of HTML rendered and sanitised at index time (server/content/render.ts),
 * and between them the widgets the author placed through directives, rendered here by React
 * components. The segments come cut at the top level of the HTML tree: each one is whole markup,
 * and nothing here looks inside the HTML.
 */
export function ContentBody({ body, widgets, locale }: { body: BodySegment[]; widgets: ResolvedWidget[]; locale: Locale }) {
  return (
    <div className="prose" data-testid="content-body">
      {body.map((segment, index) =>
        'html' in segment ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by rehype-sanitize when indexed; never raw input.
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed for a given page.
          <div key={index} className="contents" dangerouslySetInnerHTML={{ __html: segment.html }} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed for a given page.
          <Widget key={index} widget={widgets[segment.widget]} locale={locale} />
        ),
      )}
    </div>
  );
}
