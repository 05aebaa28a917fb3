import type { HeadTag } from '../../../common/head-code';

/**
 * The owner's head code (Settings → Code) as elements: parsed, stored data rendered by React, so
 * every value is escaped and nothing of the pasted text reaches the page as markup. Scripts carry
 * the response's nonce; a cached page drops it and its policy names their origins instead
 * (server/http/csp.ts, decision 0006).
 */
export function HeadCode({ tags, nonce }: { tags: readonly HeadTag[]; nonce?: string }) {
  return (
    <>
      {tags.map((tag, index) => {
        const key = `${tag.kind}-${index}`;
        if (tag.kind === 'meta')
          return tag.attribute === 'property' ? (
            <meta key={key} property={tag.name} content={tag.content} />
          ) : (
            <meta key={key} name={tag.name} content={tag.content} />
          );
        if (tag.kind === 'link') return <link key={key} rel={tag.rel} href={tag.href} />;
        return (
          <script
            key={key}
            src={tag.src}
            async={tag.async || undefined}
            defer={tag.defer || undefined}
            nonce={nonce}
            {...tag.data}
          />
        );
      })}
    </>
  );
}
