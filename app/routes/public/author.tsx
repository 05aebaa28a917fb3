import { useTranslation } from 'react-i18next';
import { localeOr } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { type LdContext, listingLd } from '../../../common/structured-data';
import { Archive } from '../../components/content/archive';
import { translate } from '../../i18n/i18n';
import { rootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import { documentLoad, readingHandle } from '../../reading/document';
import type { Route } from './+types/author';
import { loadAuthor } from './archive.server';

/**
 * /{locale}/authors/{user}: an account's public pages (front matter `author` naming its user name),
 * newest first, paginated, under its display name and About text: the account's public profile.
 */
// A reading page: not hydrated, enhanced by app/reading/entry.tsx (decision 0007).
export const handle = readingHandle;
export const clientLoader = documentLoad;

export async function loader(args: Route.LoaderArgs) {
  return loadAuthor(args, args.params.user);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootData(matches);
  const name = loaderData?.author.name ?? '';
  const title = root ? translate(root.locale, 'content.authorTitle', { author: name }) : name;
  const feed = loaderData && root ? { href: paths.authorFeed(root.locale, loaderData.author.user), title } : undefined;
  const structuredData = loaderData
    ? (context: LdContext) =>
        listingLd(context, {
          kind: 'author',
          title,
          name,
          path: paths.author(context.locale, loaderData.author.user),
          description: loaderData.author.about,
        })
    : undefined;
  return seoMeta(matches, { title, description: loaderData?.author.about, seo: loaderData?.seo, feed, structuredData });
};

export default function Author({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = localeOr(params.locale);
  const { author } = loaderData;
  return (
    <Archive
      locale={locale}
      title={t('content.authorTitle', { author: author.name })}
      intro={author.about || t('content.authorIntro', { author: author.name })}
      items={loaderData.items}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      base={paths.author(locale, author.user)}
      feed={{ href: paths.authorFeed(locale, author.user), label: t('content.authorFeed') }}
      lead={
        author.avatarUrl ? (
          <img src={author.avatarUrl} alt="" width={64} height={64} className="size-16 shrink-0 rounded-full object-cover" />
        ) : undefined
      }
    />
  );
}
