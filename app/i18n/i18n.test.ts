import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { locales } from '../../common/locales';
import { createI18n } from './i18n';

const dir = path.join(import.meta.dirname, 'locales');

function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function placeholders(text: string) {
  return [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();
}

describe('translations', () => {
  const files = readdirSync(path.join(dir, 'en')).sort();

  it('every locale has the same message files', () => {
    for (const locale of locales) expect(readdirSync(path.join(dir, locale)).sort()).toEqual(files);
  });

  it.each(files)('%s has the same keys and placeholders in fa and en', (file) => {
    const en = JSON.parse(readFileSync(path.join(dir, 'en', file), 'utf8'));
    const fa = JSON.parse(readFileSync(path.join(dir, 'fa', file), 'utf8'));
    expect(keys(fa).sort()).toEqual(keys(en).sort());
    for (const key of keys(en)) {
      const get = (table: unknown) =>
        key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], table);
      expect(placeholders(String(get(fa))), key).toEqual(placeholders(String(get(en))));
      expect(String(get(fa)).trim(), key).not.toBe('');
    }
  });

  it('spells «جست‌وجو» with its zero-width non-joiner in every Persian string', () => {
    const joined = 'جست' + 'جو'; // the misspelling, built so that this file does not hold it
    const sources = [
      ...readdirSync(path.join(dir, 'fa')).map((file) => path.join(dir, 'fa', file)),
      path.join(import.meta.dirname, '../../common/messages.ts'),
      ...readdirSync(path.join(import.meta.dirname, '../reading'), { recursive: true })
        .map(String)
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => path.join(import.meta.dirname, '../reading', file)),
    ];
    for (const file of sources) expect(readFileSync(file, 'utf8').includes(joined), file).toBe(false);
    expect(createI18n('fa').t('search.placeholder')).toBe('جست‌وجو…');
  });

  it('keeps a Persian list of Latin names in reading order (a right-to-left mark after each «، » between them)', () => {
    // «PNG، JPEG، WebP» without it is one left-to-right run (Unicode bidi rule N1): a Persian
    // reader met the names last first, in the media hint and `api.mediaUnsupported`.
    const sources = [
      ...readdirSync(path.join(dir, 'fa')).map((file) => path.join(dir, 'fa', file)),
      path.join(import.meta.dirname, '../../common/messages.ts'),
    ];
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      expect(text.match(/[A-Za-z][0-9]*، [A-Za-z][^'"\n]*/g) ?? [], file).toEqual([]);
    }
    const hint = createI18n('fa').t('media.upload.hint', { limit: '۱۰ مگابایت' });
    expect(hint.startsWith('PNG،\u200f JPEG،\u200f WebP،\u200f GIF یا AVIF')).toBe(true);
  });

  it('renders the spec wording in each language', () => {
    expect(createI18n('en').t('errors.notFoundTitle')).toBe('Page Not Found');
    expect(createI18n('fa').t('errors.internalTitle')).toBe('خطای داخلی سرور');
  });
});
