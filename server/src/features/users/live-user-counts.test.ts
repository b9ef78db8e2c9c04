import { eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertUser, insertUsers } from './users.repository';
import { useTestApp } from '../../test/http';
import { liveUserCounts, users } from '../../db/schema';

const t = useTestApp();

/** live_user_counts beside a real count of live users, per type. */
async function countsAndTruth() {
  const kept = await t.db.select().from(liveUserCounts);
  const truth = await t.db
    .select({ userType: users.userType, live: sql<number>`count(*)::int` })
    .from(users)
    .where(isNull(users.deletedAt))
    .groupBy(users.userType);
  const asMap = (rows: { userType: string; live: number }[]) =>
    Object.fromEntries(rows.filter((row) => row.live !== 0).map((row) => [row.userType, row.live]));
  return { kept: asMap(kept), truth: asMap(truth) };
}

const newUser = (index: number) => ({
  username: `count-dealer-${index}`,
  partyName: `Count Traders ${index}`,
  phoneNumber: '9829012345',
  passwordHash: 'not-a-real-hash',
  userType: 'customer' as const,
});

describe('live_user_counts (migration 0005: the users lists read their totals here)', () => {
  it('when users are added one by one and in bulk, soft deleted, restored, retyped and deleted, then the counts stay exact', async () => {
    expect((await countsAndTruth()).kept).toEqual((await countsAndTruth()).truth);

    const single = await insertUser(t.db, newUser(0));
    await insertUsers(
      t.db,
      Array.from({ length: 25 }, (_, index) => newUser(index + 1)),
    );
    let state = await countsAndTruth();
    expect(state.kept).toEqual(state.truth);

    // Soft delete, then a change that touches neither type nor deletion (points), then a change of type.
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, single.id));
    await t.db
      .update(users)
      .set({ availablePoints: 500 })
      .where(sql`${users.username} like 'count-dealer-%'`);
    await t.db.update(users).set({ userType: 'admin' }).where(eq(users.username, 'count-dealer-1'));
    state = await countsAndTruth();
    expect(state.kept).toEqual(state.truth);

    // Restored, then removed for good, inside one transaction with other work.
    await t.db.transaction(async (tx) => {
      await tx.update(users).set({ deletedAt: null }).where(eq(users.id, single.id));
      await tx.delete(users).where(sql`${users.username} in ('count-dealer-2', 'count-dealer-3')`);
    });
    state = await countsAndTruth();
    expect(state.kept).toEqual(state.truth);
  });

  it('when a transaction that added users rolls back, then the counts roll back with it', async () => {
    const before = await countsAndTruth();
    await expect(
      t.db.transaction(async (tx) => {
        await insertUser(tx, newUser(99));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    expect(await countsAndTruth()).toEqual(before);
  });
});
