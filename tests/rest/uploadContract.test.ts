// POST /api/upload and GET /uploads/:name with real files: types are judged by their bytes and
// images are re-encoded before they are stored.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

// A real 1x1 PNG, a JFIF JPEG header with nothing behind it (not a decodable image) and a
// small PDF; a real JPEG is made with sharp below.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG_HEADER_ONLY = Buffer.concat([
  Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
    0x00, 0x01, 0x00, 0x00,
  ]),
  Buffer.alloc(64),
  Buffer.from([0xff, 0xd9]),
]);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

let s: TestServer;
let owner: CreatedUser;
let http: HttpClient;
let JPEG: Buffer;
beforeAll(async () => {
  s = await startTestServer();
  owner = await createUser(s.db);
  http = await signIn(owner);
  JPEG = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => s.stop());

async function signIn(user: CreatedUser) {
  const client = new HttpClient(s.url);
  await client.post('/api/login', { username: user.username, password: user.password });
  return client;
}

function form(bytes: Buffer, name: string, type: string, purpose?: string) {
  const data = new FormData();
  if (purpose) data.append('purpose', purpose);
  data.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return data;
}

const upload = (client: HttpClient, bytes: Buffer, name: string, type: string, purpose?: string) =>
  client.request('POST', '/api/upload', form(bytes, name, type, purpose));

describe('POST /api/upload', () => {
  it('stores a PNG avatar under a random name, re-encoded, and serves it back safely', async () => {
    const res = await upload(http, PNG, 'me.png', 'image/png', 'avatar');
    expect(res.status).toBe(201);
    expect(res.json.fileUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(res.json.variantUrl).toMatch(/^\/uploads\/[a-f0-9]{32}-card\.webp$/);
    const file = await fetch(s.url + (res.json.fileUrl as string));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toMatch(/max-age/);
    const body = Buffer.from(await file.arrayBuffer());
    expect(res.json.size).toBe(body.length);
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1, 1]);
  });

  it('accepts a JPEG cover and a PDF guide; the PDF is served as a download', async () => {
    const jpeg = await upload(http, JPEG, 'cover.jpg', 'image/jpeg', 'cover');
    expect(jpeg.status).toBe(201);
    expect(jpeg.json).toMatchObject({ mime: 'image/jpeg' });
    const pdf = await upload(http, PDF, 'guide.pdf', 'application/pdf', 'guide');
    expect(pdf.status).toBe(201);
    expect(pdf.json.variantUrl).toBeUndefined();
    const served = await fetch(s.url + (pdf.json.fileUrl as string));
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe(
      `attachment; filename="guide.pdf"; filename*=UTF-8''guide.pdf`,
    );
  });

  it('refuses what only looks like a JPEG: a bare header, or FFD8FF and text', async () => {
    const header = await upload(http, JPEG_HEADER_ONLY, 'a.jpg', 'image/jpeg', 'cover');
    expect(header.status).toBe(400);
    expect(header.json.message).toBe('Invalid file type. Please upload image files.');
    const text = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('hello, world')]);
    expect((await upload(http, text, 'a.jpg', 'image/jpeg')).status).toBe(400);
  });

  it('refuses oversize files with 413 and the limit of the kind', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    const res = await upload(http, big, 'big.png', 'image/png', 'avatar');
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('File size exceeds 5MB limit.');
    const cover = await upload(
      http,
      Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]),
      'c.png',
      'image/png',
      'cover',
    );
    expect(cover.status).toBe(413);
    expect(cover.json.message).toBe('File size exceeds 3MB limit.');
    const huge = await upload(
      http,
      Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
      'h.pdf',
      'application/pdf',
    );
    expect(huge.status).toBe(413);
    expect(huge.json.message).toBe('File size exceeds 10MB limit.');
  });

  it('judges the type by the bytes: a text file named .png and an SVG are refused', async () => {
    const fake = await upload(
      http,
      Buffer.from('just some text, not an image'),
      'photo.png',
      'image/png',
      'avatar',
    );
    expect(fake.status).toBe(400);
    expect(fake.json.message).toBe('Invalid file type. Please upload image files.');
    const svg = await upload(http, SVG, 'logo.svg', 'image/svg+xml', 'avatar');
    expect(svg.status).toBe(400);
    const svgAny = await upload(http, SVG, 'logo.svg', 'image/svg+xml');
    expect(svgAny.status).toBe(400);
    const pdfAvatar = await upload(http, PDF, 'x.pdf', 'application/pdf', 'avatar');
    expect(pdfAvatar.status).toBe(400);
    const guideImage = await upload(http, PNG, 'x.png', 'image/png', 'guide');
    expect(guideImage.json.message).toBe('Invalid file type. Please upload PDF files.');
  });

  it('never uses the client’s file name: ../ stays out of the path', async () => {
    const before = fs.readdirSync(path.dirname(s.deps.uploadDir)).sort();
    const res = await upload(http, PNG, '../../evil.png', 'image/png', 'avatar');
    expect(res.status).toBe(201);
    expect(res.json.fileUrl).not.toContain('..');
    expect(fs.readdirSync(path.dirname(s.deps.uploadDir)).sort()).toEqual(before);
    expect(
      fs
        .readdirSync(s.deps.uploadDir)
        .every((f) => /^[a-f0-9]{32}(-card)?\.(png|jpg|pdf|webp)$/.test(f)),
    ).toBe(true);
  });

  it('without a purpose takes images and PDFs', async () => {
    expect((await upload(http, PNG, 'a.png', 'image/png')).status).toBe(201);
    expect((await upload(http, PDF, 'a.pdf', 'application/pdf')).status).toBe(201);
  });

  it('answers 401 anonymous, 400 for an unknown purpose, a missing file or a non-multipart body', async () => {
    expect((await upload(new HttpClient(s.url), PNG, 'a.png', 'image/png')).status).toBe(401);
    const unknown = await upload(http, PNG, 'a.png', 'image/png', 'banner');
    expect(unknown.status).toBe(400);
    const empty = new FormData();
    empty.append('purpose', 'avatar');
    expect((await http.request('POST', '/api/upload', empty)).status).toBe(400);
    const json = await http.post('/api/upload', { file: 'abc' });
    expect(json.status).toBe(400);
    expect(json.text).not.toMatch(/stack/);
  });
});

describe('GET /uploads/:name', () => {
  it('serves payment proofs only to their owner and reviewers', async () => {
    const res = await upload(http, PNG, 'proof.png', 'image/png', 'proof');
    expect(res.status).toBe(201);
    const url = res.json.fileUrl as string;
    expect((await http.get(url)).status).toBe(200);
    expect((await http.get(url)).headers.get('cache-control')).toMatch(/private/);
    const stranger = await signIn(await createUser(s.db));
    expect((await stranger.get(url)).status).toBe(404);
    const moderator = await signIn(await createUser(s.db, { role: 'moderator' }));
    expect((await moderator.get(url)).status).toBe(200);
    expect((await new HttpClient(s.url).get(url)).status).toBe(404);
  });

  it('answers 404 for unknown or crafted names', async () => {
    const anon = new HttpClient(s.url);
    expect((await anon.get('/uploads/0123456789abcdef0123456789abcdef.png')).status).toBe(404);
    expect((await anon.get('/uploads/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await anon.get('/uploads/../../etc/passwd')).status).toBe(404);
  });
});
