// Certificates of placed members (issue 30): issued per entry and reissued under the same code
// with the new place, withdrawn, read by anyone with the code (signed out too), 404 and 400,
// a deleted member shown as such, a member's own list, and the PDF (one landscape page holding
// the code; names the standard fonts cannot draw do not break it).
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { inflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { certificates, contests, users } from '../../src/server/platform/db/schema';
import {
  issueCertificates,
  withdrawCertificates,
  type NewCertificate,
} from '../../src/server/domain/certificates';
import { getPlatformSettings, savePlatformSettings } from '../../src/server/domain/settings';
import { CERTIFICATE_CODE, CERTIFICATE_MESSAGES } from '../../src/shared/schemas/certificates';
import { DELETED_USER_LABEL } from '../../src/shared/payments';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { failure } from '../helpers/errors';
import { insertContest } from '../helpers/contests';

const t = await createTestDb();
afterAll(() => t.close());

const organiser = await createUser(t.db);
const as = (user?: CreatedUser) => callerFor(t, user).caller;

const entry = (user: CreatedUser, place: number, extra: Partial<NewCertificate> = {}) => ({
  userId: user.id,
  username: user.username,
  teamName: null,
  place,
  placeText: ['1st', '2nd', '3rd'][place - 1] ?? `${place}th`,
  ...extra,
});

/** A completed contest with certificates for `placed` (1st, 2nd, ...), issued at `issuedAt`. */
async function issued(placed: CreatedUser[], issuedAt = new Date('2026-11-20T12:00:00Z')) {
  const contest = await insertContest(t.db, { createdBy: organiser.id, status: 'completed' });
  await issueCertificates(t.db, {
    contestId: contest.id,
    contestTitle: contest.title,
    issuedAt,
    entries: placed.map((user, i) => entry(user, i + 1)),
  });
  return contest;
}

async function codeOf(contestId: number, userId: number): Promise<string> {
  const [row] = await t.db
    .select({ code: certificates.code })
    .from(certificates)
    .where(and(eq(certificates.contestId, contestId), eq(certificates.userId, userId)));
  return row!.code;
}

/** The text drawn on a pdf-lib page: its content streams inflated, the hex strings decoded. */
function drawnText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
    const bytes = Buffer.from(m[1]!, 'latin1');
    try {
      return inflateSync(bytes).toString('latin1');
    } catch {
      return bytes.toString('latin1');
    }
  });
  return streams
    .join('\n')
    .replace(/<([0-9A-Fa-f]+)>/g, (_m, hex: string) => Buffer.from(hex, 'hex').toString('latin1'));
}

