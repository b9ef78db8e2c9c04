// `npm run restore -- FILE`: loads a backup into an EMPTY database (a new DATA_DIR or PostgreSQL database; the
// schema is migrated first), all or nothing (contract "Backup and restore", docs/decisions/017).
import { readBackupHeader, restoreBackup } from './restore-backup';
import { describeCounts, runDatabaseCommand } from './run-command';

await runDatabaseCommand(
  'restore',
  async (database, file) => {
    const summary = await restoreBackup(database, file);
    return `Restored ${describeCounts(summary.counts)} from ${file} (made ${summary.createdAt})`;
  },
  readBackupHeader,
);
