import { startOfKolkataDay, type AuditEntry, type DateBound, type ListAuditQuery, type Page } from '@app/common';
import type { Db, DbOrTx } from '../../db/client';
import { offsetOf, toPage } from '../../lib/pagination';
import { insertAuditEntries, listAuditEntries, subjectKey, subjectsOf, type AuditFilter } from './audit.repository';

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

/** The day after a calendar day ('2026-03-31' → '2026-04-01'). */
function dayAfter(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** Contract: `from=D&to=D` holds all of day D in Asia/Kolkata; an instant bound is taken as it is. */
function toFilter({ from, to, ...rest }: Omit<ListAuditQuery, 'page' | 'limit'>): AuditFilter {
  const instant = (bound: DateBound | undefined) => (bound && 'instant' in bound ? bound.instant : undefined);
  const day = (bound: DateBound | undefined) => (bound && 'day' in bound ? bound.day : undefined);
  const fromDay = day(from);
  const toDay = day(to);
  return {
    ...rest,
    from: fromDay ? startOfKolkataDay(fromDay) : instant(from),
    to: instant(to),
    before: toDay ? startOfKolkataDay(dayAfter(toDay)) : undefined,
  };
}

export async function listAudit(
  db: Db,
  query: Omit<ListAuditQuery, 'page' | 'limit'>,
  request: { page: number; limit: number },
): Promise<Page<AuditEntry>> {
  const { rows, total } = await listAuditEntries(db, toFilter(query), request.limit, offsetOf(request));
  const subjects = await subjectsOf(
    db,
    rows.map(({ entry }) => entry),
  );
  return toPage(
    rows.map(({ entry, actorUsername }) => {
      const subject = subjects.get(subjectKey(entry.entity, entry.entityId));
      return {
        _id: entry.id,
        actor: entry.actorId ? { _id: entry.actorId, username: actorUsername ?? '(unknown)' } : null,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId,
        subject: subject ? { _id: subject.id, username: subject.username } : null,
        before: entry.before,
        after: entry.after,
        createdAt: entry.createdAt.toISOString(),
      };
    }),
    total,
    request,
  );
}
