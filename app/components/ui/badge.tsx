import type { ReactNode } from 'react';

type Tone = 'neutral' | 'success' | 'info' | 'warning' | 'error';

const tones: Record<Tone, string> = {
  neutral: 'border-border bg-muted text-fg-muted',
  success: 'border-green-500/40 bg-green-500/10 text-green-800 dark:text-green-300',
  info: 'border-blue-500/40 bg-blue-500/10 text-blue-800 dark:text-blue-300',
  warning: 'border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  error: 'border-red-500/40 bg-red-500/10 text-red-800 dark:text-red-300',
};

/** A small status label (a page's pending change, a build's status). */
export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
