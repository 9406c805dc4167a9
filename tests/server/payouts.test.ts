// Paying the winners (issue 30): the lines confirmed results make (with the winner's method, or
// awaiting one), each admin step and refusal per role, the masking of methods, exact totals, the
// CSV, yearly totals, two concurrent 'sent' calls, hash uniqueness, a deleted member's record, a
// saved method reaching the lines, and the reminders' and forfeits' round.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  notifications,
  payoutMethods,
  payouts,
  users,
} from '../../src/server/platform/db/schema';
import {
  createPayoutLines,
  payoutReminderRound,
  removeContestLines,
  updatePayout,
  type NewPayoutLine,
} from '../../src/server/domain/payouts';
import { updatePlatformSettings } from '../../src/server/domain/settings';
import { PAYOUT_MESSAGES } from '../../src/shared/payouts';
import { RESULT_MESSAGES } from '../../src/shared/schemas/results';
import { txHashFormatMessage } from '../../src/shared/payments';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { insertContest } from '../helpers/contests';
import { dialect } from '../../src/server/platform/db/dialectChoice';

const t = await createTestDb();
afterAll(() => t.close());

const approver = await createUser(t.db, { role: 'admin' });
const sender = await createUser(t.db, { role: 'admin' });
const third = await createUser(t.db, { role: 'admin' });
const moderator = await createUser(t.db, { role: 'moderator' });
const other = await createUser(t.db);

const as = (user?: CreatedUser) => callerFor(t, user).caller;
const system = { id: approver.id, username: approver.username, role: 'admin' as const };

const ETH_ADDRESS = `0x${'ab'.repeat(20)}`;
let hashes = 0;
/** A fresh Ethereum transaction hash (upper case, with 0x: stored normalised). */
const ethHash = () => `0x${(++hashes).toString(16).padStart(64, 'A')}`;

async function withCrypto(user: CreatedUser) {
  await t.db.insert(payoutMethods).values({
    userId: user.id,
    paymentMethod: 'crypto',
    cryptoAddress: ETH_ADDRESS,
    cryptoCurrency: 'USDT',
  });
}

async function withBank(user: CreatedUser) {
  await t.db.insert(payoutMethods).values({
    userId: user.id,
    paymentMethod: 'bank',
    accountName: 'Ada Lovelace',
    accountNumber: '12345678',
    bankName: 'First Bank',
  });
}

/** A new winner (with `method` set up) and their line of a new contest; answers both. */
async function lineOf(
  method: 'crypto' | 'bank' | 'none',
  line: Partial<NewPayoutLine> = {},
): Promise<{ winner: CreatedUser; id: number; contestId: number }> {
  const winner = await createUser(t.db);
  if (method === 'crypto') await withCrypto(winner);
  if (method === 'bank') await withBank(winner);
  const contest = await insertContest(t.db, { createdBy: approver.id, status: 'completed' });
  await t.db.transaction((tx) =>
    createPayoutLines(tx, {
      contestId: contest.id,
      contestTitle: contest.title,
      contestSlug: contest.slug,
      lines: [
        {
          userId: winner.id,
          username: winner.username,
          teamName: null,
          place: 2,
          placeText: '2nd',
          amount: '300',
          currency: 'USDT',
          ...line,
        },
      ],
    }),
  );
  const [row] = await t.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.contestId, contest.id), eq(payouts.userId, winner.id)));
  return { winner, id: row!.id, contestId: contest.id };
}

const approve = (id: number, by = approver) => as(by).payouts.update({ id, status: 'approved' });
const send = (id: number, reference = ethHash(), by = sender) =>
  as(by).payouts.update({ id, status: 'sent', network: 'ETH', reference });

const noticesOf = (user: CreatedUser) =>
  t.db
    .select({ title: notifications.title, body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'payout_update')))
    .orderBy(notifications.id);

const auditsOf = (id: number) =>
  t.db
    .select({ action: auditLog.action, actorName: auditLog.actorName })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'payout'), eq(auditLog.targetId, String(id))))
    .orderBy(auditLog.id);

