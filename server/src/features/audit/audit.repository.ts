import { and, count, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { auditLog, users } from '../../db/schema';

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
