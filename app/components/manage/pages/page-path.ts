import { pageSlug } from '../../../../common/authoring';
import type { Locale } from '../../../../common/locales';
import { paths } from '../../../../common/paths';
import { foldSlug } from '../../../../common/persian-fold';
import { isolateLtr } from '../../../../common/text-direction';

const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;

/**
 * A page path suggested from a title, valid for `pagePathProblem` (common/authoring.ts): a Latin
 * title becomes a lower-case ASCII slug (`Hello, World!` → `hello-world`, accents dropped); a
 * Persian title keeps its letters, digits and half-spaces with `-` between words
 * (`سلام دنیا` → `سلام-دنیا`), Arabic ي ى ك folded to Persian ی ک (`علي` → `علی`).
 */
export function suggestPagePath(title: string): string {
  const text = title.trim();
  if (!ARABIC_SCRIPT.test(text)) {
    return text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '');
  }
  const words = text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}\u200c]+/u)
    // A half-space may join letters inside a word, never start or end one.
    .map((word) => word.replace(/^[\p{M}\u200c]+|\u200c+$/gu, ''))
    .filter(Boolean);
  // Arabic ي ى ك as the Persian ی ک readers type (an address written the Arabic way answers 301 to it).
  return foldSlug(words.join('-')).slice(0, 80).replace(/-+$/, '');
}

/**
 * A translation's suggested path: its own title's slug in the source's section (D9: `logs/a-trip`
 * for a source at `logs/سفر`, `guides/setup` for `guides/نصب`); nothing while the title gives none.
 */
export function suggestTranslationPath(title: string, sourcePath: string): string {
  const slug = suggestPagePath(title);
  const section = sourcePath.split('/').slice(0, -1).join('/');
  return slug && section ? `${section}/${slug}` : slug;
}

/** The editor's address for a page (`/{ui-locale}/manage/editor/{locale}/{path}`), optionally pre-filled from another page. */
export function editorPath(uiLocale: Locale, page: { locale: Locale; path: string }, from?: { locale: Locale; path: string }) {
  const address = `${paths.manage(uiLocale, 'editor')}/${page.locale}/${page.path.split('/').map(encodeURIComponent).join('/')}`;
  return from ? `${address}?${new URLSearchParams({ from: `${from.locale}/${from.path}` })}` : address;
}

/** A page's history and preview links (`/{ui-locale}/manage/history/{locale}/{path}`). */
export function historyPath(uiLocale: Locale, page: { locale: Locale; path: string }) {
  return `${paths.manage(uiLocale, 'history')}/${page.locale}/${page.path.split('/').map(encodeURIComponent).join('/')}`;
}

/** A page's address inside a sentence or a toast, kept left to right in Persian (walk-through D12). */
export function pageAddressIsolated(page: { locale: Locale; path: string }) {
  return isolateLtr(pageAddress(page));
}

/**
 * A page's public address as people read it and Markdown links carry it (`/fa/logs/سلام`, not
 * encoded; the home page is `/fa`). `publicPath` is the same address encoded, for an href.
 */
export function pageAddress(page: { locale: Locale; path: string }) {
  const slug = pageSlug(page.path);
  return slug ? `/${page.locale}/${slug}` : `/${page.locale}`;
}

/** The public address of a page path (`index` is the locale's home, `guides/index` is `/guides`). */
export function publicPath(page: { locale: Locale; path: string }) {
  const parts = page.path.split('/');
  if (parts.at(-1) === 'index') parts.pop();
  return paths.page(page.locale, parts.join('/'));
}
