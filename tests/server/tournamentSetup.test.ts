// Tournament setup (issue 19): a contest's format settings on every path (the wizard's submit,
// the admin wizard, drafts, edits), the one format rule once a bracket exists (bracket_exists),
// check-in (the window's edges, undo, who may), and the start round (the not-checked-in dropped
// and told, the bracket generated at the start by the engine, once).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/platform/errors';
import {
  bracketMatches,
  contestParticipants,
  contests,
  notifications,
} from '../../src/server/platform/db/schema';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { setCheckIn, checkInStatus } from '../../src/server/domain/tournaments/checkIn';
import { runStartRound } from '../../src/server/domain/tournaments/startRound';
import { BRACKET_EXISTS_MESSAGE } from '../../src/shared/tournaments';
import {
  DEFAULT_TOURNAMENT_SETTINGS,
  askedTournamentSettings,
} from '../../src/shared/schemas/tournaments';
import { EMPTY_VALUES, draftPayload } from '../../src/client/components/contests/wizard/formValues';
import { readBrowserDraft } from '../../src/client/components/contests/wizard/browserDraft';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { createInput, insertContest, storedContest } from '../helpers/contests';

const t = await createTestDb();
afterAll(() => t.close());

const member = await createUser(t.db);
const other = await createUser(t.db);
const moderator = await createUser(t.db, { role: 'moderator' });
const admin = await createUser(t.db, { role: 'admin' });

const as = (user: CreatedUser) => callerFor(t, user).caller;

/** A service's refusal (an AppError, as the procedures map it). */
async function refused(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      code: error.code,
      message: error.message,
      reason: error.reason,
      details: error.details,
    };
  }
  throw new Error('expected a refusal');
}
const MINUTE = 60_000;

