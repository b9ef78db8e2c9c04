import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

const isLive = isNull(users.deletedAt);

export async function findLiveUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), isLive)).limit(1);
  return row;
}

/** Usernames are unique regardless of case (contract "Users"); the lower() index answers this. */
export async function findLiveUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username.trim()})`, isLive))
    .limit(1);
  return row;
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** Sets a new hash and bumps the token version, which revokes every token issued before. */
export async function updatePasswordAndRevokeTokens(
  db: DbOrTx,
  id: string,
  passwordHash: string,
  isPasswordReset: boolean,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      passwordHash,
      isPasswordReset,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, id), isLive))
    .returning();
  return row;
}

export async function countLiveUsersOfType(db: DbOrTx, userType: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.userType, userType), isLive));
  return row?.count ?? 0;
}
