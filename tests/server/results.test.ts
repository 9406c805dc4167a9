// A contest's final results (issue 30 'Closing a contest', 'Prizes from places'): standings frozen
// from a scored board (ties sharing the prizes of the places they occupy, the disqualified skipped
// and the rest moved up), from a knockout's places and from a team contest (the team's prize split
// among its members), what blocks a freeze (the contest not ended, a match unfinished, unreviewed
// or disputed), each refusal with its status, reopening with a reason, the freeze job, and the
// confirmation (payout lines, certificates, notices).
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { freezeCompletedContests } from '../../src/server/domain/results';
import {
  auditLog,
  certificates,
  contestParticipants,
  contestResults,
  contests,
  notifications,
  payouts,
  teamMembers,
  teams,
} from '../../src/server/platform/db/schema';
import { RESULT_MESSAGES, type TResults } from '../../src/shared/schemas/results';
import type { TPrizeTable } from '../../src/shared/schemas/prizes';
import type { TTournamentSettingsInput } from '../../src/shared/schemas/tournaments';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { DAY, insertContest, storedContest } from '../helpers/contests';

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
    { from: 2, to: 2, amount: '300', currency: 'USDT' },
    { from: 3, to: 3, amount: '100', currency: 'USDT' },
  ],
};

/** A scored contest by `creator`, started two days ago (live), with one member per score. */
async function scoredContest(
  scores: (number | null)[],
  extra: Partial<Parameters<typeof insertContest>[1]> = {},
) {
  const started = new Date(Date.now() - 2 * DAY);
  const contest = await insertContest(t.db, {
    createdBy: creator.id,
    startDate: started,
    registrationDeadline: started,
    prizeTable: FIXED,
    ...extra,
  });
  const members: CreatedUser[] = [];
  for (const score of scores) {
    const member = await createUser(t.db);
    await addParticipant({ db: t.db, contestId: contest.id, userId: member.id, score });
    members.push(member);
  }
  return { contest, members };
}

/** A knockout by `creator` with `n` members, its bracket generated in join order. */
async function knockout(n: number, tournament: TTournamentSettingsInput = {}) {
  const contest = await insertContest(t.db, {
    createdBy: creator.id,
    format: 'knockout',
    tournament,
    registrationDeadline: new Date(Date.now() - 60_000),
    prizeTable: {
      kind: 'fixed',
      rows: [
        { from: 1, to: 1, amount: '100', currency: 'USD' },
        { from: 2, to: 2, amount: '50', currency: 'USD' },
        { from: 3, to: 3, amount: '20', currency: 'USD' },
      ],
    },
  });
  const members: CreatedUser[] = [];
  for (let i = 0; i < n; i++) {
    const member = await createUser(t.db);
    await addParticipant({ db: t.db, contestId: contest.id, userId: member.id });
    members.push(member);
  }
  const rows = await t.db
    .select({ id: contestParticipants.id })
    .from(contestParticipants)
    .where(eq(contestParticipants.contestId, contest.id))
    .orderBy(contestParticipants.id);
  await as(creator).tournaments.generate({
    contestId: contest.id,
    seeding: 'manual',
    order: rows.map((r) => r.id),
  });
  return { contest, members };
}

/** Plays every ready match, the first side winning 2-1, until the bracket ends. */
async function playOut(contestId: number) {
  for (let step = 0; step < 20; step++) {
    const ready = (await as(creator).tournaments.matches({ contestId, status: 'ready' }))[0];
    if (!ready) return;
    await as(creator).tournaments.report({ matchId: ready.id, scores: [2, 1] });
  }
}

/** place, name and prize of each standing, best first. */
const board = (r: TResults) =>
  r.standings.map((s) => [s.placeText, s.name, s.prize && `${s.prize.amount} ${s.prize.currency}`]);

async function audits(contestId: number, action: string) {
  return t.db
    .select({ actorId: auditLog.actorId, after: auditLog.after, before: auditLog.before })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(contestId))));
}

