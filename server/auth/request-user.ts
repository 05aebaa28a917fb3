import { readCookie } from '../../common/locales';
import type { Database } from '../db/database';
import { readSession, SESSION_COOKIE, type SessionUser } from './sessions';

/** The signed-in user of a page request (route loaders), or null. */
export async function getRequestUser(db: Database, request: Request): Promise<SessionUser | null> {
  const token = readCookie(request.headers.get('cookie'), SESSION_COOKIE);
  const session = await readSession(db, token).catch(() => null);
  return session?.user ?? null;
}