describe('createPayoutLines', () => {
  it('makes a ready line with the method snapshot and tells the winner it is being prepared', async () => {
    const { winner, id } = await lineOf('crypto');
    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, id));
    expect(row).toMatchObject({ status: 'ready', amount: '300', currency: 'USDT' });
    expect(row!.method).toMatchObject({ paymentMethod: 'crypto', cryptoAddress: ETH_ADDRESS });
    const [notice] = await noticesOf(winner);
    expect(notice!.title).toBe('Your prize is being prepared');
    expect(notice!.body).toContain('2nd place, 300 USDT');
  });

  it('makes an awaiting_method line without a method and asks the winner for one', async () => {
    const { winner, id } = await lineOf('none');
    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, id));
    expect(row).toMatchObject({ status: 'awaiting_method', method: null });
    const [notice] = await noticesOf(winner);
    expect(notice).toMatchObject({ title: 'Add a payout method', link: '/settings?tab=payment' });
  });

  it('makes no second line when results are confirmed twice', async () => {
    const { winner, contestId } = await lineOf('crypto');
    await t.db.transaction((tx) =>
      createPayoutLines(tx, {
        contestId,
        contestTitle: 'Again',
        contestSlug: 'again',
        lines: [
          {
            userId: winner.id,
            username: winner.username,
            teamName: null,
            place: 2,
            placeText: '2nd',
            amount: '300',
            currency: 'USDT',
          },
        ],
      }),
    );
    expect(await t.db.select().from(payouts).where(eq(payouts.userId, winner.id))).toHaveLength(1);
    expect(await noticesOf(winner)).toHaveLength(1);
  });
});

describe('removeContestLines', () => {
  it('removes lines nobody has started on', async () => {
    const { contestId } = await lineOf('crypto');
    await t.db.transaction((tx) => removeContestLines(tx, { contestId }));
    expect(await t.db.select().from(payouts).where(eq(payouts.contestId, contestId))).toEqual([]);
  });

  it('refuses once a line is approved (409 payouts_started)', async () => {
    const { id, contestId } = await lineOf('crypto');
    await approve(id);
    await expect(
      t.db.transaction((tx) => removeContestLines(tx, { contestId })),
    ).rejects.toMatchObject({
      reason: 'payouts_started',
      message: RESULT_MESSAGES.payouts_started,
    });
  });
});

