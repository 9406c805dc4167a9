// POST /api/upload and GET /uploads/:name with real files built here: the type is judged by the
// bytes, images are re-encoded, the stored name is always ours (the sender's is kept beside it,
// cleaned, and offered on saving), payment proofs stay private, and each member has a rate and a
// daily quota.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/http/app';
import { uploads } from '../../src/server/platform/db/schema';
import { MAX_INPUT_MEGAPIXELS } from '../../src/server/platform/files/uploads';
import { DEFAULT_LIMITS, type LimitSettings } from '../../src/server/platform/limits';
import { MSG } from '../../src/shared/messages';
import { JPEG, PDF, PNG, SVG, padded, rawGet, signIn, uploadForm } from '../helpers/accounts';
import { createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

const MB = 1024 * 1024;
const FILE_URL = /^\/uploads\/[a-f0-9]{32}\.(png|jpg|pdf)$/;
const VARIANT_URL = /^\/uploads\/[a-f0-9]{32}-card\.webp$/;

let s: TestServer;
let owner: CreatedUser;
let http: HttpClient;
/** A real JPEG (the JPEG fixture is only a header: sharp refuses it now). */
let photo: Buffer;
beforeAll(async () => {
  s = await startTestServer();
  owner = await createUser(s.db);
  http = await signIn(s.url, owner);
  photo = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 90, b: 160 } },
  })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'x' } } })
    .toBuffer();
});
afterAll(() => s.stop());

const storedFile = (url: string) =>
  fs.readFileSync(path.join(s.deps.uploadDir, path.basename(url)));

