import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sessions, users } from '../../db/schema';

/**
 * A new session for a sign-in that checked `passwordHash`, only if it is still the user's hash: undefined
 * when a password change committed meanwhile. The user row is held FOR SHARE until the session is in, so a
 * change in progress waits for this sign-in (and then ends its session with the others) or this waits for
 * the change (and then finds the new hash): a sign-in with the old password never outlives the change
 * (contract: a password change ends every other session).
 */
export async function insertSession(
  db: Db,
  user: { id: string; passwordHash: string },
  expiresAt: Date,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash), isNull(users.deletedAt)))
      .for('share');
    if (!current) return undefined;
    const [row] = await tx.insert(sessions).values({ userId: user.id, expiresAt }).returning({ id: sessions.id });
    return row?.id;
  });
}

// Run on every signed-in request (authenticate.ts), so prepared once.
const userOfLiveSession = preparedQuery((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare('user_of_live_session'),
);

/** The user behind a live session: not revoked, not expired, user not deleted. One indexed query. */
export async function findUserOfLiveSession(db: Db, sessionId: string, userId: string, now: Date) {
  const [row] = await userOfLiveSession(db).execute({ sessionId, userId, now: now.toISOString() });
  return row?.user;
}

export async function revokeSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every live session of the user except `keepSessionId` (contract: a password change ends every other
 * session and keeps the one that made it). Returns how many ended.
 */
export async function revokeOtherSessions(db: DbOrTx, userId: string, keepSessionId: string, now: Date): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/** Housekeeping at sign-in: sessions past their expiry can never be used again. */
export async function deleteExpiredSessions(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
