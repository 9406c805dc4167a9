// Backups on the admin dashboard (issue 18); the archive itself is downloaded over plain HTTP
// (http/backups.ts).
import { ZBackupStatusSchema } from '../../../shared/schemas/operations';
import { latestArchive, readLastBackup } from '../../domain/operations';
import { adminProcedure, router } from '../trpc';

export const operationsRouter = router({
  backupStatus: adminProcedure.output(ZBackupStatusSchema).query(async ({ ctx }) => {
    const schedule = ctx.backups;
    const latest = schedule ? await latestArchive(schedule.dir) : null;
    const scheduled = schedule && schedule.intervalHours > 0 ? schedule : null;
    return {
      configured: Boolean(schedule),
      intervalHours: scheduled?.intervalHours ?? null,
      keep: scheduled?.keep ?? null,
      last: await readLastBackup(ctx.db),
      latest: latest ? { fileName: latest.name, size: latest.size } : null,
    };
  }),
});
