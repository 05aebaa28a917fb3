// Part of `npm run bench`: what the abuse limits kept in the database (server/auth/rate-limit.ts)
// add to a login, on an embedded SQLite file like the server's: the statements of a successful
// sign-in (count the attempt for its pair and address, then clear the pair and give the attempt
// back) against one plain `SELECT 1` round trip, timed over many sequential logins.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createNodeDatabase } from '../platforms/node/database';
import { createLimits, createLoginThrottle } from '../server/auth/rate-limit';
import { runMigrations } from '../server/db/migrate';

const ROUNDS = 2000;
const dir = mkdtempSync(path.join(tmpdir(), 'daftar-bench-limits-'));
const { db, close } = await createNodeDatabase(`file:${path.join(dir, 'bench.db')}`);
try {
  await runMigrations(db);
  const throttle = createLoginThrottle(createLimits(db));
  const time = async (work: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < 200; i++) await work(i);
    const started = performance.now();
    for (let i = 0; i < ROUNDS; i++) await work(i);
    return ((performance.now() - started) / ROUNDS) * 1000;
  };
  const roundTrip = await time(() => db.run(sql`SELECT 1`));
  const login = await time(async (i) => {
    const ip = `198.51.100.${i % 200}`;
    await throttle.attempt(ip, `user${i % 50}`);
    await throttle.succeed(ip, `user${i % 50}`);
  });
  console.log(
    `Abuse limits in the database: a successful login's limit statements take ${login.toFixed(0)} µs (${ROUNDS} sequential logins on embedded SQLite; one SELECT 1 round trip: ${roundTrip.toFixed(0)} µs). A login's password hash costs ~100 ms.`,
  );
} finally {
  close();
  rmSync(dir, { recursive: true, force: true });
}
