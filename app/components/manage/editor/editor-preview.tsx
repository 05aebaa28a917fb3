import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BodySegment, ResolvedWidget } from '../../../../common/content';
import { type Locale, localeDirection } from '../../../../common/locales';
import { api } from '../../../lib/api-client';
import { ContentBody } from '../../content/content-body';
import { Alert } from '../../ui/alert';

type Preview = { body: BodySegment[]; widgets: ResolvedWidget[] };

/**
 * The body as readers will see it: rendered by the server's own renderer (`POST
 * /api/pages/preview`) and shown with the public page's component, in the page's language and
 * direction.
 */
export function EditorPreview({ markdown, locale, uiLocale }: { markdown: string; locale: Locale; uiLocale: Locale }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ preview?: Preview; error?: string }>({});
  useEffect(() => {
    let live = true;
    setState({});
    api.pages
      .preview<Preview>({ locale: uiLocale, body: { locale, body: markdown } })
      .then((preview) => live && setState({ preview }))
      .catch((error: unknown) => live && setState({ error: error instanceof Error ? error.message : String(error) }));
    return () => {
      live = false;
    };
  }, [markdown, locale, uiLocale]);

  if (state.error)
    return (
      <Alert tone="error" title={t('editor.preview.failed')}>
        {state.error}
      </Alert>
    );
  if (!state.preview)
    return (
      <p className="flex items-center gap-2 text-fg-muted">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        {t('editor.preview.loading')}
      </p>
    );
  return (
    <article lang={locale} dir={localeDirection[locale]} data-testid="editor-preview">
      <ContentBody body={state.preview.body} widgets={state.preview.widgets} locale={locale} />
    </article>
  );
}
