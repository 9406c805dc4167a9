// Backups and restores (issue 18): what the CLI scripts, the servers' schedule and the admin
// dashboard use.
export { createBackup, type BackupProgress, type BackupResult } from './backup';
export {
  ArchiveError,
  ArchiveNotFoundError,
  checkArchive,
  DatabaseInUseError,
  IncompatibleArchiveError,
  restoreBackup,
  type CheckedArchive,
  type RestoreReport,
  type RestoreStep,
} from './restore';
export {
  latestArchive,
  listArchives,
  pruneArchives,
  readLastBackup,
  recordLastBackup,
  recordRestore,
  runScheduledBackup,
  scheduledBackupJob,
  type BackupSchedule,
  type LastBackup,
} from './schedule';
export { archiveName, ARCHIVE_NAME, type Manifest } from './manifest';
export { extractArchive } from './archive';
export { findPgTool } from './pgTools';
