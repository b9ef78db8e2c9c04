// `npm run backup -- FILE`: the whole programme, every table and picture, into one portable file (contract
// "Backup and restore", docs/decisions/017). PostgreSQL: while servers run. Embedded: with its server stopped.
import { describeCounts, runDatabaseCommand } from './run-command';
import { writeBackup } from './write-backup';

await runDatabaseCommand('backup', async (database, file) => {
  const summary = await writeBackup(database, file);
  return `Backed up ${describeCounts(summary.counts)} to ${file} (${(summary.bytes / 1e6).toFixed(1)} MB)`;
});
