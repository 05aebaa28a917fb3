import { formatTime, siteTimeZone, type TimeStyle, zoneLabel } from '../../common/format';
import { useRootData } from './root-data';

/** The app's formatting lives in common/ (the server's mail and the CLI use it too). */
export { formatDate, formatNumber, formatTime, localDigits, parseClockTime, zonedParts, zonedToIso } from '../../common/format';

/**
 * The site's clock for a component: its zone (Settings → time zone, from the root loader, so the
 * server and the browser format alike), the zone's name for where a time could be misread, and
 * `time(instant, style)`, an instant in that zone in the page's language.
 */
export function useClock() {
  const { locale, site, zoneLabel: label } = useRootData();
  const zone = siteTimeZone(site);
  return {
    zone,
    label: label ?? zoneLabel(locale, zone),
    time: (instant: Date | string | number, style?: TimeStyle) => formatTime(locale, instant, zone, style),
  };
}
