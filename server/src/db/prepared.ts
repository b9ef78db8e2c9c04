import type { Db } from './client';

/**
 * A query prepared once per database handle and then run with new parameters only: Drizzle does not rebuild
 * its SQL on every call, and PostgreSQL parses and plans a named statement once per connection. For the
 * queries of the hottest requests (issue 8: building the SQL was a sixth of a catalogue request's CPU). Take
 * the plain handle, not a transaction: a statement prepared on the handle runs outside any transaction.
 *
 *   const liveItems = preparedQuery((db) => db.select().from(items).where(...).prepare('live_items'));
 *   const rows = await liveItems(db).execute();
 */
export function preparedQuery<Statement>(prepare: (db: Db) => Statement): (db: Db) => Statement {
  const statements = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
