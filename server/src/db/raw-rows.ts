/**
 * The rows of a raw `db.execute(sql`…`)`: both drivers (node-postgres and PGlite) answer `{ rows }`, but
 * Drizzle types the result by driver, and our handle is typed for either. Columns come as PostgreSQL names
 * them, with the driver's own parsing (bigint as text): convert what you read.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('the database answered without rows');
  return rows as Row[];
}
