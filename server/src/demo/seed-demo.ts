// The seeding half of `npm run demo` (scripts/demo.mjs runs it, then serves the folder): makes the demo's DATA_DIR
// ready (`--fresh` empties it first), opens and migrates its database, writes the demo programme and prints one
// account per role. When the folder is ready and nothing stands in the way it sends "prepared" to its parent
// (which only then starts its builds). Exit code 3: refused, with a sentence on stderr, and nothing written or
// deleted (the folder is a file or not the demo's, a process holds it, or its database already has users).
//   node --import tsx server/src/demo/seed-demo.ts [--fresh]
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { migrateDatabase } from '../db/migrate';
import { inUseSentence, prepareDemoFolder, refuseUnlessEmpty } from './demo-folder';
import { DemoRefusedError, seedDemoProgramme } from './demo-programme';

export const REFUSED_EXIT_CODE = 3;

async function main(): Promise<number> {
  const fresh = process.argv.includes('--fresh');
  const config = loadConfig({ ...process.env, DATABASE_URL: '' });
  const dataDir = path.resolve(config.DATA_DIR);
  const shown = path.relative(process.cwd(), dataDir) || '.';
  const started = performance.now();
  let database: DatabaseHandle | undefined;
  try {
    const deleted = await prepareDemoFolder(dataDir, { fresh, shown });
    database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    await refuseUnlessEmpty(database, shown);
    process.send?.('prepared');
    if (deleted) console.log(`Deleted the previous demo in ${shown}.`);
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
    if (error instanceof DataDirLockedError) {
      console.error(inUseSentence(shown, error, fresh));
      return REFUSED_EXIT_CODE;
    }
    throw error;
  } finally {
    await database?.close();
    // The channel to scripts/demo.mjs would otherwise keep this process alive.
    if (process.connected) process.disconnect();
  }
}

process.exitCode = await main();
