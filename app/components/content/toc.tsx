import { useTranslation } from 'react-i18next';
import { nestToc, type TocItem, type TocNode } from '../../../common/content';

function TocList({ nodes, nested }: { nodes: TocNode[]; nested?: boolean }) {
  return (
    <ol className={nested ? 'ms-3 mt-1 space-y-1 border-s border-border ps-3' : 'space-y-1.5'}>
      {nodes.map((node) => (
        <li key={node.id}>
          {/* A plain hash link: the browser scrolls with `scroll-padding-top` (81px) below the sticky header. */}
          <a href={`#${encodeURIComponent(node.id)}`} className="block text-fg-muted hover:text-primary-strong">
            {node.text}
          </a>
          {node.children.length > 0 && <TocList nodes={node.children} nested />}
        </li>
      ))}
    </ol>
  );
}

/** Table of contents (front matter `toc: true`), nested by heading level. */
export function TableOfContents({ items }: { items: TocItem[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="toc-title" className="text-sm" data-testid="toc">
      <h2 id="toc-title" className="mb-3 text-xs font-semibold uppercase tracking-wide text-fg">
        {t('content.toc')}
      </h2>
      <TocList nodes={nestToc(items)} />
    </nav>
  );
}
