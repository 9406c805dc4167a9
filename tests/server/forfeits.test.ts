// A forfeited prize (issue 30 'Payouts'): the organiser is asked, then decides once: kept, or
// passed to the next place (the best placed entrants without a prize share it, exactly, the
// rounding stated), with new payout lines that follow the flow and the standings showing the
// prize. Each refusal with its status; two decisions at once: one is recorded.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { payoutReminderRound } from '../../src/server/domain/payouts';
import { auditLog, notifications, payouts } from '../../src/server/platform/db/schema';
import { PAYOUT_MESSAGES } from '../../src/shared/payouts';
import type { TPrizeTable } from '../../src/shared/schemas/prizes';
import { DAY, insertContest } from '../helpers/contests';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';

const t = await createTestDb();
afterAll(() => t.close());

const admin = await createUser(t.db, { role: 'admin' });
const as = (user?: CreatedUser) => callerFor(t, user).caller;

const TOP_TWO: TPrizeTable = {
  kind: 'fixed',
  rows: [
    { from: 1, to: 1, amount: '100', currency: 'USD' },
    { from: 2, to: 2, amount: '50', currency: 'USD' },
  ],
};

/** A scored contest of its own organiser, one member per score, its results confirmed. */
async function confirmedContest(scores: number[], prizeTable: TPrizeTable = TOP_TWO) {
  const organiser = await createUser(t.db);
  const started = new Date(Date.now() - 2 * DAY);
  const contest = await insertContest(t.db, {
    createdBy: organiser.id,
    startDate: started,
    registrationDeadline: started,
    prizeTable,
  });
  const members: CreatedUser[] = [];
  for (const score of scores) {
    const m = await createUser(t.db);
    await addParticipant({ db: t.db, contestId: contest.id, userId: m.id, score });
    members.push(m);
  }
  await as(organiser).results.confirm({ contestId: contest.id });
  return { contest, organiser, members };
}

async function lineOf(contestId: number, user: CreatedUser) {
  const [line] = await t.db
    .select({ id: payouts.id, amount: payouts.amount, status: payouts.status })
    .from(payouts)
    .where(and(eq(payouts.contestId, contestId), eq(payouts.userId, user.id)));
  return line;
}

/** An admin forfeits the member's line; answers its id. */
async function forfeited(contestId: number, winner: CreatedUser) {
  const line = (await lineOf(contestId, winner))!;
  await as(admin).payouts.update({ id: line.id, status: 'forfeited', reason: 'Never answered' });
  return line.id;
}

