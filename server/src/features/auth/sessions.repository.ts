import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';

export async function insertSession(db: DbOrTx, userId: string, expiresAt: Date): Promise<string> {
  const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  if (!row) throw new Error('insert into sessions returned no row');
  return row.id;
}

/** The user behind a live session: not revoked, not expired, user not deleted. One indexed query. */
export async function findUserOfLiveSession(db: DbOrTx, sessionId: string, userId: string, now: Date) {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row?.user;
}

export async function revokeSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Housekeeping at sign-in: sessions past their expiry can never be used again. */
export async function deleteExpiredSessions(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
