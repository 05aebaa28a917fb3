import { Languages, LockKeyhole } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContentPage } from '../../../common/content';
import { MAX_VARIANT_WIDTH, responsiveImage, splitImageSize } from '../../../common/image-variants';
import { localeDirection, localeNames } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { formatNumber } from '../../lib/format';
import { useRootData } from '../../lib/root-data';
import { Island } from '../../reading/island';
import { CommentCount, CommentsSection } from '../comments/comments-section';
import { CategoryLink } from './category-link';
import { ContentBody } from './content-body';
import { MembersNote } from './members-note';
import { PageDate } from './page-date';
import { TagList } from './tag-list';
import { TableOfContents } from './toc';

/**
 * A content page: banner (the page's thumbnail or the site's default), title, description, author,
 * category, date, reading time, a link to the same page in the other language, the table of
 * contents when asked for, and the body.
 */
export function Article({ page }: { page: ContentPage }) {
  const { t } = useTranslation();
  const { site } = useRootData();
  const { locale } = page;
  const minutes = Math.max(1, Math.round(page.words / 220));
  const toc = page.showToc && page.toc ? page.toc : null;
  // The site's own banner images come as WebP copies sized for the screen (decision 0008). Without a
  // `#WxH` suffix the original's width is unknown: every copy is listed, and the server never
  // makes one wider than the original.
  const banner = splitImageSize(page.thumbnail ?? site.defaultBanner);
  const bannerSources = responsiveImage(banner.src, banner.width ?? MAX_VARIANT_WIDTH, 'banner');
  // Comments load in the browser after the page; the header shows their count once they have.
  const [commentCount, setCommentCount] = useState<{ slug: string; count: number } | null>(null);
  const slug = page.slug;
  const onCommentCount = useCallback((count: number) => setCommentCount({ slug, count }), [slug]);
  // A members page's comments are for signed-in readers, like its text (server/services/comments.ts).
  const comments = page.comments && page.members !== 'locked';
  return (
    <article data-testid="article" className="overflow-x-clip">
      <img
        src={banner.src}
        {...bannerSources}
        // The page's own image may say something (an imported featured image's alt text); the site's default banner is decoration.
        alt={page.thumbnailAlt ?? ''}
        width={1600}
        height={600}
        fetchPriority="high"
        className="aspect-[8/3] w-full rounded-xl border border-border bg-muted object-cover dark:brightness-75"
      />
      {/* The hero: a large centred title with its meta, the same in both directions. */}
      <header className="mx-auto mt-8 max-w-3xl text-center">
        <h1 className="text-3xl font-extrabold leading-tight tracking-tight text-balance sm:text-5xl">{page.title}</h1>
        {page.description && <p className="mt-4 text-lg text-fg-muted text-balance">{page.description}</p>}
        <p className="mt-5 flex flex-wrap items-center justify-center gap-x-3 gap-y-2 text-sm text-fg-muted">
          {page.authorAccount ? (
            <span>
              {t('content.byAuthor', { author: '' })}
              <Link
                to={paths.author(locale, page.authorAccount.user)}
                className="text-primary-strong hover:underline"
                rel="author"
                data-testid="author-link"
              >
                {page.authorAccount.name}
              </Link>
            </span>
          ) : (
            page.author && <span>{t('content.byAuthor', { author: page.author })}</span>
          )}
          {page.date && <PageDate locale={locale} date={page.date} />}
          <span>{t('content.readingTime', { minutes: formatNumber(locale, minutes) })}</span>
          {page.members && (
            <span className="inline-flex items-center gap-1" data-testid="members-badge">
              <LockKeyhole className="size-4" aria-hidden />
              {t('content.membersOnly')}
            </span>
          )}
          {page.cat && <CategoryLink locale={locale} cat={page.cat} />}
          {comments && (
            <Island name="comment-count" as="span">
              <CommentCount locale={locale} count={commentCount?.slug === slug ? commentCount.count : null} />
            </Island>
          )}
          {page.translation && (
            <Link
              to={paths.page(page.translation.locale, page.translation.slug)}
              hrefLang={page.translation.locale}
              lang={page.translation.locale}
              dir={localeDirection[page.translation.locale]}
              className="inline-flex items-center gap-1 text-primary-strong hover:underline"
              data-testid="translation-link"
            >
              <Languages className="size-4" aria-hidden />
              {t('content.readIn', { language: localeNames[page.translation.locale], lng: page.translation.locale })}
            </Link>
          )}
        </p>
        {page.tags.length > 0 && <TagList locale={locale} tags={page.tags} />}
      </header>
      {/* A centred reading column of about 70 characters; the table of contents sits on its end side. */}
      <div className={toc ? 'mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_15rem]' : 'mt-10'}>
        {toc && (
          <aside className="lg:order-last">
            <div className="rounded-lg border border-border p-4 lg:sticky lg:top-[81px] lg:max-h-[calc(100dvh-100px)] lg:overflow-y-auto">
              <TableOfContents items={toc} />
            </div>
          </aside>
        )}
        <div className="mx-auto w-full min-w-0 max-w-[42rem]">
          <ContentBody body={page.body} widgets={page.widgets} locale={locale} />
          {page.members === 'locked' && <MembersNote locale={locale} path={paths.page(locale, slug)} />}
        </div>
      </div>
      {comments && (
        <div className="mx-auto max-w-[42rem]">
          <CommentsSection key={slug} locale={locale} path={slug} onCount={onCommentCount} />
        </div>
      )}
    </article>
  );
}
