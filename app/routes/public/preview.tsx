import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Article } from '../../components/content/article';
import { useClock } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import { documentLoad, readingHandle } from '../../reading/document';
import type { Route } from './+types/preview';
import { loadPreview } from './preview.server';

/**
 * A shareable preview (issue 26): a page's pending version as readers will see it once published,
 * for anyone holding the link. Never indexed, never stored by a cache (`preview` is a private
 * section: common/paths.ts), with a banner saying what it is.
 */
export const handle = readingHandle;
export const clientLoader = documentLoad;

export async function loader(args: Route.LoaderArgs) {
  return loadPreview(args);
}

export function headers() {
  return { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex', 'Referrer-Policy': 'no-referrer' };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, loaderData?.page.title),
  { name: 'robots', content: 'noindex' },
];

export default function PreviewRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const clock = useClock();
  return (
    <>
      <div
        role="note"
        data-testid="preview-banner"
        className="mb-6 flex items-start gap-3 rounded-lg border border-amber-500/50 bg-amber-500/10 p-4 text-sm text-amber-900 dark:text-amber-200"
      >
        <Eye aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-semibold">{t('preview.bannerTitle')}</p>
          <p className="mt-1">{t('preview.bannerText', { date: clock.time(loaderData.expiresAt) })}</p>
        </div>
      </div>
      <Article page={loaderData.page} />
    </>
  );
}
