import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/database';
import { builds, commits, redirects } from '../db/schema';
import { addressOf, changesOf, publishStatements } from './publish-completion';

describe('publishStatements', () => {
  it('applies a publish once: run again (a Workers step that switches the index, run twice) it fails and changes nothing', async () => {
    const { db } = await createTestDatabase();
    const [build] = await db.insert(builds).values({ status: 'publishing', title: 'Move hello' }).returning();
    if (!build) throw new Error('no build');
    await db.insert(commits).values({
      buildId: build.id,
      kind: 'move',
      path: 'content/en/logs/hello-again.md',
      fromPath: 'content/en/logs/hello.md',
    });
    const changes = await changesOf(db, build.id);
    const from = addressOf('content/en/logs/hello.md');
    const to = addressOf('content/en/logs/hello-again.md');
    expect([from, to]).toEqual(['/en/logs/hello', '/en/logs/hello-again']);

    await db.batch(publishStatements(db, build, changes, 'a'.repeat(40), null) as [never, ...never[]]);
    expect(await db.select({ from: redirects.from, to: redirects.to }).from(redirects)).toEqual([{ from, to }]);
    const published = await db.select().from(builds).where(eq(builds.id, build.id)).get();
    expect(published?.status).toBe('published');

    // A later build puts a page back at the old address, which drops the redirect from it.
    await db.delete(redirects).where(eq(redirects.from, from!));
    // The same final step run a second time, with statements made before the first committed.
    await expect(
      db.batch(publishStatements(db, build, changes, 'b'.repeat(40), null, new Date(Date.now() + 1000)) as [never, ...never[]]),
    ).rejects.toThrow();
    expect(await db.select().from(redirects)).toEqual([]);
    expect(await db.select().from(builds).where(eq(builds.id, build.id)).get()).toEqual(published);
  });
});
