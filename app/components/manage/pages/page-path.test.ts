import { describe, expect, it } from 'vitest';
import { pagePathProblem } from '../../../../common/authoring';
import { editorPath, publicPath, suggestPagePath, suggestTranslationPath } from './page-path';

describe('suggestTranslationPath (D9)', () => {
  it("keeps the source's section, whatever the languages", () => {
    expect(suggestTranslationPath('Isfahan travel notes: autumn 2026', 'logs/سفر-اصفهان')).toBe(
      'logs/isfahan-travel-notes-autumn-2026',
    );
    expect(suggestTranslationPath('یادداشت‌های سفر', 'logs/isfahan-notes')).toBe('logs/یادداشت‌های-سفر');
    expect(suggestTranslationPath('Setup', 'guides/docs/نصب')).toBe('guides/docs/setup');
    expect(suggestTranslationPath('About us', 'درباره')).toBe('about-us');
  });

  it('suggests nothing (not a bare section) for a title without letters, and only paths the API accepts', () => {
    expect(suggestTranslationPath('!!! ...', 'logs/سفر')).toBe('');
    expect(suggestTranslationPath('', 'logs/سفر')).toBe('');
    for (const title of ['A trip', 'سفر به اصفهان', '«کتاب» — یادداشت', '../../etc/passwd'])
      expect(pagePathProblem(suggestTranslationPath(title, 'logs/سفر'))).toBeUndefined();
  });
});

describe('suggestPagePath', () => {
  it('makes a Latin slug from a Latin title', () => {
    expect(suggestPagePath('Hello, World!')).toBe('hello-world');
    expect(suggestPagePath('  Crème brûlée recipes 2025 ')).toBe('creme-brulee-recipes-2025');
  });

  it('keeps Persian letters with - between words', () => {
    expect(suggestPagePath('سلام دنیا')).toBe('سلام-دنیا');
    expect(suggestPagePath('نوشته‌های تازه، بخش ۲')).toBe('نوشته‌های-تازه-بخش-۲');
    expect(suggestPagePath('آموزش React در ۱۰ دقیقه')).toBe('آموزش-react-در-۱۰-دقیقه');
  });

  it('writes Arabic ي ى ك as the Persian ی ک', () => {
    expect(suggestPagePath('كتاب علي و موسى')).toBe('کتاب-علی-و-موسی');
  });

  it('suggests only paths the API accepts', () => {
    for (const title of ['Hello, World!', 'سلام دنیا', 'نوشته‌های تازه، بخش ۲', '«کتاب» — یادداشت']) {
      expect(pagePathProblem(suggestPagePath(title))).toBeUndefined();
    }
  });

  it('suggests nothing for a title without letters or digits', () => {
    expect(suggestPagePath('!!! ...')).toBe('');
  });
});

describe('addresses', () => {
  it('builds the editor address, with the page a translation starts from', () => {
    expect(editorPath('fa', { locale: 'en', path: 'logs/hello' })).toBe('/fa/manage/editor/en/logs/hello');
    expect(editorPath('en', { locale: 'fa', path: 'about' }, { locale: 'en', path: 'about' })).toBe(
      '/en/manage/editor/fa/about?from=en%2Fabout',
    );
  });

  it('builds the public address of a page file', () => {
    expect(publicPath({ locale: 'en', path: 'index' })).toBe('/en');
    expect(publicPath({ locale: 'en', path: 'guides/index' })).toBe('/en/guides');
    expect(publicPath({ locale: 'fa', path: 'سلام' })).toBe(`/fa/${encodeURIComponent('سلام')}`);
  });
});
