import { describe, expect, it } from 'vitest';
import { createNodeDatabase } from '../../platforms/node/database';
import { createTestDatabase } from '../../tests/support/database';
import { createPageViewRecorder } from './page-views';

describe('the page-view recorder', () => {
  it('drops a batch that comes due after the database closed, without an error (a process shutting down)', async () => {
    const { dir } = await createTestDatabase();
    const { db, close } = await createNodeDatabase(`file:${dir}/closing.db`);
    const recorder = createPageViewRecorder(db, { flushMs: 60_000 });
    recorder.record({
      at: Date.now(),
      locale: 'en',
      path: 'about',
      referrer: null,
      site: 'daftar.example',
      ip: '192.0.2.1',
      userAgent: 'Mozilla/5.0',
    });
    close();
    // The test setup fails the test on any console.error.
    await expect(recorder.flush()).resolves.toBeUndefined();
  });
});