describe('format settings on every path', () => {
  it("the member wizard's submit stores what the format asks, and answers it with the defaults", async () => {
    const created = await as(member).contests.create(
      createInput({
        title: 'Double Knockout Cup',
        format: 'knockout',
        tournament: { elimination: 'double', grandFinal: 'double', checkInMinutes: 45 },
      }),
    );
    expect(created.tournament).toEqual({
      ...DEFAULT_TOURNAMENT_SETTINGS,
      elimination: 'double',
      grandFinal: 'double',
      checkInMinutes: 45,
    });
    expect(created.bracketGeneratedAt).toBeNull();
    expect((await storedContest(t.db, created.id))!.tournament).toEqual({
      elimination: 'double',
      grandFinal: 'double',
      checkInMinutes: 45,
    });
  });

  it('reads digits a form select gives as numbers', async () => {
    const created = await as(member).contests.create(
      createInput({
        format: 'league',
        tournament: { legs: '2', pointsWin: 2, pointsDraw: 1, pointsLoss: 0 } as never,
      }),
    );
    expect(created.tournament).toMatchObject({ legs: 2, pointsWin: 2, pointsDraw: 1 });
  });

  it('refuses settings out of their rules with the field message', async () => {
    for (const [tournament, message] of [
      [{ groupSize: 2 }, 'Group size is at least 3'],
      [
        { groupSize: 4, advancePerGroup: 4 },
        'Fewer players than the group size advance from each group',
      ],
      [
        { pointsWin: 1, pointsDraw: 2 },
        'A win is worth at least a draw, and a draw at least a loss',
      ],
      [{ teamMin: 5, teamMax: 3 }, 'The maximum team size is at least the minimum'],
      [{ checkInMinutes: 24 * 60 + 1 }, 'Check-in window is at most 1440'],
      [{ elimination: 'triple' }, 'Choose single or double elimination'],
      [{ swissRounds: 1.5 }, 'Swiss rounds is a whole number'],
    ] as const) {
      expect(
        await refusal(
          as(member).contests.create(createInput({ format: 'tournament', tournament } as never)),
        ),
      ).toMatchObject({ code: 'BAD_REQUEST', message });
    }
  });

  it('the admin wizard stores them too (any status)', async () => {
    const created = await as(admin).contests.create(
      createInput({
        format: 'tournament',
        mode: 'team',
        status: 'active',
        tournament: { system: 'swiss', swissRounds: 7, teamMin: 3, teamMax: 4, selfReport: true },
      }),
    );
    expect(created).toMatchObject({
      status: 'active',
      mode: 'team',
      tournament: { system: 'swiss', swissRounds: 7, teamMin: 3, teamMax: 4, selfReport: true },
    });
  });

  it('drafts save them, replace them, clear them with null, and the submit keeps them', async () => {
    const caller = as(member);
    const draft = await caller.contests.saveDraft({
      title: 'Draft League',
      format: 'league',
      tournament: { legs: 2, pointsWin: 2 },
    });
    expect(draft.tournament).toMatchObject({ legs: 2, pointsWin: 2, pointsDraw: 1 });
    // An invalid value in a draft is refused like any other draft field.
    expect(
      await refusal(caller.contests.saveDraft({ id: draft.id, tournament: { legs: 3 } })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'Legs is at most 2' });
    const replaced = await caller.contests.saveDraft({ id: draft.id, tournament: { legs: 1 } });
    expect((await storedContest(t.db, replaced.id))!.tournament).toEqual({ legs: 1 });
    await caller.contests.saveDraft({ id: draft.id, tournament: { legs: 2, pointsWin: 4 } });
    // Submitting the draft without settings keeps the draft's.
    const { tournament: _none, ...input } = createInput({ format: 'league' });
    const submitted = await caller.contests.create({ ...input, id: draft.id });
    expect(submitted.tournament).toMatchObject({ legs: 2, pointsWin: 4 });
    const cleared = await caller.contests.saveDraft({
      ...(await caller.contests.saveDraft({ title: 'Another draft', tournament: { legs: 2 } })),
      tournament: null,
    } as never);
    expect((await storedContest(t.db, cleared.id))!.tournament).toBeNull();
  });

  it('an edit merges the keys it sends into the stored settings, checked as a whole', async () => {
    const contest = await insertContest(t.db, {
      createdBy: member.id,
      status: 'pending',
      format: 'tournament',
      tournament: { groupSize: 6, advancePerGroup: 3 },
    });
    const edited = await as(member).contests.update({
      id: contest.id,
      tournament: { checkInMinutes: 30 },
    });
    expect(edited.tournament).toMatchObject({
      groupSize: 6,
      advancePerGroup: 3,
      checkInMinutes: 30,
    });
    // 3 advancing from groups of 3: refused against the stored number advancing.
    expect(
      await refusal(as(member).contests.update({ id: contest.id, tournament: { groupSize: 3 } })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Fewer players than the group size advance from each group',
    });
    const byModerator = await as(moderator).contests.update({
      id: contest.id,
      format: 'knockout',
      tournament: { elimination: 'double' },
    });
    expect(byModerator).toMatchObject({
      format: 'knockout',
      tournament: { elimination: 'double' },
    });
  });

  it('checks the whole only when settings are written (a draft may hold a half-made pair)', async () => {
    const contest = await insertContest(t.db, {
      createdBy: member.id,
      status: 'pending',
      mode: 'team',
      tournament: { teamMin: 10 },
    });
    const edited = await as(member).contests.update({ id: contest.id, prize: 'A cup' });
    expect(edited.prize).toBe('A cup');
    expect(
      await refusal(as(member).contests.update({ id: contest.id, tournament: { legs: 2 } })),
    ).toMatchObject({ message: 'The maximum team size is at least the minimum' });
    const fixed = await as(member).contests.update({ id: contest.id, tournament: { teamMax: 12 } });
    expect(fixed.tournament).toMatchObject({ teamMin: 10, teamMax: 12 });
  });

  it('another member cannot change them', async () => {
    const contest = await insertContest(t.db, { createdBy: member.id, status: 'pending' });
    expect(
      await refusal(as(other).contests.update({ id: contest.id, tournament: { legs: 2 } })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect((await storedContest(t.db, contest.id))!.tournament).toBeNull();
  });
});

describe('once the bracket is generated (bracket_exists)', () => {
  async function generatedContest() {
    const contest = await insertContest(t.db, {
      createdBy: member.id,
      status: 'active',
      format: 'knockout',
      tournament: { elimination: 'single', checkInMinutes: 30 },
    });
    await t.db
      .update(contests)
      .set({ bracketGeneratedAt: new Date() })
      .where(eq(contests.id, contest.id));
    return contest;
  }

  it.each([
    ['the format', { format: 'league' }],
    ['the mode', { mode: 'team' }],
    ['a setting', { tournament: { elimination: 'double' } }],
  ] as const)('refuses a change of %s, for moderators and admins alike', async (_what, change) => {
    const contest = await generatedContest();
    for (const user of [moderator, admin]) {
      expect(
        await refusal(as(user).contests.update({ id: contest.id, ...change } as never)),
      ).toEqual({ code: 'CONFLICT', message: BRACKET_EXISTS_MESSAGE, reason: 'bracket_exists' });
    }
    const stored = await storedContest(t.db, contest.id);
    expect(stored).toMatchObject({ format: 'knockout', mode: 'individual' });
    expect(stored!.tournament).toEqual({ elimination: 'single', checkInMinutes: 30 });
  });

  it('lets everything else change, and the same values through', async () => {
    const contest = await generatedContest();
    const edited = await as(admin).contests.update({
      id: contest.id,
      prize: 'A trophy',
      format: 'knockout',
      mode: 'individual',
      // The stored value and a default sent as they are: no change.
      tournament: { elimination: 'single', legs: 1 },
    });
    expect(edited).toMatchObject({ prize: 'A trophy', format: 'knockout' });
    expect(edited.bracketGeneratedAt).toBeInstanceOf(Date);
  });

  it("refuses a creator's resubmission that changes the format", async () => {
    const contest = await generatedContest();
    await t.db.update(contests).set({ status: 'rejected' }).where(eq(contests.id, contest.id));
    expect(
      await refusal(as(member).contests.create(createInput({ id: contest.id, format: 'league' }))),
    ).toMatchObject({ code: 'CONFLICT', reason: 'bracket_exists' });
  });
});

/** An active knockout contest starting `startsIn` ms from now with a check-in window. */
async function checkInContest(startsIn: number, minutes = 60, extra = {}) {
  const start = new Date(Date.now() + startsIn);
  const contest = await insertContest(t.db, {
    createdBy: member.id,
    status: 'active',
    format: 'knockout',
    startDate: start,
    registrationDeadline: start,
    tournament: { checkInMinutes: minutes },
    ...extra,
  });
  return contest;
}

describe('checkIn', () => {
  it('lets a participant check in inside the window and undo it, counting them', async () => {
    const contest = await checkInContest(30 * MINUTE);
    for (const user of [other, moderator, admin]) {
      await addParticipant({ db: t.db, contestId: contest.id, userId: user.id });
    }
    const checked = await as(other).checkIn.checkIn({ contestId: contest.id });
    expect(checked).toMatchObject({ contestId: contest.id, checkedIn: 1 });
    expect(checked.checkedInAt).toBeInstanceOf(Date);
    // Again: the first time stays.
    const again = await as(other).checkIn.checkIn({ contestId: contest.id });
    expect(again.checkedInAt!.getTime()).toBe(checked.checkedInAt!.getTime());
    // Moderators and admins who take part check in like anyone.
    expect((await as(moderator).checkIn.checkIn({ contestId: contest.id })).checkedIn).toBe(2);
    expect((await as(admin).checkIn.checkIn({ contestId: contest.id })).checkedIn).toBe(3);
    const undone = await as(other).checkIn.undo({ contestId: contest.id });
    expect(undone).toEqual({ contestId: contest.id, checkedInAt: null, checkedIn: 2 });
    const [row] = await t.db
      .select({ at: contestParticipants.checkedInAt })
      .from(contestParticipants)
      .where(
        and(
          eq(contestParticipants.contestId, contest.id),
          eq(contestParticipants.userId, other.id),
        ),
      );
    expect(row!.at).toBeNull();
  });

  it('answers the window, the state and the count; the roster only to organisers', async () => {
    const contest = await checkInContest(20 * MINUTE, 30);
    await addParticipant({ db: t.db, contestId: contest.id, userId: other.id });
    await addParticipant({ db: t.db, contestId: contest.id, userId: admin.id });
    await as(other).checkIn.checkIn({ contestId: contest.id });
    const mine = await as(other).checkIn.status({ contestId: contest.id });
    expect(mine).toMatchObject({
      enabled: true,
      open: true,
      participant: true,
      checkedIn: 1,
      participants: 2,
      roster: null,
    });
    expect(mine.closesAt!.getTime()).toBe(contest.startDate!.getTime());
    expect(mine.opensAt!.getTime()).toBe(contest.startDate!.getTime() - 30 * MINUTE);
    for (const organiser of [member, moderator, admin]) {
      const seen = await as(organiser).checkIn.status({ contestId: contest.id });
      expect(seen.roster).toEqual([
        { participantId: expect.any(Number), name: other.username, checkedInAt: expect.any(Date) },
      ]);
    }
    expect((await as(admin).checkIn.status({ contestId: contest.id })).checkedInAt).toBeNull();
  });

  it('refuses where there is no check-in (checkin_off, 409)', async () => {
    const none = await checkInContest(10 * MINUTE, 0);
    const open = await checkInContest(10 * MINUTE, 60, { format: 'open' });
    for (const contest of [none, open]) {
      await addParticipant({ db: t.db, contestId: contest.id, userId: other.id });
      expect(await refusal(as(other).checkIn.checkIn({ contestId: contest.id }))).toEqual({
        code: 'CONFLICT',
        message: 'This contest has no check-in',
        reason: 'checkin_off',
      });
      expect(await as(other).checkIn.status({ contestId: contest.id })).toMatchObject({
        enabled: false,
        open: false,
        opensAt: null,
      });
    }
  });

  it('refuses someone who does not take part (not_participant, 403)', async () => {
    const contest = await checkInContest(10 * MINUTE);
    for (const user of [other, moderator]) {
      expect(await refusal(as(user).checkIn.checkIn({ contestId: contest.id }))).toEqual({
        code: 'FORBIDDEN',
        message: 'Only participants of this contest can check in',
        reason: 'not_participant',
      });
    }
  });

  it('answers 404 for a contest the caller may not see', async () => {
    const hidden = await checkInContest(10 * MINUTE, 60, { status: 'pending' });
    expect(await refusal(as(other).checkIn.checkIn({ contestId: hidden.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await refusal(as(other).checkIn.status({ contestId: 999_999 }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('opens at start - window and closes at the start, to the millisecond', async () => {
    const contest = await checkInContest(5 * 60 * MINUTE, 60);
    await addParticipant({ db: t.db, contestId: contest.id, userId: other.id });
    const start = contest.startDate!.getTime();
    const opens = start - 60 * MINUTE;
    const actor = { id: other.id, username: other.username, role: other.role };
    const tryAt = (now: number, checkedIn = true) =>
      refused(setCheckIn({ db: t.db, actor, contestId: contest.id, checkedIn, now }));
    const early = await tryAt(opens - 1);
    expect(early).toMatchObject({ code: 'CONFLICT', reason: 'checkin_closed' });
    expect(early.message).toMatch(/^Check-in has not opened yet: it opens at .* UTC$/);
    expect(early.details).toEqual({
      opensAt: new Date(opens).toISOString(),
      closesAt: new Date(start).toISOString(),
    });
    const first = await setCheckIn({
      db: t.db,
      actor,
      contestId: contest.id,
      checkedIn: true,
      now: opens,
    });
    expect(first.checkedInAt!.getTime()).toBe(opens);
    const last = await setCheckIn({
      db: t.db,
      actor,
      contestId: contest.id,
      checkedIn: false,
      now: start - 1,
    });
    expect(last.checkedInAt).toBeNull();
    const late = await tryAt(start);
    expect(late).toMatchObject({ code: 'CONFLICT', reason: 'checkin_closed' });
    expect(late.message).toMatch(/^Check-in has closed: it closed at .* UTC$/);
    expect(await tryAt(start, false)).toMatchObject({ reason: 'checkin_closed' });
    const before = await checkInStatus({
      db: t.db,
      viewer: actor,
      contestId: contest.id,
      now: opens - 1,
    });
    const during = await checkInStatus({
      db: t.db,
      viewer: actor,
      contestId: contest.id,
      now: opens,
    });
    const after = await checkInStatus({
      db: t.db,
      viewer: actor,
      contestId: contest.id,
      now: start,
    });
    expect([before.open, during.open, after.open]).toEqual([false, true, false]);
  });

  it('closes once the bracket is generated', async () => {
    const contest = await checkInContest(10 * MINUTE);
    await addParticipant({ db: t.db, contestId: contest.id, userId: other.id });
    await t.db
      .update(contests)
      .set({ bracketGeneratedAt: new Date() })
      .where(eq(contests.id, contest.id));
    expect(await refusal(as(other).checkIn.checkIn({ contestId: contest.id }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'checkin_closed',
      message: 'Check-in has closed: the bracket is generated',
    });
  });
});

describe('the start round', () => {
  // Contests of the tests above have started too: they are out of these rounds' way.
  beforeEach(async () => {
    await t.db.update(contests).set({ startHandledAt: new Date() });
  });

  async function notificationsOf(userId: number, kind: string) {
    return t.db
      .select({ title: notifications.title, body: notifications.body, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind as never)));
  }

  it('tells participants once that check-in is open', async () => {
    const watcher = await createUser(t.db);
    const contest = await checkInContest(30 * MINUTE, 60);
    await addParticipant({ db: t.db, contestId: contest.id, userId: watcher.id });
    const first = await runStartRound({ db: t.db });
    expect(first.opened).toBeGreaterThanOrEqual(1);
    await runStartRound({ db: t.db });
    const told = await notificationsOf(watcher.id, 'checkin_open');
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe(`Check-in is open: ${contest.title}`);
    expect(told[0]!.link).toBe(`/contests/${contest.slug}`);
  });

  it('drops who did not check in, tells them, generates the bracket, once', async () => {
    const [a, b, c] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const d = await createUser(t.db);
    const contest = await checkInContest(10 * MINUTE, 60);
    for (const user of [a, b, c, d]) {
      await addParticipant({ db: t.db, contestId: contest.id, userId: user.id });
    }
    await as(a).checkIn.checkIn({ contestId: contest.id });
    await as(d).checkIn.checkIn({ contestId: contest.id });
    // Before the start: nothing happens to it.
    await runStartRound({ db: t.db });
    expect((await storedContest(t.db, contest.id))!.participants).toBe(4);
    const at = contest.startDate!.getTime();
    const result = await runStartRound({ db: t.db, now: at });
    expect(result).toMatchObject({ started: 1, dropped: 2, generated: 1 });
    const stored = await storedContest(t.db, contest.id);
    expect(stored).toMatchObject({ participants: 2 });
    expect(stored!.startHandledAt!.getTime()).toBe(at);
    expect(stored!.bracketGeneratedAt).toBeInstanceOf(Date);
    const left = await t.db
      .select({ userId: contestParticipants.userId })
      .from(contestParticipants)
      .where(eq(contestParticipants.contestId, contest.id));
    expect(left.map((row) => row.userId).sort()).toEqual([a.id, d.id].sort());
    // The engine's bracket: the two who checked in meet in the final.
    const bracket = await as(a).tournaments.bracket({ contestId: contest.id });
    expect(bracket.generated).toBe(true);
    const matches = bracket.stages.flatMap((st) =>
      st.groups.flatMap((g) => g.rounds.flatMap((r) => r.matches)),
    );
    expect(matches).toHaveLength(1);
    expect(matches[0]!.participants.map((p) => p?.name).sort()).toEqual(
      [a.username, d.username].sort(),
    );
    for (const user of [b, c]) {
      const told = await notificationsOf(user.id, 'checkin_missed');
      expect(told).toHaveLength(1);
      expect(told[0]!.body).toContain('You did not check in before the start');
    }
    expect(await notificationsOf(a.id, 'checkin_missed')).toEqual([]);
    // Once: a later round does nothing more to it.
    const again = await runStartRound({ db: t.db, now: at + MINUTE });
    expect(again).toMatchObject({ started: 0, dropped: 0, generated: 0 });
  });

  it('keeps the drop when too few are left to generate, and does not try again', async () => {
    const [a, b] = [await createUser(t.db), await createUser(t.db)];
    const contest = await checkInContest(5 * MINUTE, 30);
    await addParticipant({ db: t.db, contestId: contest.id, userId: a.id });
    await addParticipant({ db: t.db, contestId: contest.id, userId: b.id });
    await as(a).checkIn.checkIn({ contestId: contest.id });
    const errors: number[] = [];
    const at = contest.startDate!.getTime();
    const result = await runStartRound({
      db: t.db,
      now: at,
      onGenerateError: (_e, id) => errors.push(id),
    });
    // One participant is no bracket: left to the organiser, not an error.
    expect(result).toMatchObject({ started: 1, dropped: 1, generated: 0 });
    expect(errors).toEqual([]);
    const stored = await storedContest(t.db, contest.id);
    expect(stored).toMatchObject({ participants: 1, bracketGeneratedAt: null });
    expect(stored!.startHandledAt!.getTime()).toBe(at);
    const again = await runStartRound({ db: t.db, now: at + MINUTE });
    expect(again).toMatchObject({ started: 0, dropped: 0, generated: 0 });
  });

  it('drops nobody without check-in, and generates only when the contest asks for it', async () => {
    const [a, b] = [await createUser(t.db), await createUser(t.db)];
    const noCheckIn = await checkInContest(5 * MINUTE, 0);
    const manual = await checkInContest(5 * MINUTE, 0, {
      tournament: { checkInMinutes: 0, autoGenerate: false },
    });
    const openFormat = await checkInContest(5 * MINUTE, 60, { format: 'open' });
    for (const contest of [noCheckIn, manual, openFormat]) {
      for (const user of [a, b]) {
        await addParticipant({ db: t.db, contestId: contest.id, userId: user.id });
      }
    }
    await runStartRound({ db: t.db, now: Date.now() + 10 * MINUTE });
    expect((await storedContest(t.db, noCheckIn.id))!.bracketGeneratedAt).toBeInstanceOf(Date);
    expect((await storedContest(t.db, manual.id))!.bracketGeneratedAt).toBeNull();
    expect((await storedContest(t.db, openFormat.id))!.bracketGeneratedAt).toBeNull();
    for (const contest of [noCheckIn, manual, openFormat]) {
      expect((await storedContest(t.db, contest.id))!.participants).toBe(2);
    }
    expect((await storedContest(t.db, openFormat.id))!.startHandledAt).toBeNull();
  });
});

describe('what the form asks for', () => {
  it('asks each format for its own settings, open for none', () => {
    expect(askedTournamentSettings('open', 'individual')).toEqual([]);
    expect(askedTournamentSettings('knockout', 'individual')).toEqual([
      'elimination',
      'thirdPlaceMatch',
      'bestOf',
      'finalsBestOf',
      'checkInMinutes',
      'selfReport',
      'autoGenerate',
    ]);
    expect(askedTournamentSettings('knockout', 'individual', { elimination: 'double' })).toContain(
      'grandFinal',
    );
    expect(askedTournamentSettings('league', 'individual').slice(0, 4)).toEqual([
      'legs',
      'pointsWin',
      'pointsDraw',
      'pointsLoss',
    ]);
    expect(askedTournamentSettings('tournament', 'individual')).toContain('advancePerGroup');
    expect(askedTournamentSettings('tournament', 'individual', { system: 'swiss' })).toContain(
      'swissRounds',
    );
    // Final rounds have their own best-of where a knockout is played, not in a league or Swiss.
    expect(askedTournamentSettings('tournament', 'individual')).toContain('finalsBestOf');
    expect(askedTournamentSettings('league', 'individual')).toContain('bestOf');
    expect(askedTournamentSettings('league', 'individual')).not.toContain('finalsBestOf');
    expect(askedTournamentSettings('tournament', 'individual', { system: 'swiss' })).not.toContain(
      'finalsBestOf',
    );
    expect(askedTournamentSettings('open', 'team')).toEqual(['teamMin', 'teamMax']);
  });

  it('saves a draft with only the asked settings, a bad hidden one left out of it', () => {
    const values = {
      ...EMPTY_VALUES,
      format: 'knockout',
      mode: 'individual',
      tournament: { ...EMPTY_VALUES.tournament, elimination: 'double' as const, groupSize: 99 },
    };
    const { payload, skipped } = draftPayload(values);
    expect(payload.tournament).toEqual({
      elimination: 'double',
      grandFinal: 'simple',
      bestOf: 1,
      finalsBestOf: 0,
      checkInMinutes: 0,
      selfReport: false,
      autoGenerate: true,
    });
    expect(skipped).not.toContain('tournament');
    const emptied = draftPayload({
      ...values,
      tournament: { ...values.tournament, checkInMinutes: '' },
    });
    expect(emptied.skipped).toContain('tournament');
  });

  it('reads a browser copy without settings, or with bad ones, as the defaults', () => {
    const storage = new Map<string, string>();
    const store = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    };
    store.setItem(
      'contestDraft',
      JSON.stringify({ userId: 1, step: 1, values: { format: 'league' } }),
    );
    expect(readBrowserDraft(store, 1, 5)!.values.tournament).toEqual(DEFAULT_TOURNAMENT_SETTINGS);
    store.setItem(
      'contestDraft',
      JSON.stringify({
        userId: 1,
        step: 1,
        values: { tournament: { legs: '2', selfReport: 'yes', elimination: 'double' } },
      }),
    );
    expect(readBrowserDraft(store, 1, 5)!.values.tournament).toMatchObject({
      legs: '2',
      selfReport: false,
      elimination: 'double',
    });
  });
});

describe('two start rounds at once', () => {
  it('handle a contest once', async () => {
    await t.db.update(contests).set({ startHandledAt: new Date() });
    const [a, b, c] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const contest = await checkInContest(5 * MINUTE, 30);
    for (const user of [a, b, c]) {
      await addParticipant({ db: t.db, contestId: contest.id, userId: user.id });
    }
    await as(b).checkIn.checkIn({ contestId: contest.id });
    await as(c).checkIn.checkIn({ contestId: contest.id });
    const now = contest.startDate!.getTime() + MINUTE;
    const [x, y] = await Promise.all([
      runStartRound({ db: t.db, now }),
      runStartRound({ db: t.db, now }),
    ]);
    expect(x.started + y.started).toBe(1);
    expect(x.dropped + y.dropped).toBe(1);
    expect(x.generated + y.generated).toBe(1);
    // One bracket of two: one match, not two.
    const matches = await t.db
      .select({ id: bracketMatches.id })
      .from(bracketMatches)
      .where(eq(bracketMatches.contestId, contest.id));
    expect(matches).toHaveLength(1);
    const told = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, a.id), eq(notifications.kind, 'checkin_missed')));
    expect(told).toHaveLength(1);
  });
});
