import type { ReactNode } from 'react';

/**
 * Where a reading page's script mounts an island (app/reading/entry.tsx): a box-less wrapper
 * (`display: contents`) around the server-rendered markup, which the island takes over in place.
 * Harmless on hydrated pages, where nothing looks for it.
 */
export function Island({
  name,
  as: Tag = 'div',
  children,
  ...data
}: { name: string; as?: 'div' | 'span'; children: ReactNode } & Record<`data-${string}`, string>) {
  // `span` inside phrasing content (a <p>), where a <div> would end the paragraph.
  return (
    <Tag className="contents" data-island={name} {...data}>
      {children}
    </Tag>
  );
}
