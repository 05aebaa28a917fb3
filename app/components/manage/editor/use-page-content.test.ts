import { describe, expect, it } from 'vitest';
import type { EditorData } from './types';
import { initialFrontMatter } from './use-page-content';

describe('initialFrontMatter', () => {
  it('a new page opened with ?from= starts from the source without its description, tags or meta title (D9)', () => {
    const data: EditorData = {
      page: { locale: 'en', path: 'logs/isfahan' },
      document: null,
      from: {
        page: { locale: 'fa', path: 'logs/سفر-اصفهان' },
        frontMatter: {
          title: 'سفر اصفهان',
          description: 'سه روز در اصفهان',
          tags: ['سفر', 'اصفهان'],
          metaTitle: 'اصفهان',
          date: '2026-11-20',
          cat: 'notes',
        },
      },
      pendingBy: null,
      source: null,
      buildScheduledAt: null,
      schedule: null,
      canSchedule: false,
      translation: null,
    };
    expect(initialFrontMatter(data)).toEqual({
      title: 'سفر اصفهان',
      date: '2026-11-20',
      cat: 'notes',
      translationKey: 'logs/سفر-اصفهان',
    });
    expect(initialFrontMatter({ ...data, from: null })).toEqual({ title: '' });
  });
});
