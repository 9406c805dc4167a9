// Where the player is (issue 29, point 6): the words of 'My next match' from the one shared
// nextMatchState, for each state a match can be in from either side; and, through the real
// procedures, a participant's report as the opponent's next match reads it ('Waiting for your
// confirmation: ... reported 3-2') and as their notification with a link to the contest.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { notifications } from '../../src/server/platform/db/schema';
import { nextMatchState, type NextMatchStateInput } from '../../src/shared/nextMatchState';
import type { TMatchSlot, TReportedSide } from '../../src/shared/schemas/tournaments';
import { callerFor, createTestDb, createUser } from '../helpers/db';
import { insertContest } from '../helpers/contests';

function slot(id: number | null, name: string | null): TMatchSlot {
  return { id, name, score: null, result: null, forfeit: false, teamId: null };
}

const ASH = slot(1, 'ash_ketch');
const SERENA = slot(2, 'serena_k');

function reported(by: TMatchSlot, over: Partial<TReportedSide> = {}): TReportedSide {
  return {
    by: { id: by.id!, name: by.name! },
    scores: [2, 1],
    games: null,
    forfeit: null,
    at: new Date(),
    ...over,
  };
}

function match(over: Partial<NextMatchStateInput> = {}): NextMatchStateInput {
  return {
    status: 'ready',
    participants: [ASH, SERENA],
    report: { state: 'none', reported: null, disputed: null },
    canReport: true,
    ...over,
  };
}

describe('nextMatchState', () => {
  it('asks the opponent of a report to confirm it, the score read from the reporter', () => {
    // ash_ketch (side 0) reported 2-1 for themselves: serena_k (side 1) is asked.
    const pending = match({
      report: { state: 'pending', reported: reported(ASH), disputed: null },
      canReport: false,
    });
    expect(nextMatchState(pending, 1)).toBe(
      'Waiting for your confirmation: ash_ketch reported 2-1',
    );
    expect(nextMatchState(pending, 0)).toBe('Waiting for serena_k to confirm your result');
    // serena_k (side 1) reported [1, 2], i.e. 2-1 for serena_k.
    const theirs = match({
      report: { state: 'pending', reported: reported(SERENA, { scores: [1, 2] }), disputed: null },
    });
    expect(nextMatchState(theirs, 0)).toBe('Waiting for your confirmation: serena_k reported 2-1');
    expect(nextMatchState(theirs, 1)).toBe('Waiting for ash_ketch to confirm your result');
  });

  it('words a reported forfeit from the player’s side', () => {
    const forfeit = match({
      report: {
        state: 'pending',
        reported: reported(ASH, { scores: null, forfeit: SERENA.id }),
        disputed: null,
      },
    });
    expect(nextMatchState(forfeit, 1)).toBe(
      'Waiting for your confirmation: ash_ketch reported that you forfeit',
    );
  });

  it('says a disputed result waits for a moderator, on both sides', () => {
    const disputed = match({
      report: { state: 'disputed', reported: reported(ASH), disputed: null },
      canReport: false,
    });
    expect(nextMatchState(disputed, 0)).toBe('Disputed: a moderator decides');
    expect(nextMatchState(disputed, 1)).toBe('Disputed: a moderator decides');
  });

  it('says ready, playing and waiting, and who enters the result', () => {
    expect(nextMatchState(match(), 0)).toBe('Ready: report the result when you have played');
    expect(nextMatchState(match({ canReport: false }), 0)).toBe(
      'Ready: play serena_k; the organiser enters the result',
    );
    expect(nextMatchState(match({ status: 'running' }), 1)).toBe(
      'Playing: report the result when you have played',
    );
    expect(
      nextMatchState(match({ status: 'waiting', participants: [ASH, slot(null, null)] }), 0),
    ).toBe('Waiting for your opponent');
    expect(nextMatchState(match({ status: 'completed' }), 0)).toBe('Played: the result stands');
  });
});

describe('a reported result, as the opponent meets it', () => {
  const tdb = createTestDb();
  afterAll(async () => (await tdb).close());

  it('is their next match’s state and a notification linking to the contest', async () => {
    const t = await tdb;
    const creator = await createUser(t.db);
    const contest = await insertContest(t.db, {
      createdBy: creator.id,
      format: 'knockout',
      tournament: { selfReport: true },
      registrationDeadline: new Date(Date.now() - 60_000),
    });
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    for (const u of [a, b]) await addParticipant({ db: t.db, contestId: contest.id, userId: u.id });
    const as = (u: { id: number }) => callerFor(t, u).caller;
    await as(creator).tournaments.generate({ contestId: contest.id, seeding: 'random' });

    const before = (await as(b).tournaments.nextMatchIn({ contestId: contest.id }))!;
    expect(nextMatchState(before, before.side)).toBe(
      'Ready: report the result when you have played',
    );
    // a reports 3-2 for themselves, whichever side they are.
    const aSide = before.side === 0 ? 1 : 0;
    await as(a).tournaments.report({
      matchId: before.id,
      scores: aSide === 0 ? [3, 2] : [2, 3],
    });

    const theirs = (await as(b).tournaments.nextMatch())!;
    expect(theirs.canConfirm).toBe(true);
    expect(nextMatchState(theirs, theirs.side)).toBe(
      `Waiting for your confirmation: ${a.username} reported 3-2`,
    );
    const mine = (await as(a).tournaments.nextMatchIn({ contestId: contest.id }))!;
    expect(nextMatchState(mine, mine.side)).toBe(
      `Waiting for ${b.username} to confirm your result`,
    );

    const told = await t.db
      .select({ title: notifications.title, body: notifications.body, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, b.id), eq(notifications.kind, 'match_result_reported')));
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toBe(`/contests/${contest.slug}`);
    expect(told[0]!.title).toBe(`Confirm your match result: ${contest.title}`);
    expect(told[0]!.body).toContain(`${a.username} reported your match`);
    // The reporter is not told of their own report.
    const self = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, a.id), eq(notifications.kind, 'match_result_reported')));
    expect(self).toHaveLength(0);

    await as(b).tournaments.dispute({
      matchId: theirs.id,
      scores: aSide === 0 ? [2, 3] : [3, 2],
      reason: 'I won',
    });
    const disputed = (await as(b).tournaments.nextMatch())!;
    expect(nextMatchState(disputed, disputed.side)).toBe('Disputed: a moderator decides');
  });
});
