import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

type Tone = 'success' | 'info' | 'warning' | 'error';

const tones: Record<Tone, { className: string; Icon: typeof Info }> = {
  success: { className: 'border-green-500/40 bg-green-500/10 text-green-900 dark:text-green-200', Icon: CircleCheck },
  info: { className: 'border-blue-500/40 bg-blue-500/10 text-blue-900 dark:text-blue-200', Icon: Info },
  warning: { className: 'border-amber-500/40 bg-amber-500/10 text-amber-900 dark:text-amber-200', Icon: TriangleAlert },
  error: { className: 'border-red-500/40 bg-red-500/10 text-red-900 dark:text-red-200', Icon: CircleAlert },
};

export function Alert({ tone, title, children }: { tone: Tone; title: ReactNode; children?: ReactNode }) {
  const { className, Icon } = tones[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`flex gap-3 rounded-lg border p-4 ${className}`}>
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        {children ? <div className="mt-1 text-sm opacity-90">{children}</div> : null}
      </div>
    </div>
  );
}
