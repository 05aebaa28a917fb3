import type { ReactNode } from 'react';

/**
 * Where a reading page's script mounts an island (app/reading/entry.tsx): a box-less wrapper
 * (`display: contents`) around the server-rendered markup, which the island takes over in place.
 * Harmless on hydrated pages, where nothing looks for it.
 */
export function Island({ name, children, ...data }: { name: string; children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <div className="contents" data-island={name} {...data}>
      {children}
    </div>
  );
}
