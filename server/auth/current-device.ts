import { eq } from 'drizzle-orm';
import { readCookie } from '../../common/locales';
import type { Database } from '../db/database';
import { sessions } from '../db/schema';
import { SESSION_COOKIE } from './sessions';
import { sha256Hex } from './tokens';

/** The device a page request's session was started from (null when it had no device key). */
export async function currentDeviceId(db: Database, request: Request): Promise<string | null> {
  const token = readCookie(request.headers.get('cookie'), SESSION_COOKIE);
  if (!token || token.length > 200) return null;
  const row = await db
    .select({ deviceId: sessions.deviceId })
    .from(sessions)
    .where(eq(sessions.id, await sha256Hex(token)))
    .get();
  return row?.deviceId ?? null;
}
