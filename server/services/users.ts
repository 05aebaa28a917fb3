import { eq, sql } from 'drizzle-orm';
import type { AdminRequest } from '../../common/schemas/account';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/database';
import { userRoles, users } from '../db/schema';
import { AppError } from '../errors';

export async function findUserByName(db: Database, username: string) {
  return db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .get();
}

/** Creates an account with the given roles; user names are unique regardless of case. */
export async function createUser(db: Database, input: Omit<AdminRequest, 'pub'>, roleIds: string[]) {
  if (await findUserByName(db, input.userName)) {
    throw new AppError(409, 'api.userNameTaken', { issues: [{ path: ['userName'], message: 'api.userNameTaken' }] });
  }
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  try {
    await db.batch([
      db.insert(users).values({
        id,
        username: input.userName,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        displayName: `${input.firstName} ${input.lastName}`,
        about: input.about,
      }),
      ...roleIds.map((roleId) => db.insert(userRoles).values({ userId: id, roleId })),
    ]);
  } catch (error) {
    // Two sign-ups racing for one name: the unique index decides.
    if (String((error as Error)?.message ?? error).includes('UNIQUE')) throw new AppError(409, 'api.userNameTaken');
    throw error;
  }
  return id;
}
