import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryLink } from '../../app/components/content/category-link';
import { PageDate } from '../../app/components/content/page-date';
import { useRootData } from '../../app/lib/root-data';
import type { PageSummary } from '../../common/content';
import { MAX_VARIANT_WIDTH, responsiveImage, splitImageSize } from '../../common/image-variants';
import type { Locale } from '../../common/locales';
import { paths } from '../../common/paths';
import type { HomeSlotProps, ListItemSlotProps, ThemeSlots } from '../slots';

/** A page's featured image: its own thumbnail, or the site's default banner (decoration, so `alt=""`). */
function Cover({ item, lead }: { item: PageSummary; lead?: boolean }) {
  const { site } = useRootData();
  const image = splitImageSize(item.thumbnail ?? site.defaultBanner);
  const sources = responsiveImage(image.src, image.width ?? MAX_VARIANT_WIDTH, lead ? 'banner' : 'content');
  return (
    <img
      src={image.src}
      {...sources}
      alt=""
      width={lead ? 1600 : 800}
      height={lead ? 800 : 450}
      loading={lead ? undefined : 'lazy'}
      className={`w-full border-b border-border bg-muted object-cover dark:brightness-75 ${lead ? 'aspect-[2/1] sm:aspect-auto sm:h-full' : 'aspect-video'}`}
    />
  );
}

/** A card: the featured image, category and date, the title as the link, the summary. */
function Card({ item, locale, headingLevel, lead }: { item: PageSummary; locale: Locale; headingLevel: 2 | 3; lead?: boolean }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={`group relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-sm ${lead ? 'sm:grid sm:grid-cols-2' : ''}`}
      data-testid="magazine-card"
    >
      <Cover item={item} lead={lead} />
      <div className={`flex flex-1 flex-col gap-2 p-4 ${lead ? 'sm:justify-center sm:p-8' : ''}`}>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-fg-muted">
          {item.cat && <CategoryLink locale={locale} cat={item.cat} />}
          {item.date && <PageDate locale={locale} date={item.date} />}
        </p>
        <Heading className={`font-extrabold leading-snug tracking-tight ${lead ? 'text-2xl sm:text-4xl' : 'text-lg'}`}>
          <Link to={paths.page(locale, item.slug)} className="group-hover:text-primary-strong">
            {item.title}
          </Link>
        </Heading>
        {item.description && (
          <p className={`text-fg-muted ${lead ? 'sm:text-lg' : 'line-clamp-3 text-sm'}`}>{item.description}</p>
        )}
      </div>
    </article>
  );
}

function ListItem({ item, locale, headingLevel }: ListItemSlotProps) {
  return <Card item={item} locale={locale} headingLevel={headingLevel} />;
}

/** The home: the intro as a masthead, then the newest page as the lead story (option) and the rest as cards. */
function Home({ page, intro, latest, totalLogs, locale, options }: HomeSlotProps) {
  const { t } = useTranslation();
  const { site } = useRootData();
  const [lead, ...rest] = options.home === 'grid' ? [undefined, ...latest] : latest;
  return (
    <div className="space-y-10">
      <section className="border-b-4 border-fg pb-6" data-testid="home-intro">
        <h1 className="text-4xl font-black tracking-tight text-balance sm:text-6xl">{page?.title ?? site.siteName[locale]}</h1>
        <p className="mt-3 max-w-3xl text-lg text-fg-muted text-balance">{page?.description || site.description[locale]}</p>
      </section>
      <section aria-labelledby="latest-logs" className="space-y-6">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="latest-logs" className="text-sm font-bold tracking-wide text-primary-strong uppercase">
            {t('content.latestLogs')}
          </h2>
          {totalLogs > latest.length && (
            <Link to={paths.logs(locale)} className="text-sm text-primary-strong hover:underline">
              {t('content.allLogs')}
            </Link>
          )}
        </div>
        {latest.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-8 text-center text-fg-muted">{t('content.emptyLogs')}</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="log-list" data-home>
            {lead ? (
              <li className="sm:col-span-2 lg:col-span-3">
                <Card item={lead} locale={locale} headingLevel={3} lead />
              </li>
            ) : null}
            {rest.map((item) =>
              item ? (
                <li key={item.slug}>
                  <Card item={item} locale={locale} headingLevel={3} />
                </li>
              ) : null,
            )}
          </ul>
        )}
      </section>
      {page && page.body.length > 0 ? (
        <section className="mx-auto max-w-[42rem] border-t border-border pt-8">{intro}</section>
      ) : null}
    </div>
  );
}

export const slots: ThemeSlots = { home: Home, listItem: ListItem };
