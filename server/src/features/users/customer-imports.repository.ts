import type { CustomerImportStatus } from '@app/common';
import { and, eq, inArray, isNull, lt, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerImports, users } from '../../db/schema';

export type CustomerImportRow = typeof customerImports.$inferSelect;
type CustomerImportPatch = Partial<Omit<CustomerImportRow, 'id' | 'ownerId' | 'createdAt'>>;

const FINAL_STATUSES: CustomerImportStatus[] = ['completed', 'failed'];

export async function insertCustomerImport(
  db: DbOrTx,
  values: { ownerId: string; total: number; now: Date },
): Promise<CustomerImportRow> {
  const [row] = await db
    .insert(customerImports)
    .values({ ownerId: values.ownerId, total: values.total, status: 'queued', createdAt: values.now, heartbeatAt: values.now })
    .returning();
  if (!row) throw new Error('insert into customer_imports returned no row');
  return row;
}

export async function findCustomerImport(db: DbOrTx, id: string): Promise<CustomerImportRow | undefined> {
  const [row] = await db.select().from(customerImports).where(eq(customerImports.id, id)).limit(1);
  return row;
}

/** Changes a job that has not ended yet; an ended job never changes again. */
export async function updateRunningCustomerImport(
  db: DbOrTx,
  id: string,
  patch: CustomerImportPatch,
): Promise<CustomerImportRow | undefined> {
  const [row] = await db
    .update(customerImports)
    .set(patch)
    .where(and(eq(customerImports.id, id), notInArray(customerImports.status, FINAL_STATUSES)))
    .returning();
  return row;
}

/** "Still alive" for jobs waiting their turn in this process. */
export async function touchCustomerImports(db: DbOrTx, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(customerImports)
    .set({ heartbeatAt: now })
    .where(and(inArray(customerImports.id, ids), notInArray(customerImports.status, FINAL_STATUSES)));
}

/** The job, if it has not ended and its process stopped touching it before `staleBefore`: it can only fail. */
export async function failStaleCustomerImport(
  db: DbOrTx,
  id: string,
  staleBefore: Date,
  now: Date,
  error: NonNullable<CustomerImportRow['error']>,
): Promise<CustomerImportRow | undefined> {
  const [row] = await db
    .update(customerImports)
    .set({ status: 'failed', error, finishedAt: now })
    .where(
      and(
        eq(customerImports.id, id),
        notInArray(customerImports.status, FINAL_STATUSES),
        lt(customerImports.heartbeatAt, staleBefore),
      ),
    )
    .returning();
  return row;
}

/** The users a job added, in the order of `ids`. */
export async function findUsersByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
