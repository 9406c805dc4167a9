// POST /api/upload (multipart, field 'file') and GET /uploads/:name.
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import multer from 'multer';
import { MSG } from '../../shared/messages';
import { uploadSizeMessage, UPLOAD_RULES } from '../../shared/schemas/uploads';
import { createContext, type AppDeps } from '../trpc/context';
import { sendError } from './errorResponse';
import { admittedCaller, readMultipart } from './multipartPath';
import { EXPRESS_PATHS } from './expressPaths';
import { AppError } from '../platform/errors';
import { take, takeWithin } from '../platform/limits';
import {
  getServableUpload,
  MAX_UPLOAD_BYTES,
  parsePurpose,
  storeUpload,
} from '../platform/files/uploads';

/** RFC 6266: an ASCII fallback for old clients and the exact name as RFC 5987 UTF-8. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The size limit of the purpose the body names (read before the file), or the general one. */
function sizeMessageFor(body: unknown): string {
  let maxMB = UPLOAD_RULES.any.maxMB;
  try {
    maxMB =
      UPLOAD_RULES[parsePurpose((body as Record<string, unknown> | undefined)?.purpose)].maxMB;
  } catch {
    /* unknown purpose: report the general limit */
  }
  return uploadSizeMessage(maxMB);
}

export function createUploadRouter(deps: AppDeps): Router {
  const router = express.Router();
  // Limits live on this route only: one file, a few small fields, at most the largest kind + 1 byte.
  const upload = multer({
    storage: multer.memoryStorage(),
    // Browsers send the file name as UTF-8 (not latin1, busboy's default): 'Résumé.pdf' stays so.
    defParamCharset: 'utf8',
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 8 },
  }).single('file');

  router.post(EXPRESS_PATHS.upload.path, async (req: Request, res: Response) => {
    try {
      const actor = await admittedCaller(deps, req, res, EXPRESS_PATHS.upload.access, 'upload');
      // Counted before the body is even read, so a flood costs us no parsing or decoding.
      const member = String(actor.id);
      await takeWithin(
        deps.limits.uploadRate,
        member,
        await deps.limits.cap('uploadsPerMemberPerMinute'),
        MSG.tooManyUploads,
      );
      await readMultipart(req, res, upload, 'the file', () => sizeMessageFor(req.body));
      const body = (req.body ?? {}) as Record<string, unknown>;
      const purpose = parsePurpose(body.purpose);
      if (!req.file) throw new AppError('BAD_REQUEST', 'No file was sent (field "file")');
      // The daily quota counts the bytes sent, before anything is stored. A file that does not
      // fit is refused without using up what is left, so a smaller one still can.
      try {
        await take(deps.limits.uploadBytes, member, req.file.size, MSG.tooManyUploads);
      } catch (error) {
        await deps.limits.uploadBytes.reward(member, req.file.size);
        throw error;
      }
      const result = await storeUpload({
        db: deps.db,
        uploadDir: deps.uploadDir,
        actor,
        purpose,
        buffer: req.file.buffer,
        originalName: req.file.originalname,
      });
      res.status(201).json(result);
    } catch (error) {
      sendError(res, error, deps);
    }
  });

  router.get(EXPRESS_PATHS.uploadedFile.path, async (req: Request, res: Response) => {
    try {
      // The session is read only when the file turns out to be private.
      const file = await getServableUpload({
        db: deps.db,
        // A session restricted to choosing a new password reads no private file.
        actor: async () => {
          const ctx = await createContext(deps, req, res);
          return ctx.user?.mustChangePassword ? null : ctx.actor;
        },
        fileName: String(req.params.name),
      });
      res.setHeader(
        'Cache-Control',
        file.purpose === 'proof' ? 'private, no-store' : 'public, max-age=31536000, immutable',
      );
      res.setHeader('Content-Type', file.mime);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // A PDF is never rendered in our origin: the browser saves it. Either kind is saved under
      // the name it had on its owner's device, which is also how the upload widget reads it.
      if (file.mime === 'application/pdf' || file.originalName) {
        res.setHeader(
          'Content-Disposition',
          contentDisposition(
            file.mime === 'application/pdf' ? 'attachment' : 'inline',
            file.originalName ?? file.fileName,
          ),
        );
      }
      res.sendFile(path.join(deps.uploadDir, file.fileName), (error) => {
        if (error && !res.headersSent)
          sendError(res, new AppError('NOT_FOUND', 'File not found'), deps);
      });
    } catch (error) {
      sendError(res, error, deps);
    }
  });
  return router;
}