/** A whole PDF of exactly `size` bytes (the end marker last, as the service requires). */
function pdfOfSize(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

const upload = (client: HttpClient, bytes: Buffer, name: string, type: string, purpose?: string) =>
  client.request('POST', '/api/upload', uploadForm(bytes, name, type, purpose));

const listing = () => ({
  uploads: fs.readdirSync(s.deps.uploadDir).sort(),
  parent: fs.readdirSync(path.dirname(s.deps.uploadDir)).sort(),
});

describe('POST /api/upload: accepted files', () => {
  it('a PNG avatar: 201 with a random /uploads URL, re-encoded, served back safely', async () => {
    const res = await upload(http, PNG, 'me.png', 'image/png', 'avatar');
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ mime: 'image/png' });
    const fileUrl = res.json.fileUrl as string;
    expect(fileUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);

    const served = await fetch(s.url + fileUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Shown in the page, under the name it had on the member's device.
    expect(served.headers.get('content-disposition')).toBe(
      `inline; filename="me.png"; filename*=UTF-8''me.png`,
    );
    const body = Buffer.from(await served.arrayBuffer());
    expect(body.equals(storedFile(fileUrl))).toBe(true);
    expect(res.json.size).toBe(body.length);
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1, 1]);

    // The file is recorded with its owner and purpose.
    const [row] = await s.db
      .select()
      .from(uploads)
      .where(eq(uploads.fileName, path.basename(fileUrl)));
    expect(row).toMatchObject({
      ownerId: owner.id,
      purpose: 'avatar',
      mime: 'image/png',
      originalName: 'me.png',
    });
    expect(res.json.originalName).toBe('me.png');
  });

  it('keeps a UTF-8 original name exactly, and offers it (with an ASCII fallback) on saving', async () => {
    const name = 'Résumé «final» 100%.pdf';
    const res = await upload(http, PDF, name, 'application/pdf', 'guide');
    expect(res.status).toBe(201);
    expect(res.json.originalName).toBe(name);
    const served = await fetch(s.url + (res.json.fileUrl as string));
    expect(served.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ _final_ 100_.pdf"; ` +
        `filename*=UTF-8''R%C3%A9sum%C3%A9%20%C2%ABfinal%C2%BB%20100%25.pdf`,
    );
    // The stored file still has our random name.
    expect(res.json.fileUrl).toMatch(FILE_URL);
  });

  it('a JPEG cover: 201, served as image/jpeg without its EXIF', async () => {
    const res = await upload(http, photo, 'cover.jpg', 'image/jpeg', 'cover');
    expect(res.status).toBe(201);
    expect(res.json.fileUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
    const served = await fetch(s.url + (res.json.fileUrl as string));
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const body = Buffer.from(await served.arrayBuffer());
    expect(body.equals(storedFile(res.json.fileUrl as string))).toBe(true);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect((await sharp(body).metadata()).exif).toBeUndefined();
  });

  it('an image comes with a card variant, served like the original', async () => {
    const res = await upload(http, photo, 'cover.jpg', 'image/jpeg', 'cover');
    expect(res.status).toBe(201);
    const variantUrl = res.json.variantUrl as string;
    expect(variantUrl).toMatch(VARIANT_URL);
    const served = await fetch(s.url + variantUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 427]);
  });

  it('a PDF guide: 201, kept as sent, served as an application/pdf download', async () => {
    const res = await upload(http, PDF, 'guide.pdf', 'application/pdf', 'guide');
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      fileUrl: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.pdf$/),
      mime: 'application/pdf',
      size: PDF.length,
      originalName: 'guide.pdf',
    });
    const fileUrl = res.json.fileUrl as string;
    const served = await fetch(s.url + fileUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe(
      `attachment; filename="guide.pdf"; filename*=UTF-8''guide.pdf`,
    );
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('without a purpose: a PNG and a PDF are both taken', async () => {
    const png = await upload(http, PNG, 'a.png', 'image/png');
    expect(png.status).toBe(201);
    expect(png.json.fileUrl).toMatch(FILE_URL);
    const pdf = await upload(http, PDF, 'a.pdf', 'application/pdf');
    expect(pdf.status).toBe(201);
    expect(pdf.json.fileUrl).toMatch(FILE_URL);
  });

  it('the declared type and name do not matter: a real PNG sent as text/plain is a PNG', async () => {
    const res = await upload(http, PNG, 'notes.txt', 'text/plain', 'avatar');
    expect(res.status).toBe(201);
    expect(res.json.fileUrl).toMatch(/\.png$/);
  });

  it('a file named ../../evil.png is stored under a random name inside UPLOAD_DIR', async () => {
    const before = listing();
    const res = await upload(http, PNG, '../../evil.png', 'image/png', 'avatar');
    expect(res.status).toBe(201);
    const fileUrl = res.json.fileUrl as string;
    expect(fileUrl).not.toContain('..');
    expect(fileUrl).not.toContain('evil');
    expect(fileUrl).toMatch(FILE_URL);
    const after = listing();
    expect(after.parent).toEqual(before.parent);
    const variantUrl = res.json.variantUrl as string;
    expect(after.uploads).toEqual(
      [...before.uploads, path.basename(fileUrl), path.basename(variantUrl)].sort(),
    );
    expect(after.uploads.every((f) => /^[a-f0-9]{32}(-card)?\.(png|jpg|pdf|webp)$/.test(f))).toBe(
      true,
    );
    expect(fs.existsSync(path.resolve(s.deps.uploadDir, '../../evil.png'))).toBe(false);
  });
});

