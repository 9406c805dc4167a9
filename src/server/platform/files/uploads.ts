// The one upload service: checks a file's real type from its bytes, re-encodes images, stores
// files under random names, records who owns them and decides who may fetch them.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { DB, DbOrTx } from '../db/client';
import { uploads } from '../db/schema';
import {
  UPLOAD_PURPOSES,
  UPLOAD_RULES,
  uploadSizeMessage,
  uploadTypeMessage,
  type UploadPurpose,
  type UploadResponse,
} from '../../../shared/schemas/uploads';
import { isReviewer, type Actor } from '../actor';

// Every upload is decoded once and never again: libvips' cache of recent operations (up to 50 MB
// by default) only holds memory here, which the soak saw as RSS growing after warm-up.
sharp.cache(false);
import { AppError } from '../errors';

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

/** Images are never kept as sent: a side is at most this long after re-encoding. */
const MAX_SIDE = 4096;
/**
 * Images with more pixels than this are refused from their header, before a pixel is decoded:
 * decoding costs time and memory in proportion to the pixels (an outside probe's 7000 x 7000 PNG,
 * 49 MP, took 1.5 s), and what is kept is at most MAX_SIDE square (17 MP) anyway. 25 MP still
 * takes a phone's or camera's usual photo (12 MP, 24 MP); a photo with more rarely fits the byte
 * limits.
 */
export const MAX_INPUT_MEGAPIXELS = 25;
const MAX_INPUT_PIXELS = MAX_INPUT_MEGAPIXELS * 1_000_000;
const TOO_MANY_PIXELS = `The image is too large: at most ${MAX_INPUT_MEGAPIXELS} megapixels.`;
/** The copy cards and lists show. */
const CARD_WIDTH = 640;

export const UPLOAD_URL_PREFIX = '/uploads/';

/**
 * Every name this service writes: 32 random hex digits and the type's extension; an image's card
 * variant is the same digits + '-card.webp', so serving it is an indexed look-up of its original.
 */
export const STORED_FILE_NAME = /^([a-f0-9]{32})(-card)?\.(png|jpg|webp|pdf)$/;

const IMAGE_FORMATS: Record<string, 'png' | 'jpeg' | 'webp'> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

function variantNameFor(fileName: string): string {
  return `${fileName.slice(0, 32)}-card.webp`;
}

/**
 * Decodes and re-encodes an image in its own format. What was sent never reaches the disk, so
 * EXIF (GPS above all), ICC and XMP data, bytes appended after the image (polyglots) and huge
 * canvases are gone; a file that does not decode as the type its header claims is refused.
 * Animated images keep their first frame.
 */
