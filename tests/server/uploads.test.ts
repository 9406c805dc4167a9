// The upload service with real images made by sharp: re-encoding (metadata, bounds, polyglots),
// the card variant, who may fetch a file, and the clean-up of orphans.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploads, users } from '../../src/server/platform/db/schema';
import type { Actor } from '../../src/server/platform/actor';
import { AppError } from '../../src/server/platform/errors';
import { removeOrphanUploads } from '../../src/server/platform/files/cleanup';
import {
  cleanOriginalName,
  getServableUpload,
  MAX_INPUT_MEGAPIXELS,
  storeUpload,
} from '../../src/server/platform/files/uploads';
import type { UploadPurpose } from '../../src/shared/schemas/uploads';
import { PDF } from '../helpers/accounts';
import { createTestDb, createUser, type CreatedUser, type TestDb } from '../helpers/db';

const DAY = 24 * 60 * 60 * 1000;

let t: TestDb;
let owner: CreatedUser;
let ownerActor: Actor;
beforeAll(async () => {
  t = await createTestDb();
  owner = await createUser(t.db);
  ownerActor = { id: owner.id, username: owner.username, role: 'user' };
});
afterAll(() => t.close());

const actorOf = (u: CreatedUser): Actor => ({ id: u.id, username: u.username, role: u.role });
const store = (buffer: Buffer, purpose: UploadPurpose = 'any', actor: Actor = ownerActor) =>
  storeUpload({ db: t.db, uploadDir: t.deps.uploadDir, actor, purpose, buffer });
const nameOf = (url: string) => url.replace('/uploads/', '');
const stored = (url: string) => fs.readFileSync(path.join(t.deps.uploadDir, nameOf(url)));
const listing = () => fs.readdirSync(t.deps.uploadDir).sort();
const rowCount = async () => (await t.db.select().from(uploads)).length;

function image(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  });
}

/** A photo-like JPEG: noise compresses like a real picture, unlike a flat colour. */
function noisyJpeg(width: number, height: number) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 120, g: 140, b: 160 },
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  }).jpeg({ quality: 92 });
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('storeUpload: images are re-encoded', () => {
  it('strips EXIF (GPS included) and applies the orientation before dropping it', async () => {
    const sent = await image(300, 200)
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: {
          IFD0: { Copyright: 'x', Make: 'PhoneCo' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
        },
      })
      .toBuffer();
    const before = await sharp(sent).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const res = await store(sent, 'avatar');
    expect(res.mime).toBe('image/jpeg');
    expect(res.fileUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
    const file = stored(res.fileUrl);
    expect(res.size).toBe(file.length);
    const after = await sharp(file).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Orientation 6 is a quarter turn: the stored picture stands upright without the tag.
    expect([after.width, after.height]).toEqual([200, 300]);
    expect(file.includes('PhoneCo')).toBe(false);
  });

  it('keeps PNG as PNG and WebP as WebP', async () => {
    const png = await store(await image(40, 30).png().toBuffer());
    expect(png.mime).toBe('image/png');
    expect((await sharp(stored(png.fileUrl)).metadata()).format).toBe('png');
    const webp = await store(await image(40, 30).webp().toBuffer(), 'cover');
    expect(webp.mime).toBe('image/webp');
    expect(webp.fileUrl).toMatch(/\.webp$/);
    expect((await sharp(stored(webp.fileUrl)).metadata()).format).toBe('webp');
  });

  it('bounds an oversized 6000x100 PNG to 4096 px, keeping the aspect ratio', async () => {
    const res = await store(await image(6000, 100).png().toBuffer(), 'avatar');
    const meta = await sharp(stored(res.fileUrl)).metadata();
    expect(meta.width).toBe(4096);
    expect(meta.height).toBe(68);
  });

  it('never enlarges a small image', async () => {
    const res = await store(await image(50, 20).png().toBuffer());
    const meta = await sharp(stored(res.fileUrl)).metadata();
    expect([meta.width, meta.height]).toEqual([50, 20]);
  });

  it('drops bytes appended after a real image (a JPEG/HTML polyglot keeps only the picture)', async () => {
    const payload = '<script>alert(document.cookie)</script>';
    const sent = Buffer.concat([await image(64, 64).jpeg().toBuffer(), Buffer.from(payload)]);
    const res = await store(sent, 'avatar');
    expect(stored(res.fileUrl).includes(payload)).toBe(false);
  });

  it('writes a card variant: WebP, at most 640 px wide, smaller than the image', async () => {
    const res = await store(await noisyJpeg(2000, 1500).toBuffer(), 'avatar');
    expect(res.variantUrl).toMatch(/^\/uploads\/[a-f0-9]{32}-card\.webp$/);
    expect(nameOf(res.variantUrl!).slice(0, 32)).toBe(nameOf(res.fileUrl).slice(0, 32));
    const card = stored(res.variantUrl!);
    const meta = await sharp(card).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([640, 480]);
    expect(meta.exif).toBeUndefined();
    expect(card.length).toBeLessThan(stored(res.fileUrl).length);
    const [row] = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.fileName, nameOf(res.fileUrl)));
    expect(row).toMatchObject({
      ownerId: owner.id,
      purpose: 'avatar',
      mime: 'image/jpeg',
      size: res.size,
      variantFileName: nameOf(res.variantUrl!),
    });
  });

  it('a 3000x2000 photo-like JPEG: figures', async () => {
    const sent = await noisyJpeg(3000, 2000)
      .withMetadata({ exif: { IFD0: { Copyright: 'x' } } })
      .toBuffer();
    const started = performance.now();
    const res = await store(sent, 'avatar');
    const ms = Math.round(performance.now() - started);
    const card = stored(res.variantUrl!).length;
    console.info(
      `3000x2000 JPEG: sent ${sent.length} B, stored ${res.size} B, card ${card} B, ${ms} ms`,
    );
    expect(res.size).toBeLessThan(sent.length);
  });
});

