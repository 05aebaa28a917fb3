import { SearchX } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ApiReferenceGroup } from '../../../common/api-reference';
import { ApiRouteCard } from '../../components/manage/api/route-card';
import { EmptyState } from '../../components/profile/empty-state';
import { Field } from '../../components/ui/field';
import { api } from '../../lib/api-client';
import { formatNumber } from '../../lib/format';
import { pageMetaFor } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/api';
import { loadApiReference } from './api.server';

export async function loader(args: Route.LoaderArgs) {
  return loadApiReference(args);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'apiReference.title');

/** The groups with only the routes whose method, path or summary contains every word typed. */
function filterGroups(groups: ApiReferenceGroup[], text: string): ApiReferenceGroup[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return groups;
  return groups
    .map((group) => ({
      ...group,
      routes: group.routes.filter((route) => {
        const haystack = `${route.method} ${route.path} ${route.summary} ${route.access} ${group.name}`.toLowerCase();
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((group) => group.routes.length > 0);
}

/**
 * The API reference (`/manage/api`): every call the site answers, grouped as the OpenAPI document
 * (`api.operating.openApi`) groups them, with who may call it and what it takes. Server-rendered from
 * that document; the filter narrows the list in the browser.
 */
export default function ManageApi({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [filter, setFilter] = useState('');
  const deferred = useDeferredValue(filter);
  const groups = filterGroups(loaderData.groups, deferred);
  const shown = groups.reduce((sum, group) => sum + group.routes.length, 0);

  return (
    <section aria-labelledby="api-heading" className="space-y-6">
      <header className="space-y-3">
        <h1 id="api-heading" className="text-2xl font-bold">
          {t('apiReference.title')}
        </h1>
        <p className="text-fg-muted">{t('apiReference.intro')}</p>
        <ul className="list-disc space-y-1 ps-6 text-sm text-fg-muted">
          <li>
            {t('apiReference.document')}{' '}
            <a
              href={api.operating.openApi.url()}
              className="font-medium text-primary-strong underline"
              dir="ltr"
              download="openapi.json"
            >
              {api.operating.openApi.url()}
            </a>
          </li>
          <li>
            <Trans i18nKey="apiReference.auth" components={{ code: <code dir="ltr" className="font-mono text-xs" /> }} />
          </li>
          <li>
            <Trans i18nKey="apiReference.headless" components={{ code: <code dir="ltr" className="font-mono text-xs" /> }} />
          </li>
        </ul>
      </header>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <Field
          type="search"
          label={t('apiReference.filter')}
          placeholder={t('apiReference.filterPlaceholder')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className="w-full max-w-sm"
        />
        <p className="text-sm text-fg-muted" aria-live="polite">
          {t('apiReference.count', { n: formatNumber(locale, shown) })}
        </p>
      </div>

      {groups.length ? (
        <>
          <nav aria-label={t('apiReference.groups')}>
            <ul className="flex flex-wrap gap-2">
              {groups.map((group) => (
                <li key={group.tag}>
                  <a
                    href={`#api-${group.tag}`}
                    className="inline-flex items-center gap-1 rounded-full border border-border px-3 py-1 text-sm hover:bg-muted"
                  >
                    {group.name}
                    <span className="text-fg-muted">{formatNumber(locale, group.routes.length)}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {groups.map((group) => (
            <section key={group.tag} aria-labelledby={`api-${group.tag}`} className="space-y-3">
              <h2 id={`api-${group.tag}`} className="scroll-mt-20 text-xl font-semibold">
                {group.name}
              </h2>
              <ul className="space-y-3">
                {group.routes.map((route) => (
                  <ApiRouteCard key={route.id} route={route} />
                ))}
              </ul>
            </section>
          ))}
        </>
      ) : (
        <EmptyState
          icon={SearchX}
          title={t('apiReference.empty')}
          hint={<Trans i18nKey="apiReference.emptyHint" components={{ code: <code dir="ltr" className="font-mono" /> }} />}
        />
      )}
    </section>
  );
}
