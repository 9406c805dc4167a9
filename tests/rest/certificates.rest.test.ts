// Certificates over real HTTP (issue 30's REST lines): GET /api/certificates/{code} (public)
// answers the facts as plain JSON, GET /api/certificates/{code}/pdf the PDF's bytes as an
// attachment, GET /api/certificates the caller's own; 404 and 400 with their messages.
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCertificates } from '../../src/server/domain/certificates';
import { certificates } from '../../src/server/platform/db/schema';
import { CERTIFICATE_MESSAGES } from '../../src/shared/schemas/certificates';
import { clientFor } from '../helpers/accounts';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let winner: CreatedUser;
let contest: Awaited<ReturnType<typeof insertContest>>;
let code: string;
const ISSUED = new Date('2026-11-20T12:00:00Z');

beforeAll(async () => {
  s = await startTestServer();
  const organiser = await createUser(s.db);
  winner = await createUser(s.db);
  contest = await insertContest(s.db, { createdBy: organiser.id, status: 'completed' });
  await issueCertificates(s.db, {
    contestId: contest.id,
    contestTitle: contest.title,
    issuedAt: ISSUED,
    entries: [
      { userId: winner.id, username: winner.username, teamName: null, place: 2, placeText: '2nd' },
    ],
  });
  const [row] = await s.db
    .select({ code: certificates.code })
    .from(certificates)
    .where(and(eq(certificates.contestId, contest.id), eq(certificates.userId, winner.id)));
  code = row!.code;
});
afterAll(() => s?.stop());

describe('GET /api/certificates/{code}', () => {
  it('answers the facts to a signed-out caller, dates as ISO strings', async () => {
    const res = await new HttpClient(s.url).get(`/api/certificates/${code}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      code,
      siteName: expect.any(String),
      contestTitle: contest.title,
      contestSlug: contest.slug,
      name: winner.username,
      teamName: null,
      place: 2,
      placeText: '2nd',
      issuedAt: ISSUED.toISOString(),
      withdrawnAt: null,
    });
  });

  it('answers 404 for an unknown code and 400 for a malformed one', async () => {
    const anonymous = new HttpClient(s.url);
    const missing = await anonymous.get('/api/certificates/ABCDEFGH23456789');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({
      code: 'NOT_FOUND',
      message: CERTIFICATE_MESSAGES.notFound,
    });
    const bad = await anonymous.get('/api/certificates/not-a-code');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ message: 'A certificate code is 16 letters and digits' });
  });
});

describe('GET /api/certificates/{code}/pdf', () => {
  it('answers the PDF bytes as an attachment, with the verification address', async () => {
    const res = await fetch(`${s.url}/api/certificates/${code}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="certificate-${code}.pdf"`,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    // The server's address (the first one it served) with the certificate's path.
    const text = [...bytes.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)]
      .map((m) => {
        const raw = Buffer.from(m[1]!, 'latin1');
        try {
          return inflateSync(raw).toString('latin1');
        } catch {
          return raw.toString('latin1');
        }
      })
      .join('\n')
      .replace(/<([0-9A-Fa-f]+)>/g, (_m, hex: string) =>
        Buffer.from(hex, 'hex').toString('latin1'),
      );
    expect(text).toContain(`${s.url}/certificates/${code}`);
  });

  it('answers 404 as JSON for an unknown code', async () => {
    const res = await new HttpClient(s.url).get('/api/certificates/ABCDEFGH23456789/pdf');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.json).toMatchObject({ message: CERTIFICATE_MESSAGES.notFound });
  });
});

describe('GET /api/certificates', () => {
  it("answers the caller's own, and 401 signed out", async () => {
    const mine = await (await clientFor(s, winner.id)).get('/api/certificates');
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual([expect.objectContaining({ code, place: 2 })]);
    const other = await (await clientFor(s, (await createUser(s.db)).id)).get('/api/certificates');
    expect(other.json).toEqual([]);
    expect((await new HttpClient(s.url).get('/api/certificates')).status).toBe(401);
  });
});
