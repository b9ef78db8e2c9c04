import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from './client';

/** Whether a repository was handed a transaction, where a statement prepared on the handle must not run. */
export function isTransaction(db: DbOrTx): db is Tx {
  return db instanceof PgTransaction;
}

/**
 * Runs `work` in a transaction: the caller's when it already is one (an idempotent route runs its handler
 * inside the transaction that claims the key), otherwise a new one. Drizzle would make a nested
 * `transaction()` a savepoint: two more round trips per request, and nothing gained when every failure rolls
 * the whole request back anyway. Use it only where an error always propagates (never caught to carry on).
 */
export function inTransaction<T>(db: DbOrTx, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return isTransaction(db) ? work(db) : db.transaction((tx) => work(tx));
}