describe('results.get', () => {
  it('reads open results live, with what blocks them, for whoever sees the contest', async () => {
    const { contest, members } = await scoredContest([90, 80]);
    const read = await as(other).results.get({ contestId: contest.id });
    expect(read).toMatchObject({
      contestId: contest.id,
      status: 'open',
      blockers: [{ kind: 'not_ended', matchId: null }],
      frozenAt: null,
      confirmedAt: null,
      canManage: false,
    });
    expect(board(read)).toEqual([
      ['1st', members[0]!.username, '500 USDT'],
      ['2nd', members[1]!.username, '300 USDT'],
    ]);
    expect((await as(moderator).results.get({ contestId: contest.id })).canManage).toBe(true);
    expect((await as(creator).results.get({ contestId: contest.id })).canManage).toBe(true);
  });

  it('answers 404 for a hidden contest, 401 signed out', async () => {
    const hidden = await insertContest(t.db, { createdBy: creator.id, status: 'pending' });
    expect(await refusal(as(other).results.get({ contestId: hidden.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await refusal(as(other).results.get({ contestId: 999_999 }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await refusal(as().results.get({ contestId: hidden.id }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

describe('results.freeze', () => {
  it('completes a live scored board early and freezes it: two tied for 2nd share 2nd and 3rd', async () => {
    const { contest, members } = await scoredContest([90, 80, 80, 70, null]);
    const frozen = await as(creator).results.freeze({ contestId: contest.id });
    expect(frozen.status).toBe('frozen');
    expect(frozen.frozenAt).toBeInstanceOf(Date);
    expect(frozen.blockers).toEqual([]);
    expect(frozen.remainder).toEqual([]);
    const [a, b, c, d, e] = members.map((m) => m.username);
    expect(board(frozen)).toEqual([
      ['1st', a, '500 USDT'],
      ['2nd-3rd', b, '200 USDT'],
      ['2nd-3rd', c, '200 USDT'],
      ['4th', d, null],
      [null, e, null],
    ]);
    expect(frozen.standings.map((s) => [s.place, s.score, s.userId])).toEqual([
      [1, 90, members[0]!.id],
      [2, 80, members[1]!.id],
      [2, 80, members[2]!.id],
      [4, 70, members[3]!.id],
      [null, null, members[4]!.id],
    ]);
    expect((await storedContest(t.db, contest.id))!.status).toBe('completed');
    const [audit] = await audits(contest.id, 'contest.results.freeze');
    expect(audit!.actorId).toBe(creator.id);
    // Frozen: a later score does not move them; a second freeze answers them as they are.
    await t.db
      .update(contestParticipants)
      .set({ score: 1000 })
      .where(eq(contestParticipants.userId, members[3]!.id));
    const again = await as(admin).results.freeze({ contestId: contest.id });
    expect(board(again)).toEqual(board(frozen));
    expect(await audits(contest.id, 'contest.results.freeze')).toHaveLength(1);
    expect(await as(other).results.get({ contestId: contest.id })).toMatchObject({
      status: 'frozen',
      standings: frozen.standings,
      canManage: false,
    });
  });

  it('rounds a three-way share down to the cent and states the remainder', async () => {
    const { contest } = await scoredContest([90, 80, 80, 80], {
      prizeTable: {
        kind: 'fixed',
        rows: [
          { from: 1, to: 1, amount: '500', currency: 'USD' },
          { from: 2, to: 2, amount: '300', currency: 'USD' },
          { from: 3, to: 3, amount: '100', currency: 'USD' },
        ],
      },
    });
    const frozen = await as(moderator).results.freeze({ contestId: contest.id });
    expect(frozen.standings.map((s) => [s.placeText, s.prize?.amount])).toEqual([
      ['1st', '500'],
      ['2nd-4th', '133.33'],
      ['2nd-4th', '133.33'],
      ['2nd-4th', '133.33'],
    ]);
    expect(frozen.remainder).toEqual([{ amount: '0.01', currency: 'USD' }]);
  });

  it('skips the disqualified: the next ones move up and take their prizes', async () => {
    const { contest, members } = await scoredContest([100, 90, 80]);
    await t.db
      .update(contestParticipants)
      .set({ disqualifiedAt: new Date(), disqualifyReason: 'A trading rule' })
      .where(eq(contestParticipants.userId, members[0]!.id));
    const frozen = await as(creator).results.freeze({ contestId: contest.id });
    expect(board(frozen)).toEqual([
      ['1st', members[1]!.username, '500 USDT'],
      ['2nd', members[2]!.username, '300 USDT'],
      [null, members[0]!.username, null],
    ]);
    expect(frozen.standings[2]).toMatchObject({ disqualified: true, place: null, score: 100 });
  });

  it('freezes a team contest: the team is named, its prize split equally among its members', async () => {
    const started = new Date(Date.now() - 2 * DAY);
    const contest = await insertContest(t.db, {
      createdBy: creator.id,
      mode: 'team',
      startDate: started,
      registrationDeadline: started,
      prizeTable: {
        kind: 'fixed',
        rows: [
          { from: 1, to: 1, amount: '100', currency: 'USD' },
          { from: 2, to: 2, amount: '50', currency: 'USD' },
        ],
      },
    });
    const teamOf = async (name: string, size: number, score: number) => {
      const people: CreatedUser[] = [];
      for (let i = 0; i < size; i++) people.push(await createUser(t.db));
      const [team] = await t.db
        .insert(teams)
        .values({ contestId: contest.id, name, captainId: people[0]!.id })
        .returning({ id: teams.id });
      for (const p of people) {
        await t.db.insert(teamMembers).values({
          teamId: team!.id,
          contestId: contest.id,
          userId: p.id,
          state: 'member',
          joinedAt: new Date(),
        });
      }
      // An invitation still open is not a member.
      await t.db.insert(teamMembers).values({
        teamId: team!.id,
        contestId: contest.id,
        userId: (await createUser(t.db)).id,
        state: 'invited',
      });
      await addParticipant({
        db: t.db,
        contestId: contest.id,
        userId: people[0]!.id,
        score,
        teamId: team!.id,
      });
      return { id: team!.id, people };
    };
    const red = await teamOf('Red Foxes', 3, 20);
    const blue = await teamOf('Blue Owls', 2, 10);
    const frozen = await as(creator).results.freeze({ contestId: contest.id });
    expect(frozen.standings.map((s) => [s.placeText, s.name, s.teamId, s.userId])).toEqual([
      ['1st', 'Red Foxes', red.id, null],
      ['2nd', 'Blue Owls', blue.id, null],
    ]);
    expect(frozen.standings[0]!.prize).toEqual({ amount: '100', currency: 'USD' });
    expect(frozen.standings[0]!.members).toEqual(
      red.people.map((p) => ({
        userId: p.id,
        name: p.username,
        prize: { amount: '33.33', currency: 'USD' },
      })),
    );
    expect(frozen.standings[1]!.members.map((m) => m.prize?.amount)).toEqual(['25', '25']);
    expect(frozen.remainder).toEqual([{ amount: '0.01', currency: 'USD' }]);
  });

  it("freezes a knockout's places once its bracket has ended: the two semi-final losers share 3rd", async () => {
    const { contest, members } = await knockout(4);
    await playOut(contest.id);
    expect((await storedContest(t.db, contest.id))!.status).toBe('completed');
    const frozen = await as(creator).results.freeze({ contestId: contest.id });
    // The first side wins every match: the final's first side is the champion.
    const final = (await as(creator).tournaments.matches({ contestId: contest.id })).find(
      (m) => m.roundName === 'Final',
    )!;
    const [champion, runnerUp] = final.participants.map((p) => p!.name!);
    expect(board(frozen)).toEqual([
      ['1st', champion, '100 USD'],
      ['2nd', runnerUp, '50 USD'],
      ['3rd-4th', expect.any(String), '10 USD'],
      ['3rd-4th', expect.any(String), '10 USD'],
    ]);
    expect(new Set(frozen.standings.map((s) => s.name))).toEqual(
      new Set(members.map((m) => m.username)),
    );
    expect(frozen.standings.map((s) => s.score)).toEqual([1, 2, 3, 3]);
  });

  it('a third-place match gives each of the four a place of their own', async () => {
    const { contest } = await knockout(4, { thirdPlaceMatch: true });
    await playOut(contest.id);
    const frozen = await as(creator).results.freeze({ contestId: contest.id });
    expect(frozen.standings.map((s) => [s.placeText, s.prize?.amount ?? null])).toEqual([
      ['1st', '100'],
      ['2nd', '50'],
      ['3rd', '20'],
      ['4th', null],
    ]);
  });

  it('is blocked by unfinished, unreviewed and disputed matches, each named; nothing changes', async () => {
    const { contest, members } = await knockout(4, { selfReport: true });
    const [semi1, semi2] = await as(creator).tournaments.matches({ contestId: contest.id });
    const open = await as(creator).results.get({ contestId: contest.id });
    expect(open.blockers.map((b) => [b.kind, b.matchId])).toEqual([
      ['not_ended', null],
      ['unfinished_match', semi1!.id],
      ['unfinished_match', semi2!.id],
    ]);
    const names = (m: typeof semi1) => m!.participants.map((p) => p!.name);
    expect(open.blockers[1]!.message).toBe(
      `${semi1!.roundName}, match ${semi1!.number}: ${names(semi1).join(' vs ')} is still to be played`,
    );
    // The first side of the first semi-final reports a win, the second side disputes it.
    const side = (i: number) => members.find((m) => m.username === names(semi1)[i])!;
    await as(side(0)).tournaments.report({ matchId: semi1!.id, scores: [2, 0] });
    const pending = await as(creator).results.get({ contestId: contest.id });
    expect(pending.blockers[1]).toMatchObject({ kind: 'unreviewed_match', matchId: semi1!.id });
    expect(pending.blockers[1]!.message).toMatch(/waiting for confirmation$/);
    await as(side(1)).tournaments.dispute({
      matchId: semi1!.id,
      scores: [0, 2],
      reason: 'I won both games',
    });
    const refused = await refusal(as(creator).results.freeze({ contestId: contest.id }));
    expect(refused).toMatchObject({
      code: 'CONFLICT',
      reason: 'results_blocked',
      message: RESULT_MESSAGES.results_blocked,
    });
    const blockers = (refused.details as unknown as { blockers: TResults['blockers'] }).blockers;
    expect(blockers.map((b) => [b.kind, b.matchId])).toEqual([
      ['open_dispute', semi1!.id],
      ['unfinished_match', semi2!.id],
    ]);
    expect(blockers[0]!.message).toBe(
      `${semi1!.roundName}, match ${semi1!.number}: ${names(semi1).join(' vs ')} is disputed`,
    );
    // The early completion went back with the refused freeze.
    expect((await storedContest(t.db, contest.id))!.status).toBe('active');
    expect(
      await t.db.select().from(contestResults).where(eq(contestResults.contestId, contest.id)),
    ).toEqual([]);
  });

  it('refuses another member (403), a hidden contest (404) and a contest not started (409)', async () => {
    const { contest } = await scoredContest([10]);
    expect(await refusal(as(other).results.freeze({ contestId: contest.id }))).toEqual({
      code: 'FORBIDDEN',
      reason: 'not_organiser',
      message: RESULT_MESSAGES.notOrganiser,
    });
    const hidden = await insertContest(t.db, { createdBy: creator.id, status: 'pending' });
    expect(await refusal(as(other).results.freeze({ contestId: hidden.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await refusal(as(creator).results.freeze({ contestId: hidden.id }))).toEqual({
      code: 'CONFLICT',
      reason: 'not_started',
      message: RESULT_MESSAGES.not_started,
    });
    const upcoming = await insertContest(t.db, { createdBy: creator.id });
    expect(await refusal(as(creator).results.freeze({ contestId: upcoming.id }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'not_started',
    });
    expect(await refusal(as().results.freeze({ contestId: contest.id }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect((await storedContest(t.db, contest.id))!.status).toBe('active');
    expect((await storedContest(t.db, upcoming.id))!.status).toBe('active');
  });
});

describe('results.reopen', () => {
  it('reopens frozen results with a reason (audited): they read live again until the next freeze', async () => {
    const { contest, members } = await scoredContest([90, 80]);
    await as(creator).results.freeze({ contestId: contest.id });
    const reopened = await as(moderator).results.reopen({
      contestId: contest.id,
      reason: 'A late score correction',
    });
    expect(reopened).toMatchObject({
      status: 'open',
      reopenReason: 'A late score correction',
      frozenAt: null,
      confirmedAt: null,
      blockers: [],
    });
    const [audit] = await audits(contest.id, 'contest.results.reopen');
    expect(audit!.actorId).toBe(moderator.id);
    expect(JSON.parse(String(audit!.after))).toEqual({
      status: 'open',
      reason: 'A late score correction',
    });
    expect(JSON.parse(String(audit!.before))).toEqual({ status: 'frozen' });
    // The correction, then a new freeze.
    await t.db
      .update(contestParticipants)
      .set({ score: 95 })
      .where(eq(contestParticipants.userId, members[1]!.id));
    const refrozen = await as(creator).results.freeze({ contestId: contest.id });
    expect(refrozen).toMatchObject({ status: 'frozen', reopenReason: null });
    expect(board(refrozen)[0]).toEqual(['1st', members[1]!.username, '500 USDT']);
  });

  it('refuses open results (409 not_final), a short reason (400) and another member (403)', async () => {
    const { contest } = await scoredContest([90]);
    expect(
      await refusal(as(creator).results.reopen({ contestId: contest.id, reason: 'Because' })),
    ).toEqual({ code: 'CONFLICT', reason: 'not_final', message: RESULT_MESSAGES.not_final });
    await as(creator).results.freeze({ contestId: contest.id });
    expect(
      await refusal(as(creator).results.reopen({ contestId: contest.id, reason: 'x' })),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    expect(
      await refusal(as(other).results.reopen({ contestId: contest.id, reason: 'Because' })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'not_organiser' });
    expect((await as(other).results.get({ contestId: contest.id })).status).toBe('frozen');
  });
});

describe('results.confirm: refusals before anything is made', () => {
  it('refuses another member (403), a contest not started (409) and blocked results (409)', async () => {
    const { contest } = await scoredContest([10]);
    expect(await refusal(as(other).results.confirm({ contestId: contest.id }))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'not_organiser',
    });
    const upcoming = await insertContest(t.db, { createdBy: creator.id });
    expect(await refusal(as(creator).results.confirm({ contestId: upcoming.id }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'not_started',
    });
    const { contest: bracket } = await knockout(2);
    expect(await refusal(as(creator).results.confirm({ contestId: bracket.id }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'results_blocked',
    });
    expect((await as(creator).results.get({ contestId: contest.id })).status).toBe('open');
  });
});

describe('results.confirm: payout lines and certificates follow', () => {
  it('confirms: one payout line per winner, certificates for the placed, everyone told', async () => {
    const { contest, members } = await scoredContest([90, 80, 80, 70]);
    const confirmed = await as(creator).results.confirm({ contestId: contest.id });
    expect(confirmed).toMatchObject({ status: 'confirmed', confirmedBy: creator.username });
    expect(confirmed.confirmedAt).toBeInstanceOf(Date);
    const lines = await t.db
      .select({ userId: payouts.userId, amount: payouts.amount, placeText: payouts.placeText })
      .from(payouts)
      .where(eq(payouts.contestId, contest.id))
      .orderBy(payouts.userId);
    expect(lines).toEqual([
      { userId: members[0]!.id, amount: '500', placeText: '1st' },
      { userId: members[1]!.id, amount: '200', placeText: '2nd-3rd' },
      { userId: members[2]!.id, amount: '200', placeText: '2nd-3rd' },
    ]);
    const certified = await t.db
      .select({ userId: certificates.userId })
      .from(certificates)
      .where(eq(certificates.contestId, contest.id));
    expect(certified.map((c) => c.userId).sort((x, y) => x! - y!)).toEqual(
      members.slice(0, 3).map((m) => m.id),
    );
    const told = await t.db
      .select({ userId: notifications.userId, body: notifications.body })
      .from(notifications)
      .where(eq(notifications.kind, 'results_confirmed'));
    const bodyOf = (m: CreatedUser) => told.find((n) => n.userId === m.id)?.body;
    expect(bodyOf(members[1]!)).toContain('2nd-3rd of 4. Your prize: 200 USDT.');
    expect(bodyOf(members[3]!)).toContain('4th of 4.');
    expect(await audits(contest.id, 'contest.results.confirm')).toHaveLength(1);
    expect(await refusal(as(creator).results.confirm({ contestId: contest.id }))).toEqual({
      code: 'CONFLICT',
      reason: 'already_confirmed',
      message: RESULT_MESSAGES.already_confirmed,
    });
  });

  it('reopening confirmed results takes back the lines and certificates; not once a line was approved', async () => {
    const { contest } = await scoredContest([90, 80]);
    await as(creator).results.confirm({ contestId: contest.id });
    await as(creator).results.reopen({ contestId: contest.id, reason: 'Wrong scores' });
    expect(await t.db.select().from(payouts).where(eq(payouts.contestId, contest.id))).toEqual([]);
    const withdrawn = await t.db
      .select({ withdrawnAt: certificates.withdrawnAt })
      .from(certificates)
      .where(eq(certificates.contestId, contest.id));
    expect(withdrawn.every((c) => c.withdrawnAt !== null)).toBe(true);
    await as(creator).results.confirm({ contestId: contest.id });
    await t.db.update(payouts).set({ status: 'approved' }).where(eq(payouts.contestId, contest.id));
    expect(
      await refusal(as(creator).results.reopen({ contestId: contest.id, reason: 'Too late' })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'payouts_started' });
    expect((await as(creator).results.get({ contestId: contest.id })).status).toBe('confirmed');
  });

  it('pays each member of a team their share, named with the team', async () => {
    const started = new Date(Date.now() - 2 * DAY);
    const contest = await insertContest(t.db, {
      createdBy: creator.id,
      mode: 'team',
      startDate: started,
      registrationDeadline: started,
      prizeTable: { kind: 'fixed', rows: [{ from: 1, to: 1, amount: '100', currency: 'USD' }] },
    });
    const people = [await createUser(t.db), await createUser(t.db)];
    const [team] = await t.db
      .insert(teams)
      .values({ contestId: contest.id, name: 'Green Cats', captainId: people[0]!.id })
      .returning({ id: teams.id });
    for (const p of people) {
      await t.db
        .insert(teamMembers)
        .values({ teamId: team!.id, contestId: contest.id, userId: p.id, state: 'member' });
    }
    await addParticipant({
      db: t.db,
      contestId: contest.id,
      userId: people[0]!.id,
      score: 5,
      teamId: team!.id,
    });
    await as(creator).results.confirm({ contestId: contest.id });
    const lines = await t.db
      .select({ userId: payouts.userId, amount: payouts.amount, teamName: payouts.teamName })
      .from(payouts)
      .where(eq(payouts.contestId, contest.id))
      .orderBy(payouts.userId);
    expect(lines).toEqual(
      people.map((p) => ({ userId: p.id, amount: '50', teamName: 'Green Cats' })),
    );
  });
});

// Last: the job freezes every completed contest of this file's database that nothing blocks.
describe('the results freeze job', () => {
  it('freezes completed contests nothing blocks, once; leaves blocked, active and reopened ones', async () => {
    const { contest: done } = await scoredContest([5, 4], { status: 'completed' });
    const { contest: active } = await scoredContest([5]);
    const { contest: blocked } = await knockout(4);
    await t.db.update(contests).set({ status: 'completed' }).where(eq(contests.id, blocked.id));
    const { contest: reopened } = await scoredContest([3], { status: 'completed' });
    await as(creator).results.freeze({ contestId: reopened.id });
    await as(creator).results.reopen({ contestId: reopened.id, reason: 'Checking a score' });
    const first = await freezeCompletedContests({ db: t.db });
    expect(first).toContain(done.id);
    expect(first).not.toContain(active.id);
    expect(first).not.toContain(blocked.id);
    expect(first).not.toContain(reopened.id);
    const read = await as(other).results.get({ contestId: done.id });
    expect(read.status).toBe('frozen');
    expect(read.standings.map((s) => s.placeText)).toEqual(['1st', '2nd']);
    const [audit] = await audits(done.id, 'contest.results.freeze');
    expect(audit!.actorId).toBeNull();
    expect(await freezeCompletedContests({ db: t.db })).toEqual([]);
    expect((await as(creator).results.get({ contestId: blocked.id })).status).toBe('open');
    expect((await as(creator).results.get({ contestId: reopened.id })).status).toBe('open');
  });
});
