import { BILL_LEDGER_TYPES, TOTAL_POINTS_LEDGER_TYPES, type LedgerType } from '@app/common';
import type { DatabaseSession } from './database-session';

/*
 * What the restored rows must satisfy before the restore commits (decision 037). The checksum proves a file is
 * the one a backup wrote, not that what it holds is right: a file edited with its checksum computed again
 * passes it. These are the rules the services keep in every transaction (contract "ledger, adjustments": at every
 * moment the sum of a customer's ledger points equals their availablePoints, and the sum over the bill_* and
 * campaign_bonus entries their totalPoints), read over the whole restored programme in a few grouped queries.
 * What the tables' constraints already refuse row by row (stock below zero, a line of an item that does not
 * exist, a ledger entry of nobody) the database refuses while the rows go in.
 */

/** `reason in ('bill_entered', …)` for these ledger types (constants of the code, typed, never a reader's input). */
const reasonIn = (types: readonly LedgerType[]) => `reason in (${types.map((type) => `'${type}'`).join(', ')})`;
// Ledger entry types whose points count towards totalPoints (bills, and a campaign's bonus on a bill).
const TOTAL_TYPES = reasonIn(TOTAL_POINTS_LEDGER_TYPES);
// Each rule names at most this many rows: enough to find the edit, short enough to read.
const NAMED = 5;

const points = (hundredths: string) => (Number(hundredths) / 100).toFixed(2);

/** A rule: its query of broken rows, the sentence of one, and the table it reads when a backup may predate it. */
type Rule = { sql: string; sentence: (row: Record<string, string>) => string; needs?: string };

const RULES: Rule[] = [
  {
    sql: `select u.user_type as type, u.username as name, u.available_points::text as balance,
            coalesce(s.available, 0)::text as ledger
          from users u left join (select user_id, sum(available_delta) as available from points_ledger group by user_id) s
            on s.user_id = u.id
          where u.available_points <> coalesce(s.available, 0)`,
    sentence: (row) => `${row.type} ${row.name}: balance ${points(row.balance!)} but the ledger sums ${points(row.ledger!)}`,
  },
  {
    sql: `select u.user_type as type, u.username as name, u.total_points::text as total,
            coalesce(s.bills, 0)::text as bills, coalesce(s.total, 0)::text as ledger
          from users u left join (
            select user_id, sum(available_delta) filter (where ${TOTAL_TYPES}) as bills, sum(total_delta) as total
            from points_ledger group by user_id) s on s.user_id = u.id
          where u.total_points <> coalesce(s.bills, 0) or u.total_points <> coalesce(s.total, 0)`,
    sentence: (row) =>
      row.total !== row.bills
        ? `${row.type} ${row.name}: total points ${points(row.total!)} but the ledger's bill entries sum ${points(row.bills!)}`
        : `${row.type} ${row.name}: total points ${points(row.total!)} but the ledger's total column sums ${points(row.ledger!)}`,
  },
  {
    // Contract "points expiry": the points left in a customer's lots are max(0, availablePoints).
    needs: 'point_lots',
    sql: `select u.user_type as type, u.username as name, u.available_points::text as balance,
            coalesce(l.points, 0)::text as lots
          from users u left join (select user_id, sum(points_left) as points from point_lots group by user_id) l
            on l.user_id = u.id
          where greatest(0, u.available_points) <> coalesce(l.points, 0)`,
    sentence: (row) => `${row.type} ${row.name}: balance ${points(row.balance!)} but its lots hold ${points(row.lots!)}`,
  },
  {
    // A bill's entries (entered, edited, deleted) add up to its points, or to nothing once it is deleted.
    sql: `select b.bill_number as name, b.points::text as points, (b.deleted_at is not null)::text as deleted,
            coalesce(s.points, 0)::text as ledger
          from bills b left join (
            select bill_id, sum(available_delta) as points from points_ledger where ${reasonIn(BILL_LEDGER_TYPES)} group by bill_id) s
            on s.bill_id = b.id
          where coalesce(s.points, 0) <> case when b.deleted_at is null then b.points else 0 end`,
    sentence: (row) =>
      row.deleted === 'true'
        ? `bill ${row.name}: deleted but its ledger entries sum ${points(row.ledger!)}`
        : `bill ${row.name}: ${points(row.points!)} points but its ledger entries sum ${points(row.ledger!)}`,
  },
  {
    // Contract "bonus campaigns": a bill's campaign_bonus entries add up to its bonus, or to nothing once deleted.
    sql: `select b.bill_number as name, b.bonus_points::text as points, (b.deleted_at is not null)::text as deleted,
            coalesce(s.points, 0)::text as ledger
          from bills b left join (
            select bill_id, sum(available_delta) as points from points_ledger where ${reasonIn(['campaign_bonus'])} group by bill_id) s
            on s.bill_id = b.id
          where coalesce(s.points, 0) <> case when b.deleted_at is null then b.bonus_points else 0 end`,
    needs: 'campaigns',
    sentence: (row) =>
      row.deleted === 'true'
        ? `bill ${row.name}: deleted but its campaign bonus entries sum ${points(row.ledger!)}`
        : `bill ${row.name}: a bonus of ${points(row.points!)} points but its campaign bonus entries sum ${points(row.ledger!)}`,
  },
  {
    sql: `select 'ORD-' || lpad(o.order_number::text, 6, '0') as name, o.total_points::text as total,
            coalesce(s.lines, 0)::text as lines
          from orders o left join (
            select order_id, sum(points_each * quantity) as lines from order_lines group by order_id) s on s.order_id = o.id
          where o.total_points <> coalesce(s.lines, 0)`,
    sentence: (row) => `order ${row.name}: total ${points(row.total!)} but its lines sum ${points(row.lines!)}`,
  },
  {
    // Placing an order takes its total; cancelling it gives the total back.
    sql: `select 'ORD-' || lpad(o.order_number::text, 6, '0') as name, o.status, o.total_points::text as total,
            coalesce(s.points, 0)::text as ledger
          from orders o left join (
            select order_id, sum(available_delta) as points from points_ledger where order_id is not null group by order_id) s
            on s.order_id = o.id
          where coalesce(s.points, 0) <> case when o.status = 'Cancelled' then 0 else -o.total_points end`,
    sentence: (row) => {
      const taken = points(String(-Number(row.ledger)));
      return row.status === 'Cancelled'
        ? `order ${row.name} (Cancelled): its ledger entries take ${taken} points, not 0.00`
        : `order ${row.name} (${row.status}): took ${points(row.total!)} points but its ledger entries take ${taken}`;
    },
  },
];

/** Every broken rule in the restored rows, a sentence each (at most NAMED per rule, then how many more). */
export async function findInconsistencies(session: DatabaseSession): Promise<string[]> {
  const found: string[] = [];
  for (const rule of RULES) {
    if (rule.needs) {
      const [table] = await session.query<{ present: boolean }>('select to_regclass($1) is not null as present', [rule.needs]);
      if (!table?.present) continue;
    }
    const rows = await session.query<Record<string, string>>(
      `select *, (count(*) over ())::text as broken from (${rule.sql}) rule order by name limit ${NAMED}`,
    );
    found.push(...rows.map(rule.sentence));
    const total = Number(rows[0]?.broken ?? 0);
    if (total > rows.length) found.push(`and ${total - rows.length} more like these`);
  }
  return found;
}
