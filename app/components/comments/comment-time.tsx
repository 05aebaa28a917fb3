import { useClock } from '../../lib/format';

/**
 * When a comment was written, in the reader's calendar (Jalali with Persian digits in fa) on the
 * site's clock (Settings → time zone): the server and the browser write the same words, so the
 * server's text stays after hydration and a reader abroad reads the time the site keeps.
 */
export function CommentTime({ date, className = '' }: { date: string; className?: string }) {
  const clock = useClock();
  return (
    <time dateTime={date} className={`whitespace-nowrap ${className}`}>
      {clock.time(date)}
    </time>
  );
}
