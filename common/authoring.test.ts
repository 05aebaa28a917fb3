import { describe, expect, it } from 'vitest';
import { pageFile, pageFromFile, pagePathProblem, pageSlug, parsePageRef } from './authoring';

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