describe('POST /api/upload: refused files (nothing is stored)', () => {
  let before: ReturnType<typeof listing>;
  let rows: number;
  const countRows = async () => (await s.db.select().from(uploads)).length;
  beforeAll(async () => {
    before = listing();
    rows = await countRows();
  });
  afterAll(async () => {
    expect(listing()).toEqual(before);
    expect(await countRows()).toBe(rows);
  });

  it('an avatar over 5 MB: 413 with the limit of the kind', async () => {
    const res = await upload(http, padded(PNG, 5 * MB + 1), 'big.png', 'image/png', 'avatar');
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({
      message: 'File size exceeds 5MB limit.',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('a cover over 3 MB: 413', async () => {
    const res = await upload(http, padded(JPEG, 3 * MB + 1), 'big.jpg', 'image/jpeg', 'cover');
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('File size exceeds 3MB limit.');
  });

  it('anything over 10 MB: 413', async () => {
    const pdf = await upload(http, padded(PDF, 10 * MB + 1024), 'huge.pdf', 'application/pdf');
    expect(pdf.status).toBe(413);
    expect(pdf.json.message).toBe('File size exceeds 10MB limit.');
    const guide = await upload(
      http,
      padded(PDF, 10 * MB + 1),
      'huge.pdf',
      'application/pdf',
      'guide',
    );
    expect(guide.status).toBe(413);
    expect(guide.json.message).toBe('File size exceeds 10MB limit.');
    const png = await upload(http, padded(PNG, 11 * MB), 'huge.png', 'image/png', 'avatar');
    expect(png.status).toBe(413);
    expect(png.json.message).toBe('File size exceeds 5MB limit.');
  });

  it('a text file named photo.png and declared image/png: 400', async () => {
    const res = await upload(
      http,
      Buffer.from('just some text, not an image at all'),
      'photo.png',
      'image/png',
      'avatar',
    );
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      message: 'Invalid file type. Please upload image files.',
      code: 'BAD_REQUEST',
    });
  });

  it('an SVG, even declared image/svg+xml: 400, with or without a purpose', async () => {
    const avatar = await upload(http, SVG, 'logo.svg', 'image/svg+xml', 'avatar');
    expect(avatar.status).toBe(400);
    expect(avatar.json.message).toBe('Invalid file type. Please upload image files.');
    expect((await upload(http, SVG, 'logo.svg', 'image/svg+xml')).status).toBe(400);
    expect((await upload(http, SVG, 'logo.svg', 'image/svg+xml', 'cover')).status).toBe(400);
  });

  it('a PDF as an avatar and an image as a guide: 400 with the kind’s message', async () => {
    const avatar = await upload(http, PDF, 'x.pdf', 'application/pdf', 'avatar');
    expect(avatar.status).toBe(400);
    expect(avatar.json.message).toBe('Invalid file type. Please upload image files.');
    const guide = await upload(http, PNG, 'x.png', 'image/png', 'guide');
    expect(guide.status).toBe(400);
    expect(guide.json.message).toBe('Invalid file type. Please upload PDF files.');
  });

  it('FFD8FF followed by text, a truncated JPEG and a PDF without its end: 400', async () => {
    const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('<html>hi')]);
    const poly = await upload(http, polyglot, 'a.jpg', 'image/jpeg', 'avatar');
    expect(poly.status).toBe(400);
    expect(poly.json.message).toBe('Invalid file type. Please upload image files.');
    // The header-only fixture is a truncated JPEG: it no longer passes.
    expect((await upload(http, JPEG, 'a.jpg', 'image/jpeg', 'cover')).status).toBe(400);
    const cut = PDF.subarray(0, PDF.indexOf('%%EOF'));
    expect((await upload(http, cut, 'a.pdf', 'application/pdf', 'guide')).status).toBe(400);
  });

  it('an image over the pixel limit (7000 x 7000, a few hundred KB): 400, never 500', async () => {
    const huge = await sharp({
      create: { width: 7000, height: 7000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(http, huge, 'huge.png', 'image/png', 'avatar');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      message: `The image is too large: at most ${MAX_INPUT_MEGAPIXELS} megapixels.`,
      code: 'BAD_REQUEST',
    });
  });

  it('an empty file: 400', async () => {
    const res = await upload(http, Buffer.alloc(0), 'empty.png', 'image/png', 'avatar');
    expect(res.status).toBe(400);
  });

  it('anonymous: 401', async () => {
    const res = await upload(new HttpClient(s.url), PNG, 'a.png', 'image/png', 'avatar');
    expect(res.status).toBe(401);
  });

  it('an unknown purpose: 400', async () => {
    const res = await upload(http, PNG, 'a.png', 'image/png', 'banner');
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('BAD_REQUEST');
  });

  it('no file field, or the file under another field name: 400', async () => {
    const none = new FormData();
    none.append('purpose', 'avatar');
    const res = await http.request('POST', '/api/upload', none);
    expect(res.status).toBe(400);
    const other = new FormData();
    other.append('picture', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
    expect((await http.request('POST', '/api/upload', other)).status).toBe(400);
  });

  it('two files at once: 400', async () => {
    const two = uploadForm(PNG, 'a.png', 'image/png', 'avatar');
    two.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'b.png');
    expect((await http.request('POST', '/api/upload', two)).status).toBe(400);
  });

  it('a body that is not multipart: 400, never 500', async () => {
    const json = await http.post('/api/upload', { file: 'abc' });
    expect(json.status).toBe(400);
    expect(json.json.message).toMatch(/multipart/);
    const text = await http.request('POST', '/api/upload', 'file=abc', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(text.status).toBe(400);
    const empty = await http.request('POST', '/api/upload');
    expect(empty.status).toBe(400);
  });

  it('a malformed multipart body: 400, never 500', async () => {
    const noBoundary = await http.request('POST', '/api/upload', 'garbage', {
      'content-type': 'multipart/form-data',
    });
    expect(noBoundary.status).toBe(400);
    const truncated = await http.request(
      'POST',
      '/api/upload',
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      { 'content-type': 'multipart/form-data; boundary=xyz' },
    );
    expect(truncated.status).toBe(400);
    const garbage = await http.request('POST', '/api/upload', 'not multipart at all', {
      'content-type': 'multipart/form-data; boundary=xyz',
    });
    expect(garbage.status).toBe(400);
  });

  it('from a foreign origin: 403', async () => {
    const res = await http.request(
      'POST',
      '/api/upload',
      uploadForm(PNG, 'a.png', 'image/png', 'avatar'),
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });
});

describe('GET /uploads/:name', () => {
  it('a payment proof: its owner and reviewers get it; other members and anonymous get 404', async () => {
    const res = await upload(http, PNG, 'proof.png', 'image/png', 'proof');
    expect(res.status).toBe(201);
    const url = res.json.fileUrl as string;

    const mine = await http.get(url);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect(mine.headers.get('cache-control')).toMatch(/private/);
    expect(mine.headers.get('cache-control')).toMatch(/no-store/);

    const stranger = await signIn(s.url, await createUser(s.db));
    expect((await stranger.get(url)).status).toBe(404);
    const moderator = await signIn(s.url, await createUser(s.db, { role: 'moderator' }));
    expect((await moderator.get(url)).status).toBe(200);
    const admin = await signIn(s.url, await createUser(s.db, { role: 'admin' }));
    expect((await admin.get(url)).status).toBe(200);
    expect((await new HttpClient(s.url).get(url)).status).toBe(404);
  });

  it('a proof’s card variant follows the same rule', async () => {
    const res = await upload(http, photo, 'proof.jpg', 'image/jpeg', 'proof');
    expect(res.status).toBe(201);
    const variantUrl = res.json.variantUrl as string;
    expect(variantUrl).toMatch(VARIANT_URL);
    const mine = await http.get(variantUrl);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/webp');
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    const stranger = await signIn(s.url, await createUser(s.db));
    expect((await stranger.get(variantUrl)).status).toBe(404);
    expect((await new HttpClient(s.url).get(variantUrl)).status).toBe(404);
    const moderator = await signIn(s.url, await createUser(s.db, { role: 'moderator' }));
    expect((await moderator.get(variantUrl)).status).toBe(200);
  });

  it('a PDF proof is served to its owner as an application/pdf download, to nobody else', async () => {
    const res = await upload(http, PDF, 'receipt.pdf', 'application/pdf', 'proof');
    expect(res.status).toBe(201);
    const url = res.json.fileUrl as string;
    const served = await http.get(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe(
      `attachment; filename="receipt.pdf"; filename*=UTF-8''receipt.pdf`,
    );
    expect(served.headers.get('cache-control')).toBe('private, no-store');
    const stranger = await signIn(s.url, await createUser(s.db));
    const refused = await stranger.get(url);
    expect(refused.status).toBe(404);
    expect(refused.headers.get('content-disposition')).toBeNull();
  });

  it('404 for unknown and crafted names', async () => {
    const anon = new HttpClient(s.url);
    expect((await anon.get('/uploads/nonexistent.png')).status).toBe(404);
    expect((await anon.get('/uploads/0123456789abcdef0123456789abcdef.png')).status).toBe(404);
    expect((await anon.get('/uploads/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await anon.get('/uploads/%2e%2e%2fapp.db')).status).toBe(404);
    expect(await rawGet(s.url, '/uploads/../../etc/passwd')).toBe(404);
    expect(await rawGet(s.url, '/uploads/..%2f..%2fapp.db')).toBe(404);
    // A file that exists on disk but was never uploaded through the service is not served.
    const stray = '0123456789abcdef0123456789abcdee.png';
    fs.writeFileSync(path.join(s.deps.uploadDir, stray), PNG);
    expect((await anon.get(`/uploads/${stray}`)).status).toBe(404);
  });
});

describe('POST /api/upload: per-member rate and daily quota', () => {
  /** A server of its own: the shared one lifts the rate so the other suites can upload freely. */
  async function serverWith(limits: Partial<LimitSettings>) {
    const t = await createTestDb({ limits });
    const server = await new Promise<Server>((resolve) => {
      const listening = createApp(t.deps).listen(0, '127.0.0.1', () => resolve(listening));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      ...t,
      url,
      stop: async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await t.close();
      },
    };
  }

  it('the 11th upload within a minute: 429 with Retry-After; 20 sent at once, 10 taken', async () => {
    expect(DEFAULT_LIMITS.uploadsPerMinute).toBe(10);
    const r = await serverWith({ uploadsPerMinute: DEFAULT_LIMITS.uploadsPerMinute });
    try {
      const member = await signIn(r.url, await createUser(r.db));
      const proof = pdfOfSize(MB);
      // The report: 20 x 1 MB proofs in well under a second.
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          upload(member, proof, 'p.pdf', 'application/pdf', 'proof'),
        ),
      );
      expect(results.filter((res) => res.status === 201)).toHaveLength(10);
      const refused = results.filter((res) => res.status === 429);
      expect(refused).toHaveLength(10);
      for (const res of refused) {
        expect(res.json).toMatchObject({ message: MSG.tooManyUploads, code: 'TOO_MANY_REQUESTS' });
        const wait = Number(res.headers.get('retry-after'));
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(wait).toBeLessThanOrEqual(60);
      }
      // Only the accepted ones were stored.
      expect(await r.db.select().from(uploads)).toHaveLength(10);
      expect(fs.readdirSync(r.deps.uploadDir)).toHaveLength(10);
      // One more, in sequence: still refused. Another member is not affected.
      expect((await upload(member, PNG, 'a.png', 'image/png')).status).toBe(429);
      const other = await signIn(r.url, await createUser(r.db));
      expect((await upload(other, PNG, 'a.png', 'image/png')).status).toBe(201);
    } finally {
      await r.stop();
    }
  });

  it('bytes per day: a file over what is left is refused (429) and does not use it up', async () => {
    const r = await serverWith({ uploadBytesPerDay: 2.5 * MB });
    try {
      const member = await signIn(r.url, await createUser(r.db));
      const send = (size: number) =>
        upload(member, pdfOfSize(size), 'g.pdf', 'application/pdf', 'guide');
      expect((await send(MB)).status).toBe(201);
      expect((await send(MB)).status).toBe(201);
      const over = await send(MB);
      expect(over.status).toBe(429);
      expect(over.json.message).toBe(MSG.tooManyUploads);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
      // Half a megabyte is still left, and counted from the bytes sent.
      expect((await send(0.4 * MB)).status).toBe(201);
      expect((await send(0.2 * MB)).status).toBe(429);
      expect(await r.db.select().from(uploads)).toHaveLength(3);
      const other = await signIn(r.url, await createUser(r.db));
      expect((await upload(other, pdfOfSize(MB), 'g.pdf', 'application/pdf')).status).toBe(201);
    } finally {
      await r.stop();
    }
  });
});
