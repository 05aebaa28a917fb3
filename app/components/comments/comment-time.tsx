import { useEffect, useState } from 'react';
import { formatDate } from '../../lib/format';
import { useRootData } from '../../lib/root-data';

/**
 * When a comment was written, in the reader's calendar (Jalali with Persian digits in fa). The
 * server renders the date alone (in UTC, as every server-rendered date); once in the browser the
 * time is added in the reader's own time zone, so the first render always matches hydration.
 */
export function CommentTime({ date, className = '' }: { date: string; className?: string }) {
  const { locale } = useRootData();
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const text = inBrowser
    ? formatDate(locale, date, { dateStyle: 'medium', timeStyle: 'short', timeZone: undefined })
    : formatDate(locale, date, { dateStyle: 'medium' });
  return (
    <time dateTime={date} className={`whitespace-nowrap ${className}`}>
      {text}
    </time>
  );
}
