// The programme the backup benchmarks back up and restore (backup.bench.ts for the times, memory.bench.ts for
// the memory): rows made by SQL, since bcrypt would take longer than the backup itself.
import type { DatabaseHandle } from '../server/src/db/client';
import { openSession } from '../server/src/ops/database-session';

const HASH = '$2b$10$CwTycUXWue0Thq9StjUM0uJ8.1bZ5oQxE6hQ0n7pGp1D4wQJ6mP8G';

/**
 * `customers` customers, one adjustment each in the ledger (balances equal it, as a restore checks), and for the
 * demo size bills and pictures. The database must be migrated and empty.
 */
export async function fillBackupProgramme(database: DatabaseHandle, customers: number, demo: boolean): Promise<void> {
  const session = await openSession(database);
  try {
    await session.query(
      `insert into users (username, party_name, phone_number, password_hash, user_type, available_points)
       select 'bench-' || g, 'Party ' || g, '98' || lpad(g::text, 8, '0'), $1, 'customer', 10000 from generate_series(1, $2::int) g`,
      [HASH, customers],
    );
    await session.query(
      `insert into points_ledger (user_id, reason, available_delta, total_delta, note)
       select id, 'adjustment', 10000, 0, 'bench' from users where user_type = 'customer'`,
    );
    if (!demo) return;
    await session.query(
      `insert into bills (bill_number, user_id, bill_date, amount_paise, rate_hundredths, points)
       select 'INV-' || g, (select id from users order by username offset (g % $1::int) limit 1), date '2026-07-01' + (g % 90), 1000000, 100, 0
       from generate_series(1, 200) g`,
      [customers],
    );
    await session.query(
      `insert into items (name, description, points_required, stock) select 'Item ' || g, '<p>Item</p>', 50000, 10 from generate_series(1, 30) g`,
    );
    // About 30 KB of bytes each, as a 640 px WebP of a product photo is.
    await session.query(
      `insert into picture_files (path, content_type, width, bytes)
       select 'uploads/bench-' || g || '-640w.webp', 'image/webp', 640, decode(repeat(md5(g::text), 1000), 'hex') from generate_series(1, 30) g`,
    );
  } finally {
    session.release();
  }
}
