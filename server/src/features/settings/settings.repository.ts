import type { SettingKey } from '@app/common';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

/** Inserts the keys that are missing; existing values (maybe edited by a superadmin) are left alone. */
export async function insertMissingSettings(db: DbOrTx, rows: { key: SettingKey; value: unknown }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(settings).values(rows).onConflictDoNothing({ target: settings.key });
}

/** The stored values, still unchecked: the service parses each through its schema. */
export async function readSettingRows(db: DbOrTx, keys: SettingKey[]): Promise<{ key: string; value: unknown }[]> {
  return db.select({ key: settings.key, value: settings.value }).from(settings).where(inArray(settings.key, keys));
}

export async function upsertSettings(
  db: DbOrTx,
  rows: { key: SettingKey; value: unknown }[],
  updatedBy: string | null,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(settings)
    .values(rows.map((row) => ({ ...row, updatedBy })))
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`excluded.value`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
    });
}
