import { describe, expect, it, vi } from 'vitest';
import { RepositoryDamagedError } from '../../server/content/repository';
import { rethrowRepositoryDamage } from './repository-damage.server';

/*
 * A loader that finds the content repository damaged (the editor of a damaged page, issue 35 F-4)
 * shows an error page that says so in the page's language — which file and object, restore from a
 * backup — instead of the generic "Internal Server Error"; the log gets the English message.
 */
describe('rethrowRepositoryDamage', () => {
  const damage = new RepositoryDamagedError({ object: 'a'.repeat(40), file: 'content/en/about.md', detail: 'it is missing' });

  it('throws an error page with the message in the page’s language, and logs the whole message', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const thrown = (locale: string | undefined) => {
      try {
        rethrowRepositoryDamage(damage, locale);
      } catch (error) {
        return error;
      }
    };
    // React Router shows a thrown `data()` as a route error response with this status and data.
    expect(thrown('fa')).toMatchObject({
      init: { status: 500 },
      data: {
        kind: 'repositoryDamaged',
        message: `مخزن محتوا آسیب دیده است: content/en/about.md (شیء ${'a'.repeat(40)}) خوانده نمی‌شود. چیزی تغییر نکرد؛ مخزن را از پشتیبان بازگردانید`,
      },
    });
    // An unknown language gets English.
    expect(thrown('xx')).toMatchObject({
      data: {
        message: `The content repository is damaged: content/en/about.md (object ${'a'.repeat(40)}) cannot be read. Nothing was changed; restore the repository from a backup`,
      },
    });
    expect(logged.mock.calls.flat().join('\n')).toContain('Restore the repository from a backup');
  });

  it('throws anything else on as it was', () => {
    const other = new Error('other');
    expect(() => rethrowRepositoryDamage(other, 'en')).toThrow(other);
  });
});
