import { Copy, History as HistoryIcon, Link2, Loader2, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import type { PageDocument, SavedChange } from '../../../common/authoring';
import type { Locale } from '../../../common/locales';
import type { PageVersion } from '../../../common/page-history';
import type { PreviewLink } from '../../../common/preview-links';
import { automaticTitle } from '../../components/manage/builds/automatic-title';
import { DiffView } from '../../components/manage/builds/diff-view';
import { withListQuery } from '../../components/manage/list-pagination';
import { editorPath } from '../../components/manage/pages/page-path';
import { EmptyState } from '../../components/profile/empty-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { ApiRequestError } from '../../lib/api';
import { api } from '../../lib/api-client';
import { useClock } from '../../lib/format';
import { pageMetaFor } from '../../lib/meta';
import { useMutation } from '../../lib/mutation';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/history';
import { loadHistory } from './history.server';

export async function loader(args: Route.LoaderArgs) {
  return loadHistory(args);
}

/** Preview links and unpublished text: never stored by a shared cache. */
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.history');

/** `/manage/history/{locale}/{...path}` (issue 26): a page's published versions, one with its diff and Restore, and its preview links. */
export default function ManageHistory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { ref, title, history, version, links, canEdit, exists } = loaderData;
  const [search] = useSearchParams();
  const address = `/${ref.locale}/${ref.path}`;

  return (
    <section aria-labelledby="history-heading">
      <p className="text-sm">
        <Link to={editorPath(locale, ref)} className="text-primary-strong hover:underline">
          <bdi dir="ltr">{address}</bdi>
        </Link>
      </p>
      <h1 id="history-heading" className="mt-1 text-2xl font-bold" dir="auto">
        {t('history.title', { title })}
      </h1>
      <p className="mt-1 text-sm text-fg-muted">{t('history.intro')}</p>

      {canEdit && exists ? <PreviewLinks page={ref} links={links} /> : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div>
          {history.items.length === 0 ? (
            <EmptyState icon={HistoryIcon} title={t('history.empty')} hint="" />
          ) : (
            <ol className="space-y-2" data-testid="history-list">
              {history.items.map((item) => (
                <VersionRow
                  key={item.commit}
                  item={item}
                  current={ref}
                  selected={version?.commit === item.commit}
                  search={search}
                />
              ))}
            </ol>
          )}
          <div className="mt-3 flex justify-between gap-2">
            {history.page > 1 ? (
              <Button asChild variant="outline" size="sm">
                <Link to={withListQuery(search, { page: history.page - 1, version: undefined })}>
                  {t('manage.pagination.previous')}
                </Link>
              </Button>
            ) : (
              <span />
            )}
            {history.hasMore ? (
              <Button asChild variant="outline" size="sm">
                <Link to={withListQuery(search, { page: history.page + 1, version: undefined })}>{t('history.more')}</Link>
              </Button>
            ) : null}
          </div>
        </div>
        <div className="min-w-0">{version ? <VersionView version={version} page={ref} canEdit={canEdit} /> : null}</div>
      </div>
    </section>
  );
}

function VersionRow({
  item,
  current,
  selected,
  search,
}: {
  item: PageVersion;
  current: { locale: Locale; path: string };
  selected: boolean;
  search: URLSearchParams;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const moved = item.page.locale !== current.locale || item.page.path !== current.path;
  return (
    <li>
      <Link
        to={withListQuery(search, { version: item.commit })}
        preventScrollReset
        aria-current={selected ? 'true' : undefined}
        data-testid="history-version"
        className={`block rounded-md border p-3 text-sm hover:bg-muted ${selected ? 'border-secondary bg-muted' : 'border-border'}`}
      >
        <span className="block font-medium" dir="auto">
          {item.build ? t('history.build', { title: automaticTitle(item.build.title, t, locale) }) : t('history.noBuild')}
        </span>
        <span className="mt-1 block text-xs text-fg-muted">
          {t('history.by', { author: item.author, date: clock.time(item.date) })}
        </span>
        <span className="mt-1 block font-mono text-xs text-fg-muted" dir="ltr">
          {item.commit.slice(0, 7)}
        </span>
        {item.deleted ? <span className="mt-1 block text-xs text-error">{t('history.deleted')}</span> : null}
        {moved ? (
          <span className="mt-1 block text-xs text-fg-muted">
            {t('history.moved', { locale: item.page.locale, path: item.page.path })}
          </span>
        ) : null}
      </Link>
    </li>
  );
}

function VersionView({
  version,
  page,
  canEdit,
}: {
  version: NonNullable<Route.ComponentProps['loaderData']['version']>;
  page: { locale: Locale; path: string };
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const changed = version.diff.split('\n').some((line) => /^[+-](?![+-]{2})/.test(line));

  const restoring = useMutation({
    call: async (frontMatter: NonNullable<typeof version.frontMatter>, body: string) => {
      const current = await api.pages.get<PageDocument>({ params: page, locale }).catch((error) => {
        if (error instanceof ApiRequestError && error.failure.statusCode === 404) return undefined;
        throw error;
      });
      await api.pages.save<SavedChange>({
        params: page,
        locale,
        body: { frontMatter, body, ...(current ? { baseSha: current.baseSha } : {}) },
      });
    },
    done: () => setConfirming(false),
    success: { title: t('history.restored'), color: 'success' },
    failure: { title: t('history.restoreFailed'), fallback: t('history.error') },
    revalidate: false,
  });
  const busy = restoring.busy;
  async function restore() {
    if (!version.frontMatter || version.body === null) return;
    if (await restoring.run(version.frontMatter, version.body)) {
      await revalidator.revalidate();
      navigate(editorPath(locale, page));
    }
  }

  return (
    <article aria-labelledby="version-heading" data-testid="version-view">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="version-heading" className="text-lg font-semibold">
          {t('history.versionTitle', { date: clock.time(version.date) })}
        </h2>
        {canEdit && version.frontMatter ? (
          <>
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
              <RotateCcw aria-hidden className="size-4 rtl:-scale-x-100" />
              {t('history.restore')}
            </Button>
            <ConfirmDialog
              variant="neutral"
              open={confirming}
              onOpenChange={setConfirming}
              title={t('history.restoreTitle')}
              description={t('history.restoreText')}
              confirmLabel={t('history.restoreConfirm')}
              cancelLabel={t('history.cancel')}
              onConfirm={restore}
              busy={busy}
            />
          </>
        ) : null}
      </div>
      {version.message ? (
        <p className="mt-1 text-sm text-fg-muted" dir="auto">
          {version.message}
        </p>
      ) : null}
      <h3 className="mt-4 mb-2 text-sm font-medium">{t('history.diff')}</h3>
      {changed ? (
        <DiffView diff={version.diff} labels={{ added: t('builds.added'), removed: t('builds.removed') }} />
      ) : (
        <p className="text-sm text-fg-muted">{t('history.noDiff')}</p>
      )}
    </article>
  );
}

function PreviewLinks({
  page,
  links,
}: {
  page: { locale: Locale; path: string };
  links: { id: string; createdAt: string; expiresAt: string; createdBy: string | null }[];
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const [made, setMade] = useState<PreviewLink>();

  const making = useMutation({
    call: () => api.pages.createPreviewLink<PreviewLink>({ params: page, locale }),
    done: (link) => setMade(link),
    failure: (error) => ({
      title: t('preview.failed'),
      description: error instanceof ApiRequestError ? error.failure.message : undefined,
      color: 'error',
    }),
  });
  const busy = making.busy;
  const create = () => making.run();
  const revoking = useMutation({
    call: (id: string) => api.pages.revokePreviewLink<undefined>({ params: { id }, locale }),
    done: (_result, id) => {
      if (made?.id === id) setMade(undefined);
    },
    success: { title: t('preview.revoked'), color: 'success' },
    failure: () => ({ title: t('preview.failed'), color: 'error' }),
  });
  const revoke = (id: string) => revoking.run(id);
  const absolute = made ? new URL(made.url, window.location.origin).toString() : '';

  return (
    <div className="mt-6 rounded-lg border border-border p-4" data-testid="preview-links">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="font-semibold">{t('preview.title')}</h2>
          <p className="mt-1 text-sm text-fg-muted">{t('preview.hint')}</p>
        </div>
        <Button type="button" size="sm" onClick={create} disabled={busy}>
          {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Link2 aria-hidden className="size-4" />}
          {busy ? t('preview.creating') : t('preview.create')}
        </Button>
      </div>
      {made ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <input
            readOnly
            dir="ltr"
            value={absolute}
            aria-label={t('preview.title')}
            data-testid="preview-url"
            onFocus={(event) => event.target.select()}
            className="h-9 min-w-0 flex-1 rounded-md border border-border bg-surface px-3 font-mono text-xs"
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              navigator.clipboard
                ?.writeText(absolute)
                .then(() => toast({ title: t('preview.copied'), color: 'success' }))
                .catch(() => undefined)
            }
          >
            <Copy aria-hidden className="size-4" />
            {t('preview.copy')}
          </Button>
        </div>
      ) : null}
      <h3 className="mt-4 text-sm font-medium">{t('preview.active')}</h3>
      {links.length === 0 ? (
        <p className="mt-1 text-sm text-fg-muted">{t('preview.none')}</p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-fg-muted">
                {link.createdBy ? `${link.createdBy} · ` : ''}
                {t('preview.expires', { date: clock.time(link.expiresAt) })}
              </span>
              <Button type="button" variant="outline" size="sm" onClick={() => revoke(link.id)}>
                {t('preview.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