describe('storeUpload: refused files leave nothing behind', () => {
  let before: string[];
  let rows: number;
  beforeEach(async () => {
    before = listing();
    rows = await rowCount();
  });
  const nothingStored = async () => {
    expect(listing()).toEqual(before);
    expect(await rowCount()).toBe(rows);
  };

  it('FFD8FF followed by text (a JPEG by its magic bytes only): 400', async () => {
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff]),
      Buffer.from('<?php system($_GET["c"]); ?> and some text'),
    ]);
    const error = await refusal(store(polyglot, 'avatar'));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('Invalid file type. Please upload image files.');
    await nothingStored();
  });

  it('a truncated JPEG and a truncated PNG: 400', async () => {
    const jpeg = await noisyJpeg(400, 300).toBuffer();
    const cut = await refusal(store(jpeg.subarray(0, jpeg.length / 2), 'proof'));
    expect(cut.message).toBe('Invalid file type. Please upload PNG, JPG or PDF files.');
    const png = await image(400, 300).png().toBuffer();
    expect((await refusal(store(png.subarray(0, png.length - 30)))).code).toBe('BAD_REQUEST');
    await nothingStored();
  });

  it(`an image over ${MAX_INPUT_MEGAPIXELS} megapixels: 400 before it is decoded`, async () => {
    const tooMany = `The image is too large: at most ${MAX_INPUT_MEGAPIXELS} megapixels.`;
    // 7000 x 7000 (49 MP, a few hundred KB as one colour): an outside probe's PNG that took
    // 1.5 s to decode while the limit was 50 MP.
    const huge = await image(7000, 7000).png({ compressionLevel: 9 }).toBuffer();
    const error = await refusal(store(huge, 'avatar'));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(tooMany);
    // A decompression bomb: a tiny PNG whose header claims 60,000 x 60,000 pixels.
    const bomb = Buffer.from(await image(1, 1).png().toBuffer());
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    expect((await refusal(store(bomb, 'avatar'))).message).toBe(tooMany);
    await nothingStored();
  });

  it('a PDF without its %%EOF end marker: 400', async () => {
    const cut = PDF.subarray(0, PDF.indexOf('%%EOF'));
    expect((await refusal(store(cut, 'guide'))).message).toBe(
      'Invalid file type. Please upload PDF files.',
    );
    await nothingStored();
  });

  it('the size limit is on what was sent', async () => {
    const big = Buffer.concat([
      await image(10, 10).png().toBuffer(),
      Buffer.alloc(3 * 1024 * 1024),
    ]);
    const error = await refusal(store(big, 'cover'));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    await nothingStored();
  });
});

