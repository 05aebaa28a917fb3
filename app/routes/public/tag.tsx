import { useTranslation } from 'react-i18next';
import { localeOr } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { type LdContext, listingLd } from '../../../common/structured-data';
import { Archive } from '../../components/content/archive';
import { translate } from '../../i18n/i18n';
import { rootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import { documentLoad, readingHandle } from '../../reading/document';
import type { Route } from './+types/tag';
import { loadTag } from './archive.server';

/** /{locale}/tags/{tag}: the public pages with a tag (front matter `tags`), newest first, paginated. */
// A reading page: not hydrated, enhanced by app/reading/entry.tsx (decision 0007).
export const handle = readingHandle;
export const clientLoader = documentLoad;

export async function loader(args: Route.LoaderArgs) {
  return loadTag(args, args.params.tag);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootData(matches);
  const name = loaderData?.name ?? '';
  const title = root ? translate(root.locale, 'content.tagTitle', { tag: name }) : name;
  const feed = loaderData && root ? { href: paths.tagFeed(root.locale, loaderData.tag), title } : undefined;
  const structuredData = loaderData
    ? (context: LdContext) => listingLd(context, { kind: 'tag', title, name, path: paths.tag(context.locale, loaderData.tag) })
    : undefined;
  return seoMeta(matches, { title, seo: loaderData?.seo, feed, structuredData });
};

export default function Tag({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = localeOr(params.locale);
  const { name, tag } = loaderData;
  return (
    <Archive
      locale={locale}
      title={t('content.tagTitle', { tag: name })}
      intro={t('content.tagIntro', { tag: name })}
      items={loaderData.items}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      base={paths.tag(locale, tag)}
      feed={{ href: paths.tagFeed(locale, tag), label: t('content.tagFeed') }}
    />
  );
}
