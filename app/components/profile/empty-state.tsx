import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyState({ icon: Icon, title, hint }: { icon: LucideIcon; title: string; hint: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-border p-8 text-center">
      <Icon aria-hidden className="mx-auto size-8 text-fg-muted" />
      <p className="mt-3 font-medium">{title}</p>
      <p className="mt-1 text-sm text-fg-muted">{hint}</p>
    </div>
  );
}
