/*
 * `useTranslation` for the reading islands (decision 0007): the page's own locale only, from the
 * messages its bundle was built with (scripts/reading-islands.ts builds one bundle per locale, so an
 * English page never downloads Persian words and the reverse). Supports what the islands' messages
 * use: nested keys, `{{name}}` placeholders and `_one` / `_other` plurals by `count`.
 */
import messages from 'virtual:reading-messages';
import { readingPage } from '../page';

type Values = Record<string, unknown>;

function lookup(key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Values)[part] : undefined;
  return node;
}

export function t(key: string, values: Values = {}): string {
  let text = lookup(key);
  if (typeof values.count === 'number') {
    const form = new Intl.PluralRules(readingPage().locale).select(values.count);
    text = lookup(`${key}_${form}`) ?? lookup(`${key}_other`) ?? text;
  }
  if (typeof text !== 'string') return key;
  return text.replace(/{{\s*(\w+)\s*}}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

export function useTranslation() {
  return { t, i18n: { language: readingPage().locale } };
}
