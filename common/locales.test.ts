import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';
import { detectLocale, localeFromAcceptLanguage, otherLocale, switchLocalePath } from './locales';

describe('locale detection', () => {
  it('prefers the route prefix over cookie and browser languages', () => {
    expect(detectLocale({ pathname: '/en/about', cookie: 'locale=fa', acceptLanguage: 'fa' })).toBe('en');
    // A client navigation's data request for the locale's home (it was read as "no prefix").
    expect(detectLocale({ pathname: '/fa.data', cookie: 'locale=en', acceptLanguage: 'en' })).toBe('fa');
    expect(detectLocale({ pathname: '/en.data', acceptLanguage: 'fa' })).toBe('en');
    expect(detectLocale({ pathname: '/fa/logs.data', acceptLanguage: 'en' })).toBe('fa');
  });
  it('uses the locale cookie when the path has no prefix', () => {
    expect(detectLocale({ pathname: '/about', cookie: 'theme=x; locale=en', acceptLanguage: 'fa-IR,fa' })).toBe('en');
  });
  it('ignores an unknown cookie value and falls back to Accept-Language', () => {
    expect(detectLocale({ pathname: '/', cookie: 'locale=de', acceptLanguage: 'en-US,en;q=0.9' })).toBe('en');
  });
  it('defaults to Persian', () => {
    expect(detectLocale({ pathname: '/', acceptLanguage: 'de-DE,ja;q=0.5' })).toBe('fa');
    expect(detectLocale({ pathname: '/' })).toBe('fa');
  });
  it('honours q-values in Accept-Language', () => {
    expect(localeFromAcceptLanguage('fa;q=0.3, en;q=0.8')).toBe('en');
    expect(localeFromAcceptLanguage('de, fa-IR;q=0.9, en;q=0.1')).toBe('fa');
    expect(localeFromAcceptLanguage('en;q=0')).toBeUndefined();
  });
});

describe('helpers', () => {
  it('reads a cookie by name and decodes it', () => {
    expect(readCookie('a=1; locale=en%20x', 'locale')).toBe('en x');
    expect(readCookie(null, 'locale')).toBeUndefined();
    expect(readCookie('locale=%E0%A4%A', 'locale')).toBe('%E0%A4%A');
  });
  it('names the other locale', () => {
    expect(otherLocale('fa')).toBe('en');
    expect(otherLocale('en')).toBe('fa');
  });
  it('switches the locale prefix of a path', () => {
    expect(switchLocalePath('/fa/logs/hello', 'en')).toBe('/en/logs/hello');
    expect(switchLocalePath('/fa', 'en')).toBe('/en');
    expect(switchLocalePath('/about', 'fa')).toBe('/fa/about');
  });
});
