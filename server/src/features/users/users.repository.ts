import type { UserType } from '@app/common';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { named, snapshotRows } from '../../db/snapshot-rows';
import { preparedQuery } from '../../db/prepared';
import { isTransaction } from '../../db/transactions';
import { liveUserCounts, users } from '../../db/schema';
import { likePattern } from '../../lib/pagination';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

const isLive = isNull(users.deletedAt);

export async function findLiveUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isLive))
    .limit(1);
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

/**
 * The user's own new password, only if the row is still as `expected` (hash and token version read before
 * the bcrypt checks): a concurrent change, reset, block or delete makes this match nothing. The token
 * version stays, so the session that made the change keeps its token.
 */
export async function updateOwnPasswordIfUnchanged(
  db: DbOrTx,
  id: string,
  expected: Pick<UserRow, 'passwordHash' | 'tokenVersion'>,
  passwordHash: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, isPasswordReset: true, updatedAt: sql`now()` })
    .where(
      and(
        eq(users.id, id),
        isLive,
        eq(users.blocked, false),
        eq(users.passwordHash, expected.passwordHash),
        eq(users.tokenVersion, expected.tokenVersion),
      ),
    )
    .returning();
  return row;
}

export async function countLiveUsersOfType(db: DbOrTx, userType: UserType): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.userType, userType), isLive));
  return row?.count ?? 0;
}

/** Usernames (lower-cased) among `candidates` that a live user already holds. */
export async function findTakenUsernames(db: DbOrTx, candidates: string[]): Promise<Set<string>> {
  const lowered = [...new Set(candidates.map((name) => name.trim().toLowerCase()))];
  const taken = new Set<string>();
  // Slices keep the statement well under PostgreSQL's parameter limit for 10,000-row imports.
  for (let start = 0; start < lowered.length; start += 5000) {
    const slice = lowered.slice(start, start + 5000);
    const rows = await db
      .select({ username: users.username })
      .from(users)
      .where(and(inArray(sql`lower(${users.username})`, slice), isLive));
    for (const row of rows) taken.add(row.username.toLowerCase());
  }
  return taken;
}

export async function insertUsers(db: DbOrTx, values: NewUserRow[]): Promise<UserRow[]> {
  const inserted: UserRow[] = [];
  for (let start = 0; start < values.length; start += 500) {
    inserted.push(
      ...(await db
        .insert(users)
        .values(values.slice(start, start + 500))
        .returning()),
    );
  }
  return inserted;
}

export type UserListFilter = { userType?: UserType; q?: string };

function listCondition(filter: UserListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isLive];
  if (filter.userType) conditions.push(eq(users.userType, filter.userType));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(or(ilike(users.username, pattern), ilike(users.partyName, pattern)));
  }
  return and(...conditions);
}

// The lists without a search (the dashboards' first view): the page, and its total from live_user_counts
// (kept by triggers, migration 0005) rather than counted, as prepared statements. With 100,000 customers the
// count was most of the request's database time (issue 8).
const pageOfType = preparedQuery((db) =>
  db
    .select({
      user: users,
      total:
        sql<number>`(select coalesce(sum(${liveUserCounts.live}), 0) from ${liveUserCounts} where ${liveUserCounts.userType} = ${sql.placeholder('userType')})`.mapWith(
          Number,
        ),
    })
    .from(users)
    .where(and(isLive, eq(users.userType, sql.placeholder('userType'))))
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('users_page_of_type'),
);
const pageOfAll = preparedQuery((db) =>
  db
    .select({
      user: users,
      total: sql<number>`(select coalesce(sum(${liveUserCounts.live}), 0) from ${liveUserCounts})`.mapWith(Number),
    })
    .from(users)
    .where(isLive)
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('users_page_of_all'),
);

async function searchPage(db: DbOrTx, filter: UserListFilter, window: { limit: number; offset: number }) {
  if (!filter.q && !isTransaction(db)) {
    return filter.userType ? pageOfType(db).execute({ userType: filter.userType, ...window }) : pageOfAll(db).execute(window);
  }
  const condition = listCondition(filter);
  const matching = db.select({ total: count() }).from(users).where(condition);
  return db
    .select({ user: users, total: sql<number>`(${matching})`.mapWith(Number) })
    .from(users)
    .where(condition)
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
    .limit(window.limit)
    .offset(window.offset);
}

/**
 * One page of live users in username order and how many match in all, in one statement. Without a search the
 * total comes from live_user_counts; with one, it is an uncorrelated scalar subquery that PostgreSQL runs once
 * (an InitPlan) beside the page. Not a window `count(*) over ()`: that makes the page read every matching row
 * in username order before the LIMIT, and measured 3 to 12 times slower than the page plus a count on 100,000
 * customers whenever many match. Only a page past the end, which has no row to carry the total, asks for it
 * separately.
 */
export async function listUsersPage(
  db: DbOrTx,
  filter: UserListFilter,
  window: { limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const found = await searchPage(db, filter, window);
  const [first] = found;
  if (first) return { rows: found.map((row) => row.user), total: first.total };
  return { rows: [], total: window.offset === 0 ? 0 : await countUsers(db, filter) };
}

export async function countUsers(db: DbOrTx, filter: UserListFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(listCondition(filter));
  return row?.total ?? 0;
}

/** The users list (same filter, same order as listUsersPage) as it stands when reading begins, in slices (exports). */
export function snapshotUsers(db: Db, filter: UserListFilter) {
  const fields = named({
    username: users.username,
    partyName: users.partyName,
    phoneNumber: users.phoneNumber,
    userType: users.userType,
    tier: users.tier,
    availablePoints: users.availablePoints,
    totalPoints: users.totalPoints,
    // Contract "points expiry": the soonest date with points left in the customer's lots, and how many. Written
    // out: in a one-table select Drizzle names columns without their table, which a subquery would misread.
    nextExpiryOn: sql<string | null>`(select min(l.expires_on)::text from point_lots l
      where l.user_id = "users"."id" and l.points_left > 0)`,
    nextExpiryPoints: sql<number | null>`(select sum(l.points_left) from point_lots l
      where l.user_id = "users"."id" and l.points_left > 0 and l.expires_on = (
        select min(m.expires_on) from point_lots m where m.user_id = "users"."id" and m.points_left > 0))`.mapWith(Number),
    blocked: users.blocked,
    createdAt: users.createdAt,
  });
  const query = db
    .select(fields)
    .from(users)
    .where(listCondition(filter))
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
  return snapshotRows(db, query, fields);
}

export type UserPatch = Partial<
  Pick<UserRow, 'tier' | 'blocked' | 'passwordHash' | 'isPasswordReset' | 'deletedAt' | 'email' | 'language'>
>;

/** Changes a live user; `revokeTokens` bumps the token version so every existing session ends. */
export async function updateUser(
  db: DbOrTx,
  id: string,
  patch: UserPatch,
  options: { revokeTokens?: boolean } = {},
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      ...patch,
      ...(options.revokeTokens ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, id), isLive))
    .returning();
  return row;
}
