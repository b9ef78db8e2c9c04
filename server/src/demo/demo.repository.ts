import { count, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { auditLog, bills, itemImages, items, orders, pictureFiles, pointsLedger, users } from '../db/schema';

/** How many users there are, deleted ones included: the demo writes only into a database with none. */
export async function countAllUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users);
  return row?.total ?? 0;
}

/**
 * Users whose names are not among `demoUsernames`, deleted ones included (at most `limit` names, and how many
 * there are): a folder holding any is a real programme's, which `npm run demo -- --fresh` must not delete. A
 * database with no users table (never migrated) has none.
 */
export async function findUsersNotInDemo(
  db: DbOrTx,
  demoUsernames: readonly string[],
  limit: number,
): Promise<{ total: number; usernames: string[] }> {
  const [table] = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('public.users') is not null as present`));
  if (!table?.present) return { total: 0, usernames: [] };
  const foreign = sql`lower(${users.username}) <> all(${sql.param(demoUsernames.map((name) => name.toLowerCase()))}::text[])`;
  const [counted] = await db.select({ total: count() }).from(users).where(foreign);
  const named = await db.select({ username: users.username }).from(users).where(foreign).orderBy(users.username).limit(limit);
  return { total: counted?.total ?? 0, usernames: named.map((row) => row.username) };
}

/** One step of the demo's story: rows written between `realFrom` and `realTo` happened at `storyTime`. */
export type TimelineStep = { realFrom: Date; realTo: Date; storyTime: Date };

/**
 * The services stamp bills, ledger entries and audit records with the database's now(); the demo's story
 * happened over two quarters, so each row takes the story's time of the step that wrote it (one statement
 * per table, the steps as a VALUES list).
 */
export async function restampStory(db: DbOrTx, steps: TimelineStep[]): Promise<void> {
  if (steps.length === 0) return;
  const timeline = sql.join(
    steps.map(
      (step) =>
        sql`(${step.realFrom.toISOString()}::timestamptz, ${step.realTo.toISOString()}::timestamptz, ${step.storyTime.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const restamp = (table: SQL, columns: SQL) =>
    db.execute(sql`with timeline(real_from, real_to, story_time) as (values ${timeline})
      update ${table} set ${columns} from timeline
      where ${table}.created_at >= timeline.real_from and ${table}.created_at < timeline.real_to`);
  await restamp(sql`${bills}`, sql`created_at = timeline.story_time, updated_at = timeline.story_time`);
  await restamp(sql`${pointsLedger}`, sql`created_at = timeline.story_time`);
  await restamp(sql`${auditLog}`, sql`created_at = timeline.story_time`);
}

/** What the demo holds, counted in the database (printed at start, checked by the demo's test). */
export async function countProgramme(db: DbOrTx) {
  const [customersByTier, ordersByStatus, [itemCounts], [billCount], [adjustmentCount], [pictureCount]] = await Promise.all([
    db
      .select({ tier: users.tier, total: count() })
      .from(users)
      .where(sql`${users.userType} = 'customer' and ${users.deletedAt} is null`)
      .groupBy(users.tier),
    db.select({ status: orders.status, total: count() }).from(orders).groupBy(orders.status),
    db
      .select({
        items: count(),
        withPicture:
          sql<number>`count(*) filter (where exists (select 1 from ${itemImages} as pictures where pictures.item_id = ${items}.id))`.mapWith(
            Number,
          ),
        negativeStock: sql<number>`count(*) filter (where ${items.stock} < 0)`.mapWith(Number),
        soldOut: sql<number>`count(*) filter (where ${items.stock} = 0)`.mapWith(Number),
      })
      .from(items),
    db.select({ total: count() }).from(bills),
    db
      .select({ total: count() })
      .from(pointsLedger)
      .where(sql`${pointsLedger.reason} = 'adjustment'`),
    db.select({ total: count() }).from(pictureFiles),
  ]);
  return {
    customersByTier: Object.fromEntries(customersByTier.map((row) => [row.tier, row.total])),
    ordersByStatus: Object.fromEntries(ordersByStatus.map((row) => [row.status, row.total])),
    items: itemCounts?.items ?? 0,
    itemsWithPicture: itemCounts?.withPicture ?? 0,
    itemsWithNegativeStock: itemCounts?.negativeStock ?? 0,
    itemsSoldOut: itemCounts?.soldOut ?? 0,
    bills: billCount?.total ?? 0,
    adjustments: adjustmentCount?.total ?? 0,
    pictureFiles: pictureCount?.total ?? 0,
  };
}
