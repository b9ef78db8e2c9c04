import { idSchema } from '@app/common';
import { and, count, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { auditLog, bills, orders, users } from '../../db/schema';

export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditEntries(db: DbOrTx, entries: NewAuditRow[]): Promise<void> {
  if (entries.length === 0) return;
  // Large imports write one entry per user: insert in slices to stay under the parameter limit.
  for (let start = 0; start < entries.length; start += 1000) {
    await db.insert(auditLog).values(entries.slice(start, start + 1000));
  }
}

export type AuditFilter = {
  action?: string;
  entity?: string;
  entityId?: string;
  actorId?: string;
  from?: Date;
  /** Inclusive: an instant the caller named. */
  to?: Date;
  /** Exclusive: the start of the day after the last calendar day asked for. */
  before?: Date;
};

const actor = alias(users, 'actor');

export async function listAuditEntries(db: DbOrTx, filter: AuditFilter, limit: number, offset: number) {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) conditions.push(lte(auditLog.createdAt, filter.to));
  if (filter.before) conditions.push(lt(auditLog.createdAt, filter.before));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const rows = await db
    .select({ entry: auditLog, actorUsername: actor.username })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  const [totals] = await db.select({ total: count() }).from(auditLog).where(where);
  return { rows, total: totals?.total ?? 0 };
}

export type AuditSubject = { id: string; username: string };

/** The records whose person an entry can name: a user is one, a bill or an order belongs to its customer. */
const SUBJECT_ENTITIES = ['user', 'bill', 'order'] as const;
type SubjectEntity = (typeof SUBJECT_ENTITIES)[number];

/** The key of an entry's record in subjectsOf's answer. */
export const subjectKey = (entity: string, entityId: string | null) => `${entity}:${entityId ?? ''}`;

/**
 * The person each entry's record is or belongs to (the user of a user entry, the customer of a bill or order),
 * keyed by subjectKey: at most three small lookups by primary key for a page of entries, so the audit screen
 * can say "entered bill WB-7001 for demo-dealer" when the entry itself did not record the name. Deleted users,
 * bills and orders keep their rows, so old entries still find their person.
 */
export async function subjectsOf(
  db: DbOrTx,
  entries: { entity: string; entityId: string | null }[],
): Promise<Map<string, AuditSubject>> {
  const idsOf = (entity: SubjectEntity) => [
    ...new Set(
      entries
        .filter((entry) => entry.entity === entity && entry.entityId !== null && idSchema.safeParse(entry.entityId).success)
        .map((entry) => entry.entityId!),
    ),
  ];
  const [userIds, billIds, orderIds] = SUBJECT_ENTITIES.map(idsOf) as [string[], string[], string[]];
  const person = { id: users.id, username: users.username };
  const [ofUsers, ofBills, ofOrders] = await Promise.all([
    userIds.length === 0
      ? []
      : db
          .select({ recordId: users.id, ...person })
          .from(users)
          .where(inArray(users.id, userIds)),
    billIds.length === 0
      ? []
      : db
          .select({ recordId: bills.id, ...person })
          .from(bills)
          .innerJoin(users, eq(users.id, bills.userId))
          .where(inArray(bills.id, billIds)),
    orderIds.length === 0
      ? []
      : db
          .select({ recordId: orders.id, ...person })
          .from(orders)
          .innerJoin(users, eq(users.id, orders.userId))
          .where(inArray(orders.id, orderIds)),
  ]);
  const subjects = new Map<string, AuditSubject>();
  const add = (entity: SubjectEntity, rows: { recordId: string; id: string; username: string }[]) => {
    for (const row of rows) subjects.set(subjectKey(entity, row.recordId), { id: row.id, username: row.username });
  };
  add('user', ofUsers);
  add('bill', ofBills);
  add('order', ofOrders);
  return subjects;
}