describe('payouts.update', () => {
  it('approves, then another admin marks it sent with its hash; audited, the winner told', async () => {
    const { winner, id } = await lineOf('crypto');
    const approved = await approve(id);
    expect(approved).toMatchObject({ status: 'approved', approvedBy: approver.username });
    expect(approved.approvedAt).toBeInstanceOf(Date);
    const hash = ethHash();
    const sent = await send(id, hash);
    expect(sent).toMatchObject({
      status: 'sent',
      network: 'ETH',
      reference: hash.toLowerCase(),
      explorerUrl: `https://etherscan.io/tx/${hash.toLowerCase()}`,
      sentBy: sender.username,
      method: `USDT to ${ETH_ADDRESS}`,
    });
    expect((await auditsOf(id)).map((a) => a.action)).toEqual(['payout.approved', 'payout.sent']);
    const told = await noticesOf(winner);
    expect(told.at(-1)!.body).toContain(`2nd place, 300 USDT in `);
    expect(told.at(-1)!.body).toContain(`: sent, tx ${hash.toLowerCase()}`);
  });

  it('refuses the approver marking it sent (409 same_admin) unless one admin is allowed', async () => {
    const { id } = await lineOf('crypto');
    await approve(id);
    expect(await refusal(send(id, ethHash(), approver))).toMatchObject({
      code: 'CONFLICT',
      reason: 'same_admin',
      message: PAYOUT_MESSAGES.same_admin,
    });
    await updatePlatformSettings({ db: t.db, actor: system, input: { payoutsOneAdmin: true } });
    try {
      expect(await send(id, ethHash(), approver)).toMatchObject({ status: 'sent' });
    } finally {
      await updatePlatformSettings({ db: t.db, actor: system, input: { payoutsOneAdmin: false } });
    }
  });

  it('refuses a second sent (409 already_sent) and a step the status does not allow', async () => {
    const { id } = await lineOf('crypto');
    expect(await refusal(send(id))).toMatchObject({
      reason: 'wrong_status',
      message: PAYOUT_MESSAGES.wrong_status('ready', 'sent'),
    });
    await approve(id);
    await send(id);
    expect(await refusal(send(id))).toMatchObject({
      code: 'CONFLICT',
      reason: 'already_sent',
      message: PAYOUT_MESSAGES.already_sent,
    });
    expect(await refusal(as(third).payouts.update({ id, status: 'forfeited' }))).toMatchObject({
      reason: 'wrong_status',
    });
  });

  it('sends exactly once when two admins mark it sent at the same time', async () => {
    const { id } = await lineOf('crypto');
    await approve(id);
    const results = await Promise.allSettled([
      send(id, ethHash(), sender),
      send(id, ethHash(), third),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected')!;
    expect(await refusal(Promise.reject((failed as PromiseRejectedResult).reason))).toMatchObject({
      code: 'CONFLICT',
      reason: 'already_sent',
    });
    expect((await auditsOf(id)).filter((a) => a.action === 'payout.sent')).toHaveLength(1);
  });

  it('sends once when both transactions read the approved line before either writes', async () => {
    const { id } = await lineOf('crypto');
    await approve(id);
    // PostgreSQL runs the two transactions side by side: each waits until both have begun, so
    // both read 'approved' and only the conditional UPDATE tells them apart. SQLite has one
    // writer at a time: the second begins once the first committed.
    let arrive = () => {};
    const bothBegun = new Promise<void>((resolve) => {
      let begun = 0;
      arrive = () => {
        if (++begun === 2) resolve();
      };
    });
    const sendIn = (admin: CreatedUser) =>
      t.db.transaction(async (tx) => {
        arrive();
        if (dialect === 'pg') await bothBegun;
        return updatePayout(
          tx,
          { id: admin.id, username: admin.username, role: 'admin' },
          {
            id,
            status: 'sent',
            network: 'ETH',
            reference: ethHash(),
          },
        );
      });
    const results = await Promise.allSettled([sendIn(sender), sendIn(third)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { reason: 'already_sent', code: 'CONFLICT' },
    });
    const [line] = await t.db.select().from(payouts).where(eq(payouts.id, id));
    expect(line!.status).toBe('sent');
  });

  it('refuses a hash another payout recorded, in any letter case (409 tx_hash_used)', async () => {
    const first = await lineOf('crypto');
    const second = await lineOf('crypto');
    await approve(first.id);
    await approve(second.id);
    const hash = ethHash();
    await send(first.id, hash);
    expect(await refusal(send(second.id, hash.replace(/^0x/, '').toLowerCase()))).toMatchObject({
      code: 'CONFLICT',
      reason: 'tx_hash_used',
      message: PAYOUT_MESSAGES.tx_hash_used,
    });
  });

  it('refuses one of two lines sent at once with the same hash (the unique index decides)', async () => {
    const first = await lineOf('crypto');
    const second = await lineOf('crypto');
    await approve(first.id);
    await approve(second.id);
    const hash = ethHash();
    // On PostgreSQL both transactions pass the hash check before either writes (as in the race
    // above): the unique index refuses the second, answered as tx_hash_used, not a 500.
    let arrive = () => {};
    const bothBegun = new Promise<void>((resolve) => {
      let begun = 0;
      arrive = () => {
        if (++begun === 2) resolve();
      };
    });
    const sendIn = (id: number) =>
      t.db.transaction(async (tx) => {
        arrive();
        if (dialect === 'pg') await bothBegun;
        return updatePayout(
          tx,
          { id: sender.id, username: sender.username, role: 'admin' },
          { id, status: 'sent', network: 'ETH', reference: hash },
        );
      });
    const results = await Promise.allSettled([sendIn(first.id), sendIn(second.id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { reason: 'tx_hash_used', code: 'CONFLICT' },
    });
  });

  it("checks the hash per network and asks for a crypto line's network", async () => {
    const { id } = await lineOf('crypto');
    await approve(id);
    expect(
      await refusal(
        as(sender).payouts.update({ id, status: 'sent', network: 'BTC', reference: '0x1234' }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: txHashFormatMessage('BTC') });
    expect(
      await refusal(as(sender).payouts.update({ id, status: 'sent', reference: 'abc123' })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: PAYOUT_MESSAGES.networkRequired });
  });

  it("records a bank line's reference", async () => {
    const { id } = await lineOf('bank');
    await approve(id);
    const sent = await as(sender).payouts.update({ id, status: 'sent', reference: 'WIRE-2026-1' });
    expect(sent).toMatchObject({ network: null, reference: 'WIRE-2026-1', explorerUrl: null });
  });

  it('marks failed with a reason (required), approves again, forfeits with an optional one', async () => {
    const { winner, id } = await lineOf('crypto');
    await approve(id);
    expect(await refusal(as(sender).payouts.update({ id, status: 'failed' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: PAYOUT_MESSAGES.reasonRequired,
    });
    expect(
      await as(sender).payouts.update({ id, status: 'failed', reason: 'Address rejected' }),
    ).toMatchObject({ status: 'failed', reason: 'Address rejected' });
    expect((await noticesOf(winner)).at(-1)!.body).toContain('failed: Address rejected');
    expect(await approve(id, third)).toMatchObject({ status: 'approved', reason: null });
    await as(sender).payouts.update({ id, status: 'failed', reason: 'Again' });
    expect(await as(sender).payouts.update({ id, status: 'forfeited' })).toMatchObject({
      status: 'forfeited',
      reason: null,
    });
    expect((await auditsOf(id)).map((a) => a.action)).toEqual([
      'payout.approved',
      'payout.failed',
      'payout.approved',
      'payout.failed',
      'payout.forfeited',
    ]);
  });

  it('answers 404 for a missing line and refuses members and moderators', async () => {
    expect(
      await refusal(as(sender).payouts.update({ id: 999999, status: 'approved' })),
    ).toMatchObject({ code: 'NOT_FOUND', message: PAYOUT_MESSAGES.notFound });
    const { winner, id } = await lineOf('crypto');
    for (const user of [winner, moderator, other]) {
      expect((await refusal(as(user).payouts.update({ id, status: 'approved' }))).code).toBe(
        'FORBIDDEN',
      );
    }
  });
});

describe('payouts.confirmReceived', () => {
  it("lets the winner confirm their sent line, audited; refuses others' and unsent lines", async () => {
    const { winner, id } = await lineOf('crypto');
    expect(await refusal(as(winner).payouts.confirmReceived({ id }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'not_sent',
    });
    await approve(id);
    await send(id);
    expect(await refusal(as(other).payouts.confirmReceived({ id }))).toMatchObject({
      code: 'FORBIDDEN',
      message: PAYOUT_MESSAGES.notYours,
    });
    expect((await refusal(as(other).payouts.confirmReceived({ id: 999999 }))).code).toBe(
      'NOT_FOUND',
    );
    const confirmed = await as(winner).payouts.confirmReceived({ id });
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.confirmedAt).toBeInstanceOf(Date);
    expect((await auditsOf(id)).at(-1)).toEqual({
      action: 'payout.confirmed',
      actorName: winner.username,
    });
  });
});

describe('payouts.list', () => {
  it('shows a member only their own lines, the method masked; an admin every line, whole', async () => {
    const { winner, id } = await lineOf('crypto');
    const mine = await as(winner).payouts.list({});
    expect(mine.items.map((p) => p.id)).toEqual([id]);
    expect(mine.items[0]!.method).toBe('USDT to 0xab…abab');
    // A member's filters apply within their own lines.
    expect((await as(winner).payouts.list({ userId: other.id })).items).toEqual([]);
    const all = await as(sender).payouts.list({ userId: winner.id });
    expect(all.items[0]!.method).toBe(`USDT to ${ETH_ADDRESS}`);
    expect((await as(sender).payouts.list({ pageSize: 100 })).total).toBeGreaterThan(1);
  });

  it('totals every filtered line exactly, not only the page', async () => {
    const contest = await insertContest(t.db, { createdBy: approver.id, status: 'completed' });
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const c = await createUser(t.db);
    const line = (user: CreatedUser, amount: string, currency: 'USDT' | 'ETH') => ({
      userId: user.id,
      username: user.username,
      teamName: null,
      place: 1,
      placeText: '1st',
      amount,
      currency,
    });
    await t.db.transaction((tx) =>
      createPayoutLines(tx, {
        contestId: contest.id,
        contestTitle: contest.title,
        contestSlug: contest.slug,
        lines: [
          line(a, '0.1', 'USDT'),
          line(b, '0.2', 'USDT'),
          line(c, '0.000000000000000001', 'ETH'),
          line(a, '1.000000000000000002', 'ETH'),
        ],
      }),
    );
    const page = await as(sender).payouts.list({ contestId: contest.id, pageSize: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(4);
    expect(page.totals).toEqual([
      { amount: '0.3', currency: 'USDT' },
      { amount: '1.000000000000000003', currency: 'ETH' },
    ]);
    expect(
      (await as(sender).payouts.list({ contestId: contest.id, status: 'sent' })).totals,
    ).toEqual([]);
  });

  it("keeps a deleted member's line, shown as 'Deleted user'", async () => {
    const { winner, id, contestId } = await lineOf('crypto');
    await t.db.delete(users).where(eq(users.id, winner.id));
    const list = await as(sender).payouts.list({ contestId });
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ id, userId: null, username: 'Deleted user' });
  });
});

describe('payouts.csv', () => {
  it('exports the filtered lines with a header, quoted and safe from formulas', async () => {
    const contest = await insertContest(t.db, {
      createdBy: approver.id,
      status: 'completed',
      title: '=HYPERLINK("x"), "quoted"',
    });
    const winner = await createUser(t.db);
    await withBank(winner);
    await t.db.transaction((tx) =>
      createPayoutLines(tx, {
        contestId: contest.id,
        contestTitle: contest.title,
        contestSlug: contest.slug,
        lines: [
          {
            userId: winner.id,
            username: winner.username,
            teamName: '@team, one',
            place: 1,
            placeText: '1st',
            amount: '12.5',
            currency: 'USD',
          },
        ],
      }),
    );
    const csv = await as(sender).payouts.csv({ contestId: contest.id });
    const rows = csv.split('\r\n');
    expect(rows[0]).toBe(
      'id,contest,member,team,place,amount,currency,status,method,network,reference,reason,approved by,approved at,sent by,sent at,created at',
    );
    expect(rows).toHaveLength(3);
    expect(rows[2]).toBe('');
    expect(rows[1]).toMatch(
      new RegExp(
        `^\\d+,"'=HYPERLINK\\(""x""\\), ""quoted""",${winner.username},"'@team, one",1st,12.5,USD,ready,Bank First Bank 12345678,,,,,,,,\\d{4}-`,
      ),
    );
    expect((await refusal(as(other).payouts.csv({}))).code).toBe('FORBIDDEN');
  });
});

describe('payouts.yearly', () => {
  it("sums a member's sent and received lines per year and currency", async () => {
    const winner = await createUser(t.db);
    await withCrypto(winner);
    const ids: number[] = [];
    for (const [amount, currency] of [
      ['0.1', 'USDT'],
      ['0.2', 'USDT'],
      ['5', 'USDC'],
    ] as const) {
      const contest = await insertContest(t.db, { createdBy: approver.id, status: 'completed' });
      await t.db.transaction((tx) =>
        createPayoutLines(tx, {
          contestId: contest.id,
          contestTitle: contest.title,
          contestSlug: contest.slug,
          lines: [
            {
              userId: winner.id,
              username: winner.username,
              teamName: null,
              place: 1,
              placeText: '1st',
              amount,
              currency,
            },
          ],
        }),
      );
      const [row] = await t.db
        .select({ id: payouts.id })
        .from(payouts)
        .where(eq(payouts.contestId, contest.id));
      ids.push(row!.id);
    }
    expect(await as(sender).payouts.yearly({ userId: winner.id })).toEqual({
      userId: winner.id,
      username: winner.username,
      years: [],
    });
    for (const id of ids.slice(0, 2)) {
      await approve(id);
      await send(id);
    }
    await t.db
      .update(payouts)
      .set({ sentAt: new Date('2025-06-01T00:00:00Z') })
      .where(eq(payouts.id, ids[0]!));
    const year = new Date().getUTCFullYear();
    expect((await as(sender).payouts.yearly({ userId: winner.id })).years).toEqual([
      { year, totals: [{ amount: '0.2', currency: 'USDT' }] },
      { year: 2025, totals: [{ amount: '0.1', currency: 'USDT' }] },
    ]);
    expect((await refusal(as(sender).payouts.yearly({ userId: 999999 }))).code).toBe('NOT_FOUND');
    expect((await refusal(as(winner).payouts.yearly({ userId: winner.id }))).code).toBe(
      'FORBIDDEN',
    );
  });
});

describe('a saved payout method', () => {
  it('makes awaiting lines ready with the new method, and refreshes ready ones', async () => {
    const { winner, id } = await lineOf('none');
    const ready = await lineOf('bank');
    await as(winner).account.updatePayment({
      paymentMethod: 'paypal',
      paypalEmail: 'ada@example.com',
      userId: winner.id,
    });
    const [mine] = (await as(winner).payouts.list({})).items;
    expect(mine).toMatchObject({ id, status: 'ready', method: 'PayPal a…@example.com' });
    expect((await noticesOf(winner)).at(-1)!.title).toBe('Your prize is being prepared');
    await as(ready.winner).account.updatePayment({
      paymentMethod: 'paypal',
      paypalEmail: 'bob@example.com',
      userId: ready.winner.id,
    });
    const [theirs] = (await as(sender).payouts.list({ userId: ready.winner.id })).items;
    expect(theirs!.method).toBe('PayPal bob@example.com');
  });
});

describe('the reminders round', () => {
  const DAY = 24 * 3600 * 1000;

  it('reminds after 3 and 7 days, once each, then forfeits after the claim days', async () => {
    const { winner, id } = await lineOf('none');
    const [row] = await t.db
      .select({ createdAt: payouts.createdAt })
      .from(payouts)
      .where(eq(payouts.id, id));
    const start = row!.createdAt.getTime();
    const remindersOf = async () =>
      (await noticesOf(winner)).filter((n) => n.title.startsWith('Reminder')).length;
    await payoutReminderRound({ db: t.db, now: start + 2 * DAY });
    expect(await remindersOf()).toBe(0);
    await payoutReminderRound({ db: t.db, now: start + 3 * DAY });
    await payoutReminderRound({ db: t.db, now: start + 4 * DAY });
    expect(await remindersOf()).toBe(1);
    await payoutReminderRound({ db: t.db, now: start + 7 * DAY });
    await payoutReminderRound({ db: t.db, now: start + 8 * DAY });
    expect(await remindersOf()).toBe(2);
    await payoutReminderRound({ db: t.db, now: start + 29 * DAY });
    expect((await t.db.select().from(payouts).where(eq(payouts.id, id)))[0]!.status).toBe(
      'awaiting_method',
    );
    await payoutReminderRound({ db: t.db, now: start + 30 * DAY });
    const [line] = await t.db.select().from(payouts).where(eq(payouts.id, id));
    expect(line).toMatchObject({
      status: 'forfeited',
      reason: 'Not claimed within 30 days',
      reminders: 2,
    });
    expect(await auditsOf(id)).toEqual([{ action: 'payout.forfeited', actorName: 'system' }]);
    expect((await noticesOf(winner)).at(-1)!.title).toBe('Your prize was forfeited');
  });
});
