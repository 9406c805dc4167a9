// GET /api/admin/backups/latest: the newest archive of BACKUP_DIR, to admins only. Who may is the
// operations.backupStatus procedure's rule (called here), and the file is the one that
// procedure names from the folder's listing: nothing of the request becomes a path.
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { AppError } from '../platform/errors';
import { labelRoute } from '../platform/metrics';
import { createContext, type AppDeps } from '../trpc/context';
import { createCaller } from '../trpc/routers/_app';
import { sendError } from './errorResponse';
import { contentDisposition } from './uploads';
import { EXPRESS_PATHS } from './expressPaths';

const BACKUP_DOWNLOAD_PATH = EXPRESS_PATHS.backupDownload.path;

export function createBackupRouter(deps: AppDeps): Router {
  const router = express.Router();
  router.get(BACKUP_DOWNLOAD_PATH, async (req: Request, res: Response) => {
    labelRoute(res, `GET ${BACKUP_DOWNLOAD_PATH}`);
    try {
      const ctx = await createContext(deps, req, res);
      const { latest } = await createCaller(ctx).operations.backupStatus();
      const dir = deps.backups?.dir;
      if (!latest || !dir)
        throw new AppError('NOT_FOUND', 'There is no backup archive to download.');
      ctx.logger.warn(
        {
          event: 'admin-action',
          action: 'backup.download',
          actorId: ctx.user?.id,
          file: latest.fileName,
        },
        'backup downloaded',
      );
      res.setHeader('Content-Type', 'application/gzip');
      res.setHeader('Content-Disposition', contentDisposition('attachment', latest.fileName));
      res.setHeader('Cache-Control', 'private, no-store');
      res.sendFile(path.join(dir, latest.fileName), (error) => {
        if (error && !res.headersSent) {
          sendError(
            res,
            new AppError('NOT_FOUND', 'There is no backup archive to download.'),
            deps,
          );
        }
      });
    } catch (error) {
      sendError(res, error, deps);
    }
  });
  return router;
}
