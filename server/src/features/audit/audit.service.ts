import type { AuditEntry, Page } from '@app/common';
import type { Db, DbOrTx } from '../../db/client';
import { offsetOf, toPage } from '../../lib/pagination';
import { insertAuditEntries, listAuditEntries, type AuditFilter } from './audit.repository';

/** Issue "Users and customers": every change by staff records who, what, which record, before, after, when. */
export type AuditEntryInput = {
  actorId: string;
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
};

/** Written inside the caller's transaction, so the change and its record stand or fall together. */
export async function recordAudit(tx: DbOrTx, entries: AuditEntryInput | AuditEntryInput[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  await insertAuditEntries(
    tx,
    list.map((entry) => ({
      actorId: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}

export async function listAudit(
  db: Db,
  filter: AuditFilter,
  request: { page: number; limit: number },
): Promise<Page<AuditEntry>> {
  const { rows, total } = await listAuditEntries(db, filter, request.limit, offsetOf(request));
  return toPage(
    rows.map(({ entry, actorUsername }) => ({
      _id: entry.id,
      actor: entry.actorId ? { _id: entry.actorId, username: actorUsername ?? '(unknown)' } : null,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before,
      after: entry.after,
      createdAt: entry.createdAt.toISOString(),
    })),
    total,
    request,
  );
}