const forfeitNotices = (user: CreatedUser) =>
  t.db
    .select({ title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(
      and(eq(notifications.userId, user.id), eq(notifications.title, 'A prize was forfeited')),
    );

describe('a forfeited prize', () => {
  it('the organiser is asked, sees it in the results, and passes it to the next place', async () => {
    const { contest, organiser, members } = await confirmedContest([30, 20, 10, 5]);
    const [first, , third] = members as [CreatedUser, CreatedUser, CreatedUser, CreatedUser];
    const id = await forfeited(contest.id, first);
    expect(await forfeitNotices(organiser)).toEqual([
      expect.objectContaining({ body: expect.stringContaining(`${first.username}'s prize`) }),
    ]);
    const results = await as(organiser).results.get({ contestId: contest.id });
    expect(results.forfeits).toEqual([
      {
        payoutId: id,
        username: first.username,
        placeText: '1st',
        amount: '100',
        currency: 'USD',
        decision: null,
      },
    ]);
    // Others do not see the organiser's list.
    expect((await as(third).results.get({ contestId: contest.id })).forfeits).toEqual([]);

    const decided = await as(organiser).payouts.decideForfeit({ id, decision: 'passed' });
    expect(decided.payout).toMatchObject({ id, status: 'forfeited', forfeitDecision: 'passed' });
    expect(decided.passedTo).toEqual([
      expect.objectContaining({
        userId: third.id,
        placeText: '3rd',
        amount: '100',
        currency: 'USD',
        status: 'awaiting_method',
        passedFromId: id,
      }),
    ]);
    // The standings show the prize; the new winner is asked for a payout method.
    const after = await as(third).results.get({ contestId: contest.id });
    expect(after.standings.find((s) => s.userId === third.id)?.prize).toEqual({
      amount: '100',
      currency: 'USD',
    });
    const [asked] = await t.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, third.id), eq(notifications.kind, 'payout_update')));
    expect(asked?.title).toBe('Add a payout method');
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'payout'), eq(auditLog.targetId, String(id))))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(['payout.forfeited', 'payout.forfeit_passed']);
    // Decided once.
    expect(
      await refusal(as(organiser).payouts.decideForfeit({ id, decision: 'kept' })),
    ).toMatchObject({ code: 'CONFLICT', message: PAYOUT_MESSAGES.alreadyDecided });
  });

  it('entrants tied at the next place share it, rounded down, the rest stated', async () => {
    const { contest, organiser, members } = await confirmedContest([30, 20, 10, 10, 10]);
    const id = await forfeited(contest.id, members[1]!);
    const decided = await as(organiser).payouts.decideForfeit({ id, decision: 'passed' });
    expect(decided.passedTo.map((p) => [p.userId, p.amount, p.placeText])).toEqual(
      members.slice(2).map((m) => [m.id, '16.66', '3rd-5th']),
    );
    const results = await as(organiser).results.get({ contestId: contest.id });
    expect(results.remainder).toEqual([{ amount: '0.02', currency: 'USD' }]);
  });

  it('a prize too small to share among those tied is refused (409), and can still be kept', async () => {
    const cent: TPrizeTable = {
      kind: 'fixed',
      rows: [{ from: 1, to: 1, amount: '0.01', currency: 'USD' }],
    };
    const { contest, organiser, members } = await confirmedContest([30, 10, 10], cent);
    const id = await forfeited(contest.id, members[0]!);
    expect(
      await refusal(as(organiser).payouts.decideForfeit({ id, decision: 'passed' })),
    ).toMatchObject({ code: 'CONFLICT', message: PAYOUT_MESSAGES.prizeTooSmall(2) });
    const kept = await as(organiser).payouts.decideForfeit({ id, decision: 'kept' });
    expect(kept.payout.forfeitDecision).toBe('kept');
  });

  it('kept: nobody else is paid', async () => {
    const { contest, organiser, members } = await confirmedContest([30, 20, 10]);
    const id = await forfeited(contest.id, members[0]!);
    const decided = await as(organiser).payouts.decideForfeit({ id, decision: 'kept' });
    expect(decided).toMatchObject({ payout: { forfeitDecision: 'kept' }, passedTo: [] });
    expect(await lineOf(contest.id, members[2]!)).toBeUndefined();
    const results = await as(organiser).results.get({ contestId: contest.id });
    expect(results.forfeits[0]?.decision).toBe('kept');
  });

  it('refuses: another member 403, a line not forfeited 409, nobody left 409, unknown 404', async () => {
    const { contest, organiser, members } = await confirmedContest([30, 20]);
    const [first, second] = members as [CreatedUser, CreatedUser];
    const open = (await lineOf(contest.id, second))!.id;
    expect(
      await refusal(as(organiser).payouts.decideForfeit({ id: open, decision: 'kept' })),
    ).toMatchObject({ code: 'CONFLICT', message: PAYOUT_MESSAGES.notForfeited });
    const id = await forfeited(contest.id, first);
    for (const who of [first, second]) {
      expect((await refusal(as(who).payouts.decideForfeit({ id, decision: 'kept' }))).code).toBe(
        'FORBIDDEN',
      );
    }
    // Everyone placed has a prize: nobody is left to take it, and nothing is recorded.
    expect(
      await refusal(as(organiser).payouts.decideForfeit({ id, decision: 'passed' })),
    ).toMatchObject({ code: 'CONFLICT', message: PAYOUT_MESSAGES.noNextPlace });
    expect((await as(organiser).results.get({ contestId: contest.id })).forfeits[0]?.decision).toBe(
      null,
    );
    expect(
      (await refusal(as(organiser).payouts.decideForfeit({ id: 999_999, decision: 'kept' }))).code,
    ).toBe('NOT_FOUND');
    // An admin decides as an organiser may.
    const kept = await as(admin).payouts.decideForfeit({ id, decision: 'kept' });
    expect(kept.payout.forfeitDecision).toBe('kept');
  });

  it('two decisions at once: exactly one is recorded', async () => {
    const { contest, organiser, members } = await confirmedContest([30, 20, 10, 5]);
    const id = await forfeited(contest.id, members[0]!);
    const outcomes = await Promise.allSettled([
      as(organiser).payouts.decideForfeit({ id, decision: 'passed' }),
      as(admin).payouts.decideForfeit({ id, decision: 'kept' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const lines = await t.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(eq(payouts.passedFromId, id));
    const winner = outcomes.find((o) => o.status === 'fulfilled');
    expect(lines.length).toBe(winner?.status === 'fulfilled' ? winner.value.passedTo.length : -1);
  });

  it('a prize unclaimed in time is forfeited by the round, and the organiser asked', async () => {
    const { contest, organiser, members } = await confirmedContest([30, 20, 10]);
    const later = Date.now() + 31 * DAY;
    await payoutReminderRound({ db: t.db, now: later });
    expect((await lineOf(contest.id, members[0]!))?.status).toBe('forfeited');
    expect((await forfeitNotices(organiser)).length).toBe(2);
  });
});