describe('issueCertificates', () => {
  it('issues one per entry, each with a code of the alphabet', async () => {
    const [a, b] = [await createUser(t.db), await createUser(t.db)];
    const contest = await issued([a, b]);
    const rows = await t.db
      .select()
      .from(certificates)
      .where(eq(certificates.contestId, contest.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.code).toMatch(CERTIFICATE_CODE);
    expect(new Set(rows.map((r) => r.code)).size).toBe(2);
    const first = rows.find((r) => r.userId === a.id)!;
    expect(first).toMatchObject({
      contestTitle: contest.title,
      username: a.username,
      place: 1,
      placeText: '1st',
      withdrawnAt: null,
    });
  });

  it('reissues under the same code with the new place and date, no longer withdrawn', async () => {
    const [a, b] = [await createUser(t.db), await createUser(t.db)];
    const contest = await issued([a, b]);
    const codeA = await codeOf(contest.id, a.id);
    const codeB = await codeOf(contest.id, b.id);
    await withdrawCertificates(t.db, { contestId: contest.id });
    const later = new Date('2026-11-25T09:30:00Z');
    await issueCertificates(t.db, {
      contestId: contest.id,
      contestTitle: contest.title,
      issuedAt: later,
      entries: [entry(b, 1), entry(a, 2)],
    });
    const readA = await as().certificates.get({ code: codeA });
    expect(readA).toMatchObject({ place: 2, placeText: '2nd', issuedAt: later, withdrawnAt: null });
    expect((await as().certificates.get({ code: codeB })).place).toBe(1);
    const rows = await t.db
      .select({ code: certificates.code })
      .from(certificates)
      .where(eq(certificates.contestId, contest.id));
    expect(rows.map((r) => r.code).sort()).toEqual([codeA, codeB].sort());
  });

  it('issues nothing for no entries', async () => {
    const contest = await issued([]);
    const rows = await t.db
      .select()
      .from(certificates)
      .where(eq(certificates.contestId, contest.id));
    expect(rows).toEqual([]);
  });
});

describe('withdrawCertificates', () => {
  it("marks the contest's certificates withdrawn, and only those", async () => {
    const [a, b] = [await createUser(t.db), await createUser(t.db)];
    const kept = await issued([b]);
    const contest = await issued([a]);
    await withdrawCertificates(t.db, { contestId: contest.id });
    const read = await as().certificates.get({ code: await codeOf(contest.id, a.id) });
    expect(read.withdrawnAt).toBeInstanceOf(Date);
    const other = await as().certificates.get({ code: await codeOf(kept.id, b.id) });
    expect(other.withdrawnAt).toBeNull();
  });
});

describe('certificates.get', () => {
  it('answers the facts to anyone, signed out included, with the site name and slug', async () => {
    const a = await createUser(t.db);
    const contest = await issued([a]);
    const code = await codeOf(contest.id, a.id);
    const { siteName } = await getPlatformSettings({ db: t.db });
    const expected = {
      code,
      siteName,
      contestTitle: contest.title,
      contestSlug: contest.slug,
      name: a.username,
      teamName: null,
      place: 1,
      placeText: '1st',
      issuedAt: new Date('2026-11-20T12:00:00Z'),
      withdrawnAt: null,
    };
    expect(await as().certificates.get({ code })).toEqual(expected);
    expect(await as(await createUser(t.db)).certificates.get({ code })).toEqual(expected);
    // Codes are read case-insensitively (a code typed off paper).
    expect(await as().certificates.get({ code: code.toLowerCase() })).toEqual(expected);
  });

  it('answers 404 for a well-formed code nobody holds', async () => {
    expect(await failure(as().certificates.get({ code: 'ABCDEFGH23456789' }))).toEqual({
      code: 'NOT_FOUND',
      message: CERTIFICATE_MESSAGES.notFound,
    });
  });

  it('answers 400 for a malformed code', async () => {
    for (const code of ['SHORT', 'ABCDEFGHIJKLMNOP', '', 'ABCDEFGH2345678!']) {
      expect(await failure(as().certificates.get({ code }))).toEqual({
        code: 'BAD_REQUEST',
        message: 'A certificate code is 16 letters and digits',
      });
    }
  });

  it("names a deleted member 'Deleted user' and keeps the contest's title once it is gone", async () => {
    const gone = await createUser(t.db);
    const contest = await issued([gone]);
    const code = await codeOf(contest.id, gone.id);
    await t.db.delete(users).where(eq(users.id, gone.id));
    await t.db.delete(contests).where(eq(contests.id, contest.id));
    expect(await as().certificates.get({ code })).toMatchObject({
      name: DELETED_USER_LABEL,
      contestTitle: contest.title,
      contestSlug: null,
      place: 1,
    });
  });
});

describe('certificates.mine', () => {
  it("lists the caller's own, newest first, and refuses the signed out", async () => {
    const [me, other] = [await createUser(t.db), await createUser(t.db)];
    const older = await issued([me, other], new Date('2026-10-01T00:00:00Z'));
    const newer = await issued([other, me], new Date('2026-11-01T00:00:00Z'));
    const mine = await as(me).certificates.mine();
    expect(mine.map((c) => [c.contestTitle, c.place, c.name])).toEqual([
      [newer.title, 2, me.username],
      [older.title, 1, me.username],
    ]);
    expect(await as(await createUser(t.db)).certificates.mine()).toEqual([]);
    expect((await failure(as().certificates.mine())).code).toBe('UNAUTHORIZED');
  });
});

describe('certificates.pdf', () => {
  it('is a one-page landscape A4 PDF with the site, name, place, contest and code', async () => {
    const a = await createUser(t.db);
    const settings = await getPlatformSettings({ db: t.db });
    await savePlatformSettings({ db: t.db, value: { ...settings, siteName: 'Arena Cup' } });
    const contest = await issued([await createUser(t.db), a]);
    const code = await codeOf(contest.id, a.id);
    const base64 = await as().certificates.pdf({ code });
    const bytes = Buffer.from(base64, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    const text = drawnText(bytes);
    for (const part of [
      'Arena Cup',
      'Certificate of achievement',
      a.username,
      'won 2nd place',
      `in ${contest.title}`,
      'Awarded on 20 November 2026',
      `Certificate code: ${code}`,
      `/certificates/${code}`,
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('WITHDRAWN');
    await savePlatformSettings({ db: t.db, value: settings });
  });

  it('says Withdrawn on a withdrawn certificate', async () => {
    const a = await createUser(t.db);
    const contest = await issued([a]);
    await withdrawCertificates(t.db, { contestId: contest.id });
    const bytes = Buffer.from(
      await as().certificates.pdf({ code: await codeOf(contest.id, a.id) }),
      'base64',
    );
    const text = drawnText(bytes);
    expect(text).toContain('WITHDRAWN');
    expect(text).toContain("the contest's results were reopened");
  });

  it('draws names the standard fonts cannot encode with stand-ins instead of failing', async () => {
    const a = await createUser(t.db, { username: `Zoë Łódź 東京 🏆 ${Date.now()}` });
    const contest = await insertContest(t.db, {
      createdBy: organiser.id,
      status: 'completed',
      title: 'Кубок 2026 — Őszi döntő',
    });
    await issueCertificates(t.db, {
      contestId: contest.id,
      contestTitle: contest.title,
      issuedAt: new Date('2026-11-20T12:00:00Z'),
      entries: [entry(a, 3, { teamName: 'Ünited\nTeam' })],
    });
    const bytes = Buffer.from(
      await as().certificates.pdf({ code: await codeOf(contest.id, a.id) }),
      'base64',
    );
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    const text = drawnText(bytes);
    expect(text).toContain('Zoë ?ódz ?? ?');
    expect(text).toContain('Ünited Team');
    expect(text).toContain('Oszi dönto');
  });

  it('answers 404 for an unknown code and 400 for a malformed one', async () => {
    expect((await failure(as().certificates.pdf({ code: 'ZZZZZZZZZZZZZZZZ' }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await failure(as().certificates.pdf({ code: 'nope' }))).code).toBe('BAD_REQUEST');
  });
});
