/*
 * common/messages.ts for the reading islands: the same helpers, but `translateMessage` reads the
 * page's own locale only, so the table of both locales (`sharedMessages`) is left out of the bundle
 * by tree-shaking. Swapped in by scripts/reading-islands.ts; the server keeps the real module.
 */
import type { Locale } from '../../../common/locales';
import { t } from './react-i18next';

export * from '../../../common/messages';

export function translateMessage(_locale: Locale, message: string, values: Record<string, unknown> = {}): string {
  const text = t(message, values);
  return text === message ? message : text;
}
