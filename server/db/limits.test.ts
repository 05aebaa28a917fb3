import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/database';
import { batchInParts, MAX_BOUND_PARAMETERS, selectInParts, splitStatements } from './limits';
import { comments, commits, pages } from './schema';

describe("statements within D1's limits", () => {
  it('cuts an IN list and a multi-row insert into statements of at most 100 bound parameters', async () => {
    const { db } = await createTestDatabase();
    const ids = Array.from({ length: 250 }, (_, i) => i + 1);
    const updates = splitStatements(ids, (part) => db.update(comments).set({ status: 'spam' }).where(inArray(comments.id, part)));
    expect(updates.map((statement) => statement.toSQL().params.length)).toEqual([100, 100, 53]); // 99 ids and the status each, then the other 52
    const rows = Array.from({ length: 40 }, (_, i) => ({ buildId: 1, path: `content/en/${i}.md`, content: 'x', authorId: null }));
    const inserts = splitStatements(rows, (part) => db.insert(commits).values(part));
    for (const statement of inserts) expect(statement.toSQL().params.length).toBeLessThanOrEqual(MAX_BOUND_PARAMETERS);
    expect(inserts.length).toBeGreaterThan(1);
    expect(splitStatements([], (part: number[]) => db.delete(comments).where(inArray(comments.id, part)))).toEqual([]);
  });

  it('reads and writes lists of any length; the D1 test database refuses the same statement unchunked', async () => {
    const { db } = await createTestDatabase({ d1Limits: true });
    const paths = Array.from({ length: 150 }, (_, i) => `content/en/p${i}.md`);
    expect(await selectInParts(paths, (part) => db.select().from(pages).where(inArray(pages.sourcePath, part)))).toEqual([]);
    expect(await batchInParts(db, [], (part: number[]) => db.delete(comments).where(inArray(comments.id, part)))).toEqual([]);
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => 'accepted',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(db.select().from(pages).where(inArray(pages.sourcePath, paths)))).toMatch(/too many SQL variables/);
    expect(await refusal(db.batch([db.delete(pages).where(inArray(pages.sourcePath, paths))]))).toMatch(/too many SQL variables/);
    expect(await refusal(db.transaction((tx) => tx.delete(pages).where(inArray(pages.sourcePath, paths))))).toMatch(
      /too many SQL variables/,
    );
    // drizzle-orm issue 2277: D1 cannot batch a raw statement with bound values; without them it can.
    expect(await refusal(db.batch([db.run(sql`delete from pages where id < ${5}`)]))).toMatch(/issue 2277/);
    expect(await refusal(db.batch([db.run(sql`delete from pages where id < ${sql.raw('5')}`)]))).toBe('accepted');
  });
});
