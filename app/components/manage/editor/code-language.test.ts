import { describe, expect, it } from 'vitest';
import { CODE_LANGUAGES, codeLanguageOptions } from './code-language';

describe('codeLanguageOptions', () => {
  it('lists the common languages, unique, for a block without one', () => {
    const values = codeLanguageOptions(null).map((option) => option.value);
    expect(values).toEqual(CODE_LANGUAGES.map(([value]) => value));
    expect(new Set(values).size).toBe(values.length);
    expect(values).toContain('ts');
  });
  it('keeps a language written by hand that the list lacks, first', () => {
    expect(codeLanguageOptions('haskell')[0]).toEqual({ value: 'haskell', label: 'haskell' });
    expect(codeLanguageOptions('ts').filter((option) => option.value === 'ts')).toHaveLength(1);
  });
  it('treats a blank language as none', () => {
    expect(codeLanguageOptions('  ')).toHaveLength(CODE_LANGUAGES.length);
  });
});
