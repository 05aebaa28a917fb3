import { pageDay } from '../../../common/date-archive';
import { siteTimeZone } from '../../../common/format';
import type { Locale } from '../../../common/locales';
import { formatDate } from '../../lib/format';
import { useRootData } from '../../lib/root-data';

/**
 * A page's date as readers see it everywhere (article, lists, search): its own day, or for a date
 * with a time, its day on the site's clock — the day its date archive counts it in.
 */
export function PageDate({ locale, date }: { locale: Locale; date: string }) {
  const zone = siteTimeZone(useRootData().site);
  return <time dateTime={date}>{formatDate(locale, pageDay(date, zone))}</time>;
}
