// The admin dashboard's backup card (issue 18): the last backup and the latest archive to download.
import { z } from 'zod';

export const BACKUP_DOWNLOAD_PATH = '/api/admin/backups/latest';

export const ZBackupStatusSchema = z.object({
  /** BACKUP_DIR is set on this server. */
  configured: z.boolean(),
  /** Hours between scheduled backups; null when none are scheduled. */
  intervalHours: z.number().nullable(),
  /** Archives the schedule keeps; null when none are scheduled. */
  keep: z.number().int().nullable(),
  /**
   * The last backup taken (scheduled or by `npm run backup`), as every server records it; after
   * `npm run restore`, the backup restored, with when it was restored (null otherwise).
   */
  last: z
    .object({
      at: z.date(),
      size: z.number(),
      fileName: z.string(),
      restoredAt: z.date().nullable(),
    })
    .nullable(),
  /** The newest archive in BACKUP_DIR, which the download serves. */
  latest: z.object({ fileName: z.string(), size: z.number() }).nullable(),
});
export type TBackupStatus = z.infer<typeof ZBackupStatusSchema>;
