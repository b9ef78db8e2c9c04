// The seeding half of `npm run demo` (scripts/demo.mjs runs it, then serves the folder): opens the demo's
// DATA_DIR, migrates it, writes the demo programme and prints one account per role. Exit code 3 means the
// folder's database already has users and nothing was written.
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { DemoRefusedError, seedDemoProgramme } from './demo-programme';

export const REFUSED_EXIT_CODE = 3;

async function main(): Promise<number> {
  const config = loadConfig({ ...process.env, DATABASE_URL: '' });
  const started = performance.now();
  const database = await openDatabase({ dataDir: config.DATA_DIR });
  try {
    await migrateDatabase(database);
    const { accounts, password, counts } = await seedDemoProgramme(database.db, config, new Date());
    const orders = Object.entries(counts.ordersByStatus)
      .map(([status, total]) => `${total} ${status.toLowerCase()}`)
      .join(', ');
    console.log(
      [
        '',
        `  Demo programme written in ${((performance.now() - started) / 1000).toFixed(1)} s: ${counts.items} items with pictures, ` +
          `${Object.values(counts.customersByTier).reduce((sum, total) => sum + total, 0)} dealers in every tier, ${counts.bills} bills, orders ${orders}.`,
        '',
        '  Sign in with (every demo account, the 50 dealers too, uses the same password):',
        `    superadmin  ${accounts.superadmin.padEnd(16)} ${password}`,
        `    admin       ${accounts.admin.padEnd(16)} ${password}`,
        `    customer    ${accounts.customer.padEnd(16)} ${password}`,
        '',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (error instanceof DemoRefusedError) {
      console.error(error.message);
      return REFUSED_EXIT_CODE;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
