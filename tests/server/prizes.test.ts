// A contest's prize table (issue 30): prizes.get and prizes.set per role (admin, moderator,
// creator, another member, signed out), each refusal, a pool's totals from verified entry fees
// only, the summary on the contest read and the list, and the table through create and update.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, paymentProofs } from '../../src/server/platform/db/schema';
import { PRIZE_MESSAGES, type TPrizeTable } from '../../src/shared/schemas/prizes';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { createInput, insertContest, storedContest } from '../helpers/contests';
import { insertProof } from '../helpers/payments';

const t = await createTestDb();
afterAll(() => t.close());

const creator = await createUser(t.db);
const other = await createUser(t.db);
const moderator = await createUser(t.db, { role: 'moderator' });
const admin = await createUser(t.db, { role: 'admin' });

const as = (user?: CreatedUser) => callerFor(t, user).caller;

const FIXED: TPrizeTable = {
  kind: 'fixed',
  rows: [
    { from: 1, to: 1, amount: '500', currency: 'USDT' },
    { from: 2, to: 3, amount: '250', currency: 'USDT' },
  ],
};
const POOL: TPrizeTable = {
  kind: 'pool',
  poolPercentOfFees: '50',
  poolFixed: '1000',
  rows: [
    { from: 1, to: 1, percent: '50', currency: 'USDT' },
    { from: 2, to: 2, percent: '30', currency: 'USDT' },
    { from: 3, to: 3, percent: '20', currency: 'USDT' },
  ],
};

const contest = (extra: Partial<Parameters<typeof insertContest>[1]> = {}) =>
  insertContest(t.db, { createdBy: creator.id, status: 'active', ...extra });

/** A verified (or other) entry-fee proof of `usd` for the contest, from a new member. */
async function fee(contestId: number, usd: string, status: 'verified' | 'pending' | 'rejected') {
  const payer = await createUser(t.db);
  const id = await insertProof(t.db, { userId: payer.id, contestId, status });
  await t.db.update(paymentProofs).set({ amountUsd: usd }).where(eq(paymentProofs.id, id));
}

const ORGANISERS: [string, CreatedUser][] = [
  ['creator', creator],
  ['moderator', moderator],
  ['admin', admin],
];

