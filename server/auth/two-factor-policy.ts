import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { settings } from '../db/schema';

/*
 * The site's two-factor policy ("Require two-factor sign-in for staff", docs/security.md), read by
 * the session guard (sessions.ts) and the sign-in (services/two-factor.ts) alike.
 */

export const SECURITY_SETTINGS_KEY = 'security';
export type SecuritySettings = { requireTwoFactor: boolean };

export async function readSecuritySettings(db: Database): Promise<SecuritySettings> {
  const row = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SECURITY_SETTINGS_KEY)).get();
  const value = row?.value as Partial<SecuritySettings> | undefined;
  return { requireTwoFactor: value?.requireTwoFactor === true };
}
