import type { ReactNode } from 'react';

export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-xl">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-fg-muted">{intro}</p>
      <div className="mt-8 rounded-xl border border-border p-6">{children}</div>
      <p className="mt-6 text-center text-sm text-fg-muted">{footer}</p>
    </section>
  );
}