describe('storeUpload: PDFs', () => {
  it('are kept byte for byte, without a variant', async () => {
    const res = await store(PDF, 'guide');
    expect(res).toEqual({
      fileUrl: expect.stringMatching(/\.pdf$/),
      mime: 'application/pdf',
      size: PDF.length,
      originalName: null,
    });
    expect(stored(res.fileUrl).equals(PDF)).toBe(true);
  });
});

describe('the original name', () => {
  it('is kept beside the random one, cleaned, and served back with the file', async () => {
    const res = await storeUpload({
      db: t.db,
      uploadDir: t.deps.uploadDir,
      actor: ownerActor,
      purpose: 'guide',
      buffer: PDF,
      originalName: '  Rules – 2026.pdf ',
    });
    expect(res.originalName).toBe('Rules – 2026.pdf');
    expect(res.fileUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.pdf$/);
    const [row] = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.fileName, nameOf(res.fileUrl)));
    expect(row?.originalName).toBe('Rules – 2026.pdf');
    const served = await getServableUpload({
      db: t.db,
      actor: ownerActor,
      fileName: nameOf(res.fileUrl),
    });
    expect(served.originalName).toBe('Rules – 2026.pdf');
  });

  it('loses paths, control characters and blanks, and is at most 200 characters', () => {
    expect(cleanOriginalName('C:\\fakepath\\photo.png')).toBe('photo.png');
    expect(cleanOriginalName('../../etc/passwd')).toBe('passwd');
    expect(cleanOriginalName('bad\u0000na\nme\u007f.pdf')).toBe('badname.pdf');
    expect(cleanOriginalName('   ')).toBeNull();
    expect(cleanOriginalName('')).toBeNull();
    expect(cleanOriginalName(undefined)).toBeNull();
    const long = `${'é'.repeat(250)}.pdf`;
    expect([...cleanOriginalName(long)!]).toHaveLength(200);
    // Whole characters: an emoji is never cut in half.
    expect(cleanOriginalName('😀'.repeat(201))).toBe('😀'.repeat(200));
  });
});

describe('getServableUpload', () => {
  let proof: { fileUrl: string; variantUrl?: string };
  let avatar: { fileUrl: string; variantUrl?: string };
  let stranger: Actor;
  beforeAll(async () => {
    proof = await store(await image(800, 600).png().toBuffer(), 'proof');
    avatar = await store(await image(800, 600).png().toBuffer(), 'avatar');
    stranger = actorOf(await createUser(t.db));
  });
  const serve = (url: string, actor: Actor | null | (() => Promise<Actor | null>)) =>
    getServableUpload({ db: t.db, actor, fileName: nameOf(url) });

  it('a proof and its variant: to the owner and reviewers', async () => {
    const moderator = actorOf(await createUser(t.db, { role: 'moderator' }));
    const admin = actorOf(await createUser(t.db, { role: 'admin' }));
    for (const actor of [ownerActor, moderator, admin]) {
      expect(await serve(proof.fileUrl, actor)).toEqual({
        fileName: nameOf(proof.fileUrl),
        mime: 'image/png',
        purpose: 'proof',
        originalName: null,
      });
      expect(await serve(proof.variantUrl!, actor)).toEqual({
        fileName: nameOf(proof.variantUrl!),
        mime: 'image/webp',
        purpose: 'proof',
        originalName: null,
      });
    }
  });

  it('a proof or its variant to another member or anonymous: NOT_FOUND', async () => {
    for (const url of [proof.fileUrl, proof.variantUrl!]) {
      expect((await refusal(serve(url, stranger))).code).toBe('NOT_FOUND');
      expect((await refusal(serve(url, null))).code).toBe('NOT_FOUND');
      expect((await refusal(serve(url, async () => null))).code).toBe('NOT_FOUND');
    }
  });

  it('a public file is served to anyone without asking who is there', async () => {
    let asked = 0;
    const lazy = async () => {
      asked += 1;
      return null;
    };
    expect((await serve(avatar.fileUrl, lazy)).purpose).toBe('avatar');
    expect((await serve(avatar.variantUrl!, lazy)).mime).toBe('image/webp');
    expect(asked).toBe(0);
  });

  it('unknown, crafted and mismatched names: NOT_FOUND', async () => {
    const hex = nameOf(avatar.fileUrl).slice(0, 32);
    for (const name of [
      '0123456789abcdef0123456789abcdef.png',
      '0123456789abcdef0123456789abcdef-card.webp',
      `${hex}.pdf`,
      `${hex}-card.png`,
      `../${hex}.png`,
      'app.db',
    ]) {
      const error = await refusal(
        getServableUpload({ db: t.db, actor: ownerActor, fileName: name }),
      );
      expect(error.code).toBe('NOT_FOUND');
    }
  });
});