describe('prizes.set', () => {
  it.each(ORGANISERS)('lets the %s set and clear the table, audited', async (_name, user) => {
    const c = await contest();
    const set = await as(user).prizes.set({ contestId: c.id, table: FIXED });
    expect(set).toEqual({
      contestId: c.id,
      table: FIXED,
      totals: [{ amount: '1000', currency: 'USDT' }],
      summary: 'Prizes: 1,000 USDT, top 3',
    });
    expect((await storedContest(t.db, c.id))!.prizeTable).toEqual(FIXED);
    const cleared = await as(user).prizes.set({ contestId: c.id, table: null });
    expect(cleared).toEqual({ contestId: c.id, table: null, totals: [], summary: null });
    expect((await storedContest(t.db, c.id))!.prizeTable).toBeNull();
    const audits = await t.db
      .select({ before: auditLog.before, after: auditLog.after, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'contest.prizes.set'), eq(auditLog.targetId, String(c.id))));
    expect(audits).toHaveLength(2);
    expect(audits[0]!.actorId).toBe(user.id);
    expect(JSON.parse(String(audits[0]!.before))).toEqual({ prizes: null, table: null });
    expect(JSON.parse(String(audits[0]!.after))).toEqual({
      prizes: 'Prizes: 1,000 USDT, top 3',
      table: FIXED,
    });
  });

  it('is refused to another member (403), signed out (401), and hidden (404)', async () => {
    const c = await contest();
    expect(await refusal(as(other).prizes.set({ contestId: c.id, table: FIXED }))).toEqual({
      code: 'FORBIDDEN',
      reason: 'not_organiser',
      message: PRIZE_MESSAGES.notOrganiser,
    });
    expect(await refusal(as().prizes.set({ contestId: c.id, table: FIXED }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const hidden = await contest({ status: 'pending' });
    expect(
      await refusal(as(other).prizes.set({ contestId: hidden.id, table: FIXED })),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await storedContest(t.db, c.id))!.prizeTable).toBeNull();
    expect((await storedContest(t.db, hidden.id))!.prizeTable).toBeNull();
  });

  it('refuses a change once the contest is completed (409), the table kept', async () => {
    const c = await contest({ status: 'completed', prizeTable: FIXED });
    expect(await refusal(as(admin).prizes.set({ contestId: c.id, table: POOL }))).toEqual({
      code: 'CONFLICT',
      reason: 'contest_completed',
      message: PRIZE_MESSAGES.completed,
    });
    expect((await storedContest(t.db, c.id))!.prizeTable).toEqual(FIXED);
    // The edit refuses it the same way; other fields still change.
    expect(await refusal(as(admin).contests.update({ id: c.id, prizeTable: null }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'contest_completed',
    });
    await as(admin).contests.update({ id: c.id, prize: 'A trophy' });
    expect((await storedContest(t.db, c.id))!.prize).toBe('A trophy');
  });

  it.each([
    [
      'overlapping places',
      { ...FIXED, rows: [...FIXED.rows, { from: 3, to: 4, amount: '1', currency: 'USDT' }] },
      PRIZE_MESSAGES.overlap,
    ],
    [
      'a range ending before it starts',
      { kind: 'fixed', rows: [{ from: 4, to: 2, amount: '1', currency: 'USD' }] },
      PRIZE_MESSAGES.range,
    ],
    [
      'shares over 100 %',
      {
        ...POOL,
        rows: [
          { from: 1, to: 1, percent: '60', currency: 'USDT' },
          // 4-8 at 10 % each is 50 %: 110 % in all.
          { from: 4, to: 8, percent: '10', currency: 'USDT' },
        ],
      },
      PRIZE_MESSAGES.percentTotal,
    ],
    [
      'more decimals than the currency has',
      { kind: 'fixed', rows: [{ from: 1, to: 1, amount: '0.001', currency: 'USD' }] },
      PRIZE_MESSAGES.amountPlaces,
    ],
    [
      'a pool in a coin',
      { ...POOL, rows: [{ from: 1, to: 1, percent: '100', currency: 'ETH' }] },
      PRIZE_MESSAGES.poolCurrency,
    ],
  ])('refuses %s with the field (400), nothing stored', async (_name, table, message) => {
    const c = await contest();
    const refused = await refusal(
      as(creator).prizes.set({ contestId: c.id, table: table as TPrizeTable }),
    );
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message });
    expect((await storedContest(t.db, c.id))!.prizeTable).toBeNull();
  });
});

