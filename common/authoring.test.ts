import { describe, expect, it } from 'vitest';
import {
  newTranslation,
  pageFile,
  pageFromFile,
  pagePathProblem,
  pageSlug,
  parsePageRef,
  translationFrontMatter,
} from './authoring';

describe('page paths', () => {
  it('maps paths to files and addresses; index is the folder', () => {
    expect(pageFile('en', 'logs/hello')).toBe('content/en/logs/hello.md');
    expect(pageFromFile('content/fa/index.md')).toEqual({ locale: 'fa', path: 'index' });
    expect(pageFromFile('content/de/x.md')).toBeUndefined();
    expect(pageFromFile('media/x.png')).toBeUndefined();
    expect(pageSlug('index')).toBe('');
    expect(pageSlug('guides/index')).toBe('guides');
    expect(parsePageRef('en/logs/hello')).toEqual({ locale: 'en', path: 'logs/hello' });
    expect(parsePageRef('de/x')).toBeUndefined();
  });

  it('accepts words of letters, digits, marks, half-spaces, - and _; refuses the rest and reserved addresses', () => {
    for (const path of ['about', 'logs/hello-world_2', 'index', 'guides/index', 'نیم‌فاصله', 'مقاله/یک'])
      expect(pagePathProblem(path), path).toBeUndefined();
    for (const path of ['', '/about', 'about/', 'a/../b', 'a/./b', '.git', '_x', 'a.b', 'a b', 'a\\b', 'x'.repeat(201)])
      expect(pagePathProblem(path), path).toBe('invalid');
    for (const path of ['manage', 'manage/x', 'login', 'api', 'builds/x', 'media', 'cats/tuts', 'logs', 'logs/index', '403'])
      expect(pagePathProblem(path), path).toBe('reserved');
  });
});

describe('a translation’s starting front matter (walk-through D9)', () => {
  it('keeps what is not language-bound, leaves the description, tags and meta title to the translator, and pairs by key', () => {
    const source = {
      title: 'یادداشت‌های یزد',
      description: 'یادداشت‌هایی از سه روز گشت در یزد',
      tags: ['سفر', 'یزد'],
      metaTitle: 'یزد در پاییز',
      translationKey: 'yazd',
      date: '2026-11-20',
      author: 'maryam',
      cat: 'travel',
      thumbnail: '/media/2026/11/yazd.jpg',
      comments: true,
      colorMode: 'dark',
    };
    const started = translationFrontMatter(source, 'Autumn in Yazd', 'yazd');
    expect(started).toEqual({
      title: 'Autumn in Yazd',
      translationKey: 'yazd',
      date: '2026-11-20',
      author: 'maryam',
      cat: 'travel',
      thumbnail: '/media/2026/11/yazd.jpg',
      comments: true,
      colorMode: 'dark',
    });
    // No key: none written (a translation at the same address is paired by it).
    expect(translationFrontMatter(source, 'Autumn in Yazd', undefined)).not.toHaveProperty('translationKey');
    // The source is left as it was.
    expect(source.tags).toEqual(['سفر', 'یزد']);
  });
});

describe('newTranslation (D9)', () => {
  const frontMatter = { title: 'سفر اصفهان', description: 'سه روز', tags: ['سفر'], date: '2026-11-20', cat: 'notes' };
  it('starts without the words of the source, paired by its address or its key', () => {
    const page = { locale: 'fa' as const, path: 'logs/سفر-اصفهان' };
    expect(newTranslation({ page, frontMatter }, 'logs/isfahan', 'Isfahan')).toEqual({
      title: 'Isfahan',
      date: '2026-11-20',
      cat: 'notes',
      translationKey: 'logs/سفر-اصفهان',
    });
    // At the source's own address the address pairs them: no key written.
    expect(newTranslation({ page, frontMatter }, 'logs/سفر-اصفهان', 'Isfahan')).not.toHaveProperty('translationKey');
    // A source with a key of its own passes that key on.
    const keyed = { ...frontMatter, translationKey: 'isfahan-trip' };
    expect(newTranslation({ page, frontMatter: keyed }, 'logs/isfahan', 'Isfahan').translationKey).toBe('isfahan-trip');
    expect(newTranslation({ page, frontMatter: keyed }, 'isfahan-trip', 'Isfahan')).not.toHaveProperty('translationKey');
  });
});