async function reencodeImage(
  buffer: Buffer,
  format: 'png' | 'jpeg' | 'webp',
  label: string,
): Promise<{ image: Buffer; card: Buffer }> {
  try {
    // failOn 'warning' (sharp's default, stated because it matters): a truncated image fails.
    const input = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' });
    const meta = await input.metadata();
    if (meta.format !== format) throw new AppError('BAD_REQUEST', uploadTypeMessage(label));
    // Metadata is dropped because withMetadata() is never called; rotate() applies the EXIF
    // orientation first, so the picture still stands the right way up without it.
    const bounded = input
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const image = await (
      format === 'png'
        ? bounded.png()
        : format === 'jpeg'
          ? bounded.jpeg({ quality: 85, mozjpeg: true })
          : bounded.webp({ quality: 85 })
    ).toBuffer();
    // From the re-encoded image: already upright, bounded and clean, and cheaper to decode.
    const card = await sharp(image)
      .resize({ width: CARD_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { image, card };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // sharp's words for a header over limitInputPixels ('Input image exceeds pixel limit').
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError('BAD_REQUEST', TOO_MANY_PIXELS);
    }
    // Anything sharp cannot decode (a JPEG header followed by text, a truncated file) is not an
    // image of the kind it claims to be.
    throw new AppError('BAD_REQUEST', uploadTypeMessage(label));
  }
}

/** A PDF is kept as sent (it is only ever served as a download) but must look like a whole one. */
function assertWholePdf(buffer: Buffer, label: string): void {
  const starts = buffer.subarray(0, 5).toString('latin1') === '%PDF-';
  // Readers look for the end marker in the last kilobyte; trailing whitespace is common.
  const ends = buffer.subarray(Math.max(0, buffer.length - 1024)).includes('%%EOF', 0, 'latin1');
  if (!starts || !ends) throw new AppError('BAD_REQUEST', uploadTypeMessage(label));
}

/** Longest original name kept (characters). */
const ORIGINAL_NAME_MAX = 200;

/**
 * The name a file had on its owner's device, as it is shown and offered when saving: without a
 * path (some browsers send one), control characters or surrounding blanks, at most 200
 * characters; null when nothing is left.
 */
export function cleanOriginalName(name: string | null | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = [...base.replace(/[\u0000-\u001f\u007f]/g, '').trim()]
    .slice(0, ORIGINAL_NAME_MAX)
    .join('')
    .trim();
  return clean || null;
}

export async function storeUpload({
  db,
  uploadDir,
  actor,
  purpose,
  buffer,
  originalName,
}: {
  db: DB;
  uploadDir: string;
  actor: Pick<Actor, 'id'>;
  purpose: UploadPurpose;
  buffer: Buffer;
  /** The file's name on the sender's device (untrusted: cleaned here). */
  originalName?: string | null;
}): Promise<UploadResponse> {
  const shownName = cleanOriginalName(originalName);
  const rule = UPLOAD_RULES[purpose];
  if (buffer.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty.');
  const detected = await fileTypeFromBuffer(buffer);
  if (!detected || !rule.mimes.includes(detected.mime)) {
    throw new AppError('BAD_REQUEST', uploadTypeMessage(rule.label));
  }
  // The limits are on what was sent; a re-encoded image may come out a little larger or smaller.
  const maxMB = limitFor(purpose, detected.mime);
  if (buffer.length > maxMB * MB) throw new AppError('PAYLOAD_TOO_LARGE', uploadSizeMessage(maxMB));

  const mime = detected.mime;
  const format = IMAGE_FORMATS[mime];
  let stored = buffer;
  let card: Buffer | undefined;
  if (format) ({ image: stored, card } = await reencodeImage(buffer, format, rule.label));
  else assertWholePdf(buffer, rule.label);

  const fileName = `${crypto.randomBytes(16).toString('hex')}.${EXTENSIONS[mime]}`;
  const variantFileName = card ? variantNameFor(fileName) : null;
  const files: [string, Buffer][] = [[fileName, stored]];
  if (card && variantFileName) files.push([variantFileName, card]);

  await fs.mkdir(uploadDir, { recursive: true });
  const written: string[] = [];
  try {
    for (const [name, bytes] of files) {
      await fs.writeFile(path.join(uploadDir, name), bytes, { flag: 'wx' });
      written.push(name);
    }
    await db.insert(uploads).values({
      fileName,
      ownerId: actor.id,
      purpose,
      mime,
      size: stored.length,
      variantFileName,
      originalName: shownName,
    });
  } catch (error) {
    // No file without its row: the clean-up would only catch it a day later.
    await Promise.all(written.map((name) => fs.rm(path.join(uploadDir, name), { force: true })));
    throw error;
  }
  return {
    fileUrl: UPLOAD_URL_PREFIX + fileName,
    mime,
    size: stored.length,
    originalName: shownName,
    ...(variantFileName ? { variantUrl: UPLOAD_URL_PREFIX + variantFileName } : {}),
  };
}

export interface ServableUpload {
  /** The file to send from the upload directory. */
  fileName: string;
  mime: string;
  purpose: UploadPurpose;
  /** The name it had on its owner's device, when known (not for an image's card copy). */
  originalName: string | null;
}

/**
 * The file behind GET /uploads/<name>, if the caller may have it: payment proofs (and their
 * variants) only to their owner and reviewers, everything else to anyone. A file the caller may
 * not see is NOT_FOUND, exactly like one that does not exist. The actor may be passed as a
 * function, so that public files are served without reading the session at all.
 */
export async function getServableUpload({
  db,
  actor,
  fileName,
}: {
  db: DbOrTx;
  actor: Actor | null | (() => Promise<Actor | null>);
  fileName: string;
}): Promise<ServableUpload> {
  const notFound = () => new AppError('NOT_FOUND', 'File not found');
  const match = STORED_FILE_NAME.exec(fileName);
  if (!match) throw notFound();
  const [, id, isVariant] = match;
  const candidates = isVariant ? ['png', 'jpg', 'webp'].map((ext) => `${id}.${ext}`) : [fileName];
  const [row] = await db
    .select({
      fileName: uploads.fileName,
      variantFileName: uploads.variantFileName,
      ownerId: uploads.ownerId,
      purpose: uploads.purpose,
      mime: uploads.mime,
      originalName: uploads.originalName,
    })
    .from(uploads)
    .where(inArray(uploads.fileName, candidates))
    .limit(1);
  if (!row || (isVariant && row.variantFileName !== fileName)) throw notFound();
  const purpose = row.purpose as UploadPurpose;
  if (purpose === 'proof') {
    const who = typeof actor === 'function' ? await actor() : actor;
    if (!who || (!isReviewer(who) && who.id !== row.ownerId)) throw notFound();
  }
  return isVariant
    ? { fileName, mime: 'image/webp', purpose, originalName: null }
    : { fileName: row.fileName, mime: row.mime, purpose, originalName: row.originalName };
}

/**
 * A stored file reference (a profile picture, later a cover, a guide, a proof) must name an
 * upload the caller owns, made for that purpose; anything else is refused as if it did not
 * exist, so nobody can point at another member's file (a payment proof above all).
 */
export async function assertOwnUpload({
  db,
  actor,
  url,
  purposes,
  mimes,
  message = 'Please upload the file first',
}: {
  db: DbOrTx;
  actor: Pick<Actor, 'id'>;
  url: string;
  purposes: readonly UploadPurpose[];
  /** Also required of the file, when a purpose ('any') admits more kinds than the use does. */
  mimes?: readonly string[];
  message?: string;
}): Promise<void> {
  const name = /^\/uploads\/([A-Za-z0-9_-]+\.[a-z0-9]+)$/.exec(url)?.[1];
  const [row] = name
    ? await db
        .select({ ownerId: uploads.ownerId, purpose: uploads.purpose, mime: uploads.mime })
        .from(uploads)
        .where(eq(uploads.fileName, name))
    : [];
  if (
    !row ||
    row.ownerId !== actor.id ||
    !purposes.includes(row.purpose as UploadPurpose) ||
    (mimes && !mimes.includes(row.mime))
  ) {
    throw new AppError('BAD_REQUEST', message);
  }
}