describe('prizes.get', () => {
  it('counts a pool from verified entry fees only, exactly, rounded down', async () => {
    const c = await contest({ participationType: 'paid', entryFee: '25', prizeTable: POOL });
    await fee(c.id, '1000.10', 'verified');
    await fee(c.id, '499.91', 'verified');
    await fee(c.id, '700.00', 'pending');
    await fee(c.id, '300.00', 'rejected');
    // A verified fee of another contest does not count.
    const elsewhere = await contest();
    await fee(elsewhere.id, '999.00', 'verified');
    // 50 % of 1,500.01 USD = 750.005 USDT, plus 1,000.
    const prizes = await as(other).prizes.get({ contestId: c.id });
    expect(prizes).toEqual({
      contestId: c.id,
      table: POOL,
      totals: [{ amount: '1750.005', currency: 'USDT' }],
      summary: 'Prize pool: 1,750.005 USDT, top 3',
    });
  });

  it('answers whoever may see the contest; hidden is 404; signed out 401', async () => {
    const c = await contest({ prizeTable: FIXED });
    for (const user of [creator, other, moderator, admin]) {
      expect((await as(user).prizes.get({ contestId: c.id })).summary).toBe(
        'Prizes: 1,000 USDT, top 3',
      );
    }
    expect(await refusal(as().prizes.get({ contestId: c.id }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const hidden = await contest({ status: 'pending', prizeTable: FIXED });
    expect(await refusal(as(other).prizes.get({ contestId: hidden.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await as(creator).prizes.get({ contestId: hidden.id })).table).toEqual(FIXED);
    expect((await as(moderator).prizes.get({ contestId: hidden.id })).table).toEqual(FIXED);
    expect(await as(other).prizes.get({ contestId: (await contest()).id })).toMatchObject({
      table: null,
      summary: null,
    });
  });
});

describe('prizeSummary on contests', () => {
  it('is on the contest read, the list items and the admin list', async () => {
    const pool = await contest({
      title: 'Prize pool summary contest',
      participationType: 'paid',
      entryFee: '25',
      prizeTable: POOL,
    });
    await fee(pool.id, '1500.00', 'verified');
    const fixed = await contest({ prizeTable: FIXED });
    const none = await contest();
    expect((await as(other).contests.get({ idOrSlug: pool.id })).prizeSummary).toBe(
      'Prize pool: 1,750 USDT, top 3',
    );
    expect((await as(other).contests.get({ idOrSlug: none.id })).prizeSummary).toBeNull();
    const list = await as(other).contests.list({ tab: 'all', pageSize: 100 });
    const summaryOf = (id: number) => list.items.find((item) => item.id === id)?.prizeSummary;
    expect(summaryOf(pool.id)).toBe('Prize pool: 1,750 USDT, top 3');
    expect(summaryOf(fixed.id)).toBe('Prizes: 1,000 USDT, top 3');
    expect(summaryOf(none.id)).toBeNull();
    expect(list.items[0]).not.toHaveProperty('prizeTable');
    const adminList = await as(admin).contests.adminList({ search: 'Prize pool summary' });
    expect(adminList.items.map((item) => item.prizeSummary)).toEqual([
      'Prize pool: 1,750 USDT, top 3',
    ]);
  });
});

describe('prizeTable through contests.create and contests.update', () => {
  it('stores the table the wizard sends, and an edit replaces or clears it', async () => {
    const created = await as(admin).contests.create(createInput({ prizeTable: FIXED }));
    expect(created.prizeSummary).toBe('Prizes: 1,000 USDT, top 3');
    expect((await storedContest(t.db, created.id))!.prizeTable).toEqual(FIXED);
    const updated = await as(admin).contests.update({ id: created.id, prizeTable: POOL });
    expect(updated.prizeSummary).toBe('Prize pool: 1,000 USDT, top 3');
    expect((await storedContest(t.db, created.id))!.prizeTable).toEqual(POOL);
    // An edit that does not send it keeps it.
    await as(admin).contests.update({ id: created.id, prize: 'Cash' });
    expect((await storedContest(t.db, created.id))!.prizeTable).toEqual(POOL);
    const cleared = await as(admin).contests.update({ id: created.id, prizeTable: null });
    expect(cleared.prizeSummary).toBeNull();
    expect((await storedContest(t.db, created.id))!.prizeTable).toBeNull();
  });

  it('is kept by a saved draft, and submitted with it', async () => {
    const draft = await as(creator).contests.saveDraft({ title: 'Prize Draft', prizeTable: FIXED });
    expect((await storedContest(t.db, draft.id))!.prizeTable).toEqual(FIXED);
    // Saving again without it keeps it; with null clears it.
    await as(creator).contests.saveDraft({ id: draft.id, title: 'Prize Draft' });
    expect((await storedContest(t.db, draft.id))!.prizeTable).toEqual(FIXED);
    await as(creator).contests.saveDraft({ id: draft.id, title: 'Prize Draft', prizeTable: null });
    expect((await storedContest(t.db, draft.id))!.prizeTable).toBeNull();
  });

  it('refuses a bad table on create with the field', async () => {
    const refused = await refusal(
      as(creator).contests.create(
        createInput({
          prizeTable: {
            kind: 'fixed',
            rows: [{ from: 1, to: 1, amount: '1.001', currency: 'USD' }],
          },
        }),
      ),
    );
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: PRIZE_MESSAGES.amountPlaces });
  });
});
