// The one upload service: checks a file's real type from its bytes, stores it under a random
// name and records who owns it.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { DB, DbOrTx } from '../db/client';
import { uploads } from '../db/schema';
import {
  UPLOAD_PURPOSES,
  UPLOAD_RULES,
  uploadSizeMessage,
  uploadTypeMessage,
  type UploadPurpose,
  type UploadResponse,
} from '../../shared/schemas/uploads';
import type { Actor } from './actor';
import { AppError } from './errors';

const MB = 1024 * 1024;
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxMB)) * MB;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

export function parsePurpose(value: unknown): UploadPurpose {
  if (value === undefined || value === '') return 'any';
  if (typeof value === 'string' && (UPLOAD_PURPOSES as readonly string[]).includes(value)) {
    return value as UploadPurpose;
  }
  throw new AppError('BAD_REQUEST', 'Unknown upload purpose');
}

/** The size limit for a file of this type under this purpose (no purpose: images 5 MB, PDF 10 MB). */
function limitFor(purpose: UploadPurpose, mime: string): number {
  if (purpose === 'any') return mime === 'application/pdf' ? 10 : UPLOAD_RULES.avatar.maxMB;
  return UPLOAD_RULES[purpose].maxMB;
}

export async function storeUpload({
  db,
  uploadDir,
  ownerId,
  purpose,
  buffer,
}: {
  db: DB;
  uploadDir: string;
  ownerId: number;
  purpose: UploadPurpose;
  buffer: Buffer;
}): Promise<UploadResponse> {
  const rule = UPLOAD_RULES[purpose];
  if (buffer.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty.');
  const detected = await fileTypeFromBuffer(buffer);
  if (!detected || !rule.mimes.includes(detected.mime)) {
    throw new AppError('BAD_REQUEST', uploadTypeMessage(rule.label));
  }
  const maxMB = limitFor(purpose, detected.mime);
  if (buffer.length > maxMB * MB) throw new AppError('PAYLOAD_TOO_LARGE', uploadSizeMessage(maxMB));

  const fileName = `${crypto.randomBytes(16).toString('hex')}.${EXTENSIONS[detected.mime]}`;
  await fs.mkdir(uploadDir, { recursive: true });
  await fs.writeFile(path.join(uploadDir, fileName), buffer, { flag: 'wx' });
  db.insert(uploads)
    .values({ fileName, ownerId, purpose, mime: detected.mime, size: buffer.length })
    .run();
  return { fileUrl: `/uploads/${fileName}`, mime: detected.mime, size: buffer.length };
}

export function findUpload({ db, fileName }: { db: DB; fileName: string }) {
  return db
    .select({
      fileName: uploads.fileName,
      ownerId: uploads.ownerId,
      purpose: uploads.purpose,
      mime: uploads.mime,
    })
    .from(uploads)
    .where(eq(uploads.fileName, fileName))
    .get();
}

/**
 * A stored file reference (a profile picture, later a cover, a guide, a proof) must name an
 * upload the caller owns, made for that purpose; anything else is refused as if it did not
 * exist, so nobody can point at another member's file (a payment proof above all).
 */
export function assertOwnUpload({
  db,
  actor,
  url,
  purposes,
}: {
  db: DbOrTx;
  actor: Pick<Actor, 'id'>;
  url: string;
  purposes: readonly UploadPurpose[];
}): void {
  const name = /^\/uploads\/([A-Za-z0-9_-]+\.[a-z0-9]+)$/.exec(url)?.[1];
  const row = name
    ? db
        .select({ ownerId: uploads.ownerId, purpose: uploads.purpose })
        .from(uploads)
        .where(eq(uploads.fileName, name))
        .get()
    : undefined;
  if (!row || row.ownerId !== actor.id || !purposes.includes(row.purpose as UploadPurpose)) {
    throw new AppError('BAD_REQUEST', 'Please upload the file first');
  }
}
