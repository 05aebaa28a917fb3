import { Check, Copy } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from './button';
import { toast } from './toast';

/**
 * A value to copy and hand on (a one-time link, a secret shown once): read-only, left to right,
 * selected on focus, with a Copy button; when the clipboard refuses, the value is selected for the
 * user to copy and `failed` says so.
 */
export function CopyField({
  label,
  value,
  copyLabel,
  copied: copiedTitle,
  failed,
  testId,
}: {
  label: string;
  value: string;
  copyLabel: string;
  /** The toast's title after copying. */
  copied: string;
  /** The toast's title when the clipboard refused. */
  failed: string;
  testId?: string;
}) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast({ title: copiedTitle, color: 'success' });
    } catch {
      input.current?.select();
      toast({ title: failed, color: 'warning' });
    }
  }
  return (
    <div>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2" dir="ltr">
        <input
          id={fieldId}
          ref={input}
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
          data-testid={testId}
          className="block min-w-0 flex-1 rounded-md border border-border bg-muted px-3 py-2 font-mono text-xs"
        />
        <Button type="button" onClick={copy}>
          {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          {copyLabel}
        </Button>
      </div>
    </div>
  );
}