describe('removeOrphanUploads', () => {
  let c: TestDb;
  let member: CreatedUser;
  beforeAll(async () => {
    c = await createTestDb();
    member = await createUser(c.db);
  });
  afterAll(() => c.close());

  const put = async (purpose: UploadPurpose, ageMs: number, buffer?: Buffer) => {
    const res = await storeUpload({
      db: c.db,
      uploadDir: c.deps.uploadDir,
      actor: { id: member.id },
      purpose,
      buffer: buffer ?? (await image(700, 100).png().toBuffer()),
    });
    await c.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - ageMs) })
      .where(eq(uploads.fileName, nameOf(res.fileUrl)));
    return res;
  };
  const exists = (url: string) => fs.existsSync(path.join(c.deps.uploadDir, nameOf(url)));
  const hasRow = async (url: string) =>
    (
      await c.db
        .select()
        .from(uploads)
        .where(eq(uploads.fileName, nameOf(url)))
    )[0] !== undefined;
  const stray = (name: string, ageMs: number) => {
    const file = path.join(c.deps.uploadDir, name);
    fs.writeFileSync(file, 'leftover');
    const when = new Date(Date.now() - ageMs);
    fs.utimesSync(file, when, when);
    return file;
  };

  it('removes old unreferenced uploads with their variants; keeps referenced and recent ones', async () => {
    const orphan = await put('avatar', 2 * DAY);
    const orphanPdf = await put('any', 2 * DAY, PDF);
    const orphanProof = await put('proof', 2 * DAY);
    const referenced = await put('avatar', 30 * DAY);
    const recent = await put('avatar', 60 * 1000);
    await c.db
      .update(users)
      .set({ profileImage: referenced.fileUrl })
      .where(eq(users.id, member.id));
    const oldStray = stray('fedcba9876543210fedcba9876543210.png', 2 * DAY);
    const newStray = stray('fedcba9876543210fedcba9876543211.jpg', 60 * 1000);
    const foreign = stray('notes.txt', 30 * DAY);

    const result = await removeOrphanUploads({ db: c.db, uploadDir: c.deps.uploadDir });
    // Three rows: two images with their variants and a PDF (5 files), and one stray file.
    expect(result).toEqual({ rows: 3, files: 6 });

    for (const gone of [orphan, orphanPdf, orphanProof]) {
      expect(await hasRow(gone.fileUrl)).toBe(false);
      expect(exists(gone.fileUrl)).toBe(false);
      if (gone.variantUrl) expect(exists(gone.variantUrl)).toBe(false);
    }
    for (const kept of [referenced, recent]) {
      expect(await hasRow(kept.fileUrl)).toBe(true);
      expect(exists(kept.fileUrl)).toBe(true);
      expect(exists(kept.variantUrl!)).toBe(true);
    }
    expect(fs.existsSync(oldStray)).toBe(false);
    expect(fs.existsSync(newStray)).toBe(true);
    expect(fs.existsSync(foreign)).toBe(true);

    // Nothing more to do on a second run.
    expect(await removeOrphanUploads({ db: c.db, uploadDir: c.deps.uploadDir })).toEqual({
      rows: 0,
      files: 0,
    });
  });

  it('a reference to the card variant keeps the upload too', async () => {
    const old = await put('cover', 3 * DAY);
    await c.db.update(users).set({ profileImage: old.variantUrl! }).where(eq(users.id, member.id));
    await removeOrphanUploads({ db: c.db, uploadDir: c.deps.uploadDir });
    expect(await hasRow(old.fileUrl)).toBe(true);
    expect(exists(old.fileUrl)).toBe(true);
  });

  it('olderThanMs and now decide what counts as old', async () => {
    const res = await put('avatar', 10 * 60 * 1000);
    await removeOrphanUploads({ db: c.db, uploadDir: c.deps.uploadDir });
    expect(await hasRow(res.fileUrl)).toBe(true);
    const later = await removeOrphanUploads({
      db: c.db,
      uploadDir: c.deps.uploadDir,
      now: Date.now() + DAY,
    });
    expect(later.rows).toBeGreaterThanOrEqual(1);
    expect(await hasRow(res.fileUrl)).toBe(false);
  });
});
