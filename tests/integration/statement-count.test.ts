import type { Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import type { ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageHandler } from '../../app/lib/app-context.server';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import * as schema from '../../server/db/schema';
import { createInstalledSite } from '../support/site';

/*
 * How many SQL statements a request costs, counted through Drizzle's logger over the real app and
 * the real route modules (loaded from source by Vite, as `npm run dev` does). On Workers every
 * statement is a D1 round trip, and an anonymous page is not cached there, so these are budgets.
 */
let vite: ViteDevServer;
let build: ServerBuild;

beforeAll(async () => {
  vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'silent' });
  build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
}, 180_000); // Vite loads the whole app from source: ~15 s quiet, over a minute on a loaded 2-core machine.

afterAll(async () => {
  await vite?.close();
});

async function countingSite() {
  const site = await createInstalledSite();
  const statements: string[] = [];
  const client = (site.deps.db as unknown as { $client: Client }).$client;
  const db = drizzle(client, { schema, logger: { logQuery: (query) => statements.push(query) } }) as unknown as Database;
  const app = createApp({ ...site.deps, db, pageHandler: createPageHandler(build), pageCache: undefined });
  /** Statements run by one request (after a warm-up request, as a running server would be). */
  const cost = async (path: string, cookie?: string) => {
    const headers = cookie ? { cookie } : undefined;
    await app.request(path, { headers });
    statements.length = 0;
    const response = await app.request(path, { headers });
    console.info(`${statements.length} SQL statements: GET ${path}${cookie ? ' (signed in)' : ''}`);
    return { status: response.status, count: statements.length, statements: [...statements] };
  };
  return { ...site, cost };
}

describe('statements per request', () => {
  it('an uncached anonymous content page runs at most 4', async () => {
    const { cost } = await countingSite();
    const page = await cost('/en/about');
    expect(page.status).toBe(200);
    expect(page.count, page.statements.join('\n')).toBeLessThanOrEqual(4);
    // The page is read by its shown columns: the search text and the one-string HTML (feeds) are
    // most of a long page's bytes, and reading them cost a third of an uncached render.
    const pageRead = page.statements.find((sql) => /from "pages"/.test(sql) && /"body"/.test(sql));
    expect(pageRead).toBeDefined();
    expect(pageRead).not.toMatch(/"search_text"/);
    // (qualified by its table since the read joins the author's account)
    expect(pageRead).toMatch(/case when (?:"pages"\.)?"body" is null then (?:"pages"\.)?"html" end/);
  });

  it('the session endpoint runs at most 2, signed in', async () => {
    const { cost, cookies } = await countingSite();
    const session = await cost('/api/_auth/session', cookies.member);
    expect(session.status).toBe(200);
    expect(session.count, session.statements.join('\n')).toBeLessThanOrEqual(2);
    expect(session.count).toBeGreaterThan(0); // it did read the session
  });

  it('the home page and an archive stay within 5', async () => {
    const { cost } = await countingSite();
    for (const path of ['/en', '/fa/logs', '/fa/logs/1404']) {
      const page = await cost(path);
      expect(page.status).toBe(200);
      expect(page.count, page.statements.join('\n')).toBeLessThanOrEqual(5);
    }
  });

  it('a signed-in dashboard page reads the session once', async () => {
    const { cost, cookies } = await countingSite();
    const page = await cost('/en/manage', cookies.editor);
    expect(page.status).toBe(200);
    const sessionReads = page.statements.filter((sql) => /from "sessions"/.test(sql));
    expect(sessionReads).toHaveLength(1);
  });
});
