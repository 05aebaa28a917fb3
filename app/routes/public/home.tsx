import { useTranslation } from 'react-i18next';
import { pageMeta } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches);

export default function Home() {
  const { t } = useTranslation();
  const { locale, site } = useRootData();
  return (
    <section>
      <h1 className="text-3xl font-bold">{site.siteName[locale]}</h1>
      <p className="mt-2 text-lg text-fg-muted">{site.description[locale]}</p>
      <div className="mt-10 rounded-lg border border-dashed border-border p-8 text-center">
        <p className="font-medium">{t('home.empty')}</p>
        <p className="mt-1 text-sm text-fg-muted">{t('home.emptyHint')}</p>
      </div>
    </section>
  );
}
