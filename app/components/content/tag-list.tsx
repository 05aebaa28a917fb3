import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Locale } from '../../../common/locales';
import { paths } from '../../../common/paths';
import type { PageTag } from '../../../common/tags';

/** A page's tags, each a link to its tag page (`/{locale}/tags/{slug}`). */
export function TagList({ locale, tags }: { locale: Locale; tags: PageTag[] }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('content.tags')} className="mt-4 flex flex-wrap justify-center gap-2" data-testid="page-tags">
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link
            to={paths.tag(locale, tag.slug)}
            rel="tag"
            dir="auto"
            className="inline-block rounded-full border border-border px-2.5 py-0.5 text-xs text-fg-muted hover:border-primary-strong hover:text-primary-strong"
          >
            #{tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
