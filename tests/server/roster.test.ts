// The organiser's player list (issue 29 point 3): each roster procedure as each role (admin,
// moderator, creator, another member, signed out) and each refusal; the no-show rule ('Process
// check-ins', 'Start now', Generate: a no-show is dropped, kept as 'did not check in', told).
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  contestParticipants,
  contests,
  notifications,
  participantExits,
} from '../../src/server/platform/db/schema';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { TOURNAMENT_MESSAGES } from '../../src/shared/tournaments';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { insertContest, storedContest } from '../helpers/contests';
import { insertProof } from '../helpers/payments';

const t = await createTestDb();
afterAll(() => t.close());

const creator = await createUser(t.db);
const other = await createUser(t.db);
const moderator = await createUser(t.db, { role: 'moderator' });
const admin = await createUser(t.db, { role: 'admin' });

const as = (user?: CreatedUser) => callerFor(t, user).caller;
const HOUR = 3_600_000;

/** An active knockout of the creator's starting in an hour (check-in window in minutes). */
async function knockout(checkInMinutes = 0, extra: Partial<typeof contests.$inferInsert> = {}) {
  const start = new Date(Date.now() + HOUR);
  return insertContest(t.db, {
    createdBy: creator.id,
    status: 'active',
    format: 'knockout',
    startDate: start,
    registrationDeadline: start,
    tournament: { checkInMinutes },
    ...extra,
  });
}

async function players(n: number, contestId: number): Promise<CreatedUser[]> {
  const made: CreatedUser[] = [];
  for (let i = 0; i < n; i++) {
    const user = await createUser(t.db);
    await addParticipant({ db: t.db, contestId, userId: user.id });
    made.push(user);
  }
  return made;
}

async function noticesOf(userId: number, kind: 'checkin_missed' | 'roster_changed') {
  return t.db
    .select({ title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
}

async function audits(action: string, contestId: number) {
  return t.db
    .select({ after: auditLog.after, actorId: auditLog.actorId })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(contestId))));
}

const ORGANISERS: [string, CreatedUser][] = [
  ['creator', creator],
  ['moderator', moderator],
  ['admin', admin],
];

describe('roster.list', () => {
  it.each(ORGANISERS)('answers the list to the %s', async (_name, user) => {
    const contest = await knockout(30);
    const [a, b] = await players(2, contest.id);
    const list = await as(user).roster.list({ contestId: contest.id });
    expect(list).toMatchObject({
      contestId: contest.id,
      checkIn: true,
      started: false,
      bracketGeneratedAt: null,
      participants: 2,
      maxParticipants: contest.maxParticipants,
    });
    expect(list.players.map((p) => [p.username, p.state, p.participantId !== null])).toEqual([
      [a!.username, 'in', true],
      [b!.username, 'in', true],
    ]);
  });

  it('is refused to another member (403), signed out (401), and hidden (404)', async () => {
    const contest = await knockout();
    expect(await refusal(as(other).roster.list({ contestId: contest.id }))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'not_organiser',
    });
    expect(await refusal(as().roster.list({ contestId: contest.id }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const hidden = await knockout(0, { status: 'pending' });
    expect(await refusal(as(other).roster.list({ contestId: hidden.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await refusal(as(creator).roster.list({ contestId: 999_999 }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('roster.add', () => {
  it.each(ORGANISERS)(
    'lets the %s add a member by username past the deadline, told and audited',
    async (_name, user) => {
      const past = new Date(Date.now() - HOUR);
      const contest = await knockout(30, { registrationDeadline: past });
      const walkIn = await createUser(t.db);
      const added = await as(user).roster.add({
        contestId: contest.id,
        username: walkIn.username.toUpperCase(),
      });
      expect(added).toMatchObject({
        userId: walkIn.id,
        username: walkIn.username,
        state: 'in',
        checkedInAt: null,
        feeWaived: false,
      });
      expect((await storedContest(t.db, contest.id))!.participants).toBe(1);
      const told = await noticesOf(walkIn.id, 'roster_changed');
      expect(told).toEqual([
        {
          title: `You were added to ${contest.title}`,
          body: `You were added to “${contest.title}” by the organiser. Good luck!`,
        },
      ]);
      const [audit] = await audits('contest.participant.add', contest.id);
      expect(audit!.actorId).toBe(user.id);
      expect(JSON.parse(audit!.after!)).toEqual({
        userId: walkIn.id,
        username: walkIn.username,
        feeWaived: false,
      });
    },
  );

  it('is refused to another member and signed out', async () => {
    const contest = await knockout();
    const walkIn = await createUser(t.db);
    const input = { contestId: contest.id, username: walkIn.username };
    expect(await refusal(as(other).roster.add(input))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'not_organiser',
    });
    expect(await refusal(as().roster.add(input))).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses an unknown name, a member in already, a full contest, a low tier, team mode', async () => {
    const contest = await knockout(0, { maxParticipants: 2 });
    const [a] = await players(1, contest.id);
    const c = as(creator);
    expect(
      await refusal(c.roster.add({ contestId: contest.id, username: 'nobody_by_this_name' })),
    ).toMatchObject({ code: 'NOT_FOUND', reason: 'unknown_user' });
    expect(
      await refusal(c.roster.add({ contestId: contest.id, username: a!.username })),
    ).toMatchObject({
      code: 'CONFLICT',
      reason: 'already_joined',
      message: `${a!.username} is already taking part in this contest`,
    });
    await players(1, contest.id);
    const late = await createUser(t.db);
    expect(
      await refusal(c.roster.add({ contestId: contest.id, username: late.username })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'full' });

    const elite = await knockout(0, { requiredTier: 'elite' });
    const basic = await createUser(t.db, { tier: 'free' });
    expect(
      await refusal(c.roster.add({ contestId: elite.id, username: basic.username })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'tier', details: { requiredTier: 'elite' } });

    const teams = await knockout(0, { mode: 'team' });
    expect(
      await refusal(c.roster.add({ contestId: teams.id, username: basic.username })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'team_only' });
  });

  it('asks for a verified fee, or the organiser waives it (recorded and audited)', async () => {
    const paid = await knockout(0, { participationType: 'paid', entryFee: '25' });
    const [unpaid, payer] = [await createUser(t.db), await createUser(t.db)];
    const c = as(creator);
    expect(
      await refusal(c.roster.add({ contestId: paid.id, username: unpaid.username })),
    ).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'fee_unverified',
      message: `${unpaid.username} has no verified entry fee for this contest: they can pay it, or you may waive it`,
    });
    await insertProof(t.db, { userId: payer.id, contestId: paid.id, status: 'verified' });
    expect(await c.roster.add({ contestId: paid.id, username: payer.username })).toMatchObject({
      userId: payer.id,
      feeWaived: false,
    });
    const waived = await c.roster.add({
      contestId: paid.id,
      username: unpaid.username,
      waiveFee: true,
    });
    expect(waived).toMatchObject({ userId: unpaid.id, feeWaived: true });
    const audited = (await audits('contest.participant.add', paid.id)).map((a) =>
      JSON.parse(a.after!),
    );
    expect(audited).toContainEqual({
      userId: unpaid.id,
      username: unpaid.username,
      feeWaived: true,
    });
  });

  it('refuses once the bracket is generated (started)', async () => {
    const contest = await knockout();
    await players(2, contest.id);
    await t.db
      .update(contests)
      .set({ registrationDeadline: new Date(Date.now() - 1000) })
      .where(eq(contests.id, contest.id));
    await as(creator).tournaments.generate({ contestId: contest.id, seeding: 'random' });
    const late = await createUser(t.db);
    expect(
      await refusal(as(creator).roster.add({ contestId: contest.id, username: late.username })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'started' });
  });
});

describe('roster.checkIn and roster.checkOut', () => {
  it.each(ORGANISERS)(
    'let the %s check a player in and out outside the window, audited',
    async (_name, user) => {
      // The window (30 minutes before a start an hour away) is not open yet.
      const contest = await knockout(30);
      const [a] = await players(1, contest.id);
      const ref = { contestId: contest.id, userId: a!.id };
      const checked = await as(user).roster.checkIn(ref);
      expect(checked.checkedInAt).toBeInstanceOf(Date);
      // Twice keeps the first time.
      expect((await as(user).roster.checkIn(ref)).checkedInAt).toEqual(checked.checkedInAt);
      expect((await as(user).roster.checkOut(ref)).checkedInAt).toBeNull();
      expect(await audits('contest.participant.check_in', contest.id)).toHaveLength(1);
      expect(await audits('contest.participant.check_out', contest.id)).toHaveLength(1);
    },
  );

  it('are refused to another member, signed out, without check-in, to a non-player, after the bracket', async () => {
    const contest = await knockout(30);
    const [a, b] = await players(2, contest.id);
    const ref = { contestId: contest.id, userId: a!.id };
    expect(await refusal(as(other).roster.checkIn(ref))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'not_organiser',
    });
    expect(await refusal(as().roster.checkOut(ref))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(
      await refusal(as(creator).roster.checkIn({ contestId: contest.id, userId: other.id })),
    ).toMatchObject({ code: 'NOT_FOUND', reason: 'not_a_player' });
    const off = await knockout(0);
    const [c] = await players(1, off.id);
    expect(
      await refusal(as(creator).roster.checkIn({ contestId: off.id, userId: c!.id })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'checkin_off' });
    await as(creator).roster.checkIn(ref);
    await as(creator).roster.checkIn({ contestId: contest.id, userId: b!.id });
    await as(creator).roster.startNow({ contestId: contest.id });
    expect(await refusal(as(creator).roster.checkOut(ref))).toMatchObject({
      code: 'CONFLICT',
      reason: 'checkin_closed',
    });
  });
});

describe('roster.processCheckIns', () => {
  it.each(ORGANISERS)(
    'lets the %s drop every no-show at once: kept as did not check in, told, off the count',
    async (_name, user) => {
      const contest = await knockout(30);
      const [a, b, c] = await players(3, contest.id);
      await as(creator).roster.checkIn({ contestId: contest.id, userId: a!.id });
      const result = await as(user).roster.processCheckIns({ contestId: contest.id });
      expect(result.dropped.sort()).toEqual([b!.id, c!.id].sort());
      expect((await storedContest(t.db, contest.id))!.participants).toBe(1);
      for (const gone of [b!, c!]) {
        const told = await noticesOf(gone.id, 'checkin_missed');
        expect(told).toHaveLength(1);
      }
      const exits = await t.db
        .select({ userId: participantExits.userId, kind: participantExits.kind })
        .from(participantExits)
        .where(eq(participantExits.contestId, contest.id));
      expect(exits.map((e) => e.kind)).toEqual(['no_show', 'no_show']);
      const list = await as(user).roster.list({ contestId: contest.id });
      expect(list.participants).toBe(1);
      expect(list.players.map((p) => p.state)).toEqual(['in', 'no_show', 'no_show']);
      expect(list.players[1]!.joinedAt).toBeInstanceOf(Date);
      // Nobody left to drop: a second run is no change.
      expect(await as(user).roster.processCheckIns({ contestId: contest.id })).toEqual({
        dropped: [],
      });
    },
  );

  it('is refused to another member, signed out, and without check-in', async () => {
    const contest = await knockout(30);
    expect(
      await refusal(as(other).roster.processCheckIns({ contestId: contest.id })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'not_organiser' });
    expect(await refusal(as().roster.processCheckIns({ contestId: contest.id }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const off = await knockout(0);
    expect(await refusal(as(creator).roster.processCheckIns({ contestId: off.id }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'checkin_off',
    });
  });

  it('is what Generate does first: a no-show takes no slot and is no participant (issue 29 point 2)', async () => {
    const contest = await knockout(30);
    const [a, b, c] = await players(3, contest.id);
    for (const user of [a!, b!]) {
      await as(creator).roster.checkIn({ contestId: contest.id, userId: user.id });
    }
    await t.db
      .update(contests)
      .set({ registrationDeadline: new Date(Date.now() - 1000) })
      .where(eq(contests.id, contest.id));
    const generated = await as(creator).tournaments.generate({
      contestId: contest.id,
      seeding: 'random',
    });
    expect(generated.participants).toBe(2);
    expect((await storedContest(t.db, contest.id))!.participants).toBe(2);
    const rows = await t.db
      .select({ userId: contestParticipants.userId })
      .from(contestParticipants)
      .where(eq(contestParticipants.contestId, contest.id));
    expect(rows.map((r) => r.userId)).not.toContain(c!.id);
    expect(await noticesOf(c!.id, 'checkin_missed')).toHaveLength(1);
  });
});

describe('roster.remove', () => {
  it.each(ORGANISERS)(
    'lets the %s remove a player before the start, told why and audited',
    async (_name, user) => {
      const contest = await knockout();
      const [a, b] = await players(2, contest.id);
      const removed = await as(user).roster.remove({
        contestId: contest.id,
        userId: a!.id,
        reason: 'Registered twice',
      });
      expect(removed).toMatchObject({
        userId: a!.id,
        state: 'removed',
        reason: 'Registered twice',
        participantId: null,
      });
      expect((await storedContest(t.db, contest.id))!.participants).toBe(1);
      const told = await noticesOf(a!.id, 'roster_changed');
      expect(told[0]!.body).toBe(
        `The organiser removed you from “${contest.title}”. Reason: Registered twice`,
      );
      const [exit] = await t.db
        .select({ kind: participantExits.kind, byUserId: participantExits.byUserId })
        .from(participantExits)
        .where(eq(participantExits.contestId, contest.id));
      expect(exit).toEqual({ kind: 'removed', byUserId: user.id });
      expect(await audits('contest.participant.remove', contest.id)).toHaveLength(1);
      const list = await as(user).roster.list({ contestId: contest.id });
      expect(list.players.map((p) => [p.userId, p.state])).toEqual([
        [b!.id, 'in'],
        [a!.id, 'removed'],
      ]);
      // Added back: in again, the old exit no longer listed.
      await as(user).roster.add({ contestId: contest.id, username: a!.username });
      const again = await as(user).roster.list({ contestId: contest.id });
      expect(again.players.map((p) => p.state)).toEqual(['in', 'in']);
    },
  );

  it('is refused to another member, signed out, to a non-player, after the start, without a reason', async () => {
    const contest = await knockout();
    const [a, b] = await players(2, contest.id);
    const input = { contestId: contest.id, userId: a!.id, reason: 'No reason at all' };
    expect(await refusal(as(other).roster.remove(input))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'not_organiser',
    });
    expect(await refusal(as().roster.remove(input))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await refusal(as(creator).roster.remove({ ...input, reason: 'x' }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await refusal(as(creator).roster.remove({ ...input, userId: other.id }))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'not_a_player',
    });
    void b;
    await as(creator).roster.startNow({ contestId: contest.id });
    expect(await refusal(as(creator).roster.remove(input))).toMatchObject({
      code: 'CONFLICT',
      reason: 'started',
    });
  });
});

describe('roster.startNow', () => {
  it.each(ORGANISERS)(
    'lets the %s start now: registration closes, no-shows dropped, the bracket generated',
    async (_name, user) => {
      const contest = await knockout(30);
      const [a, b, c] = await players(3, contest.id);
      for (const p of [a!, b!]) {
        await as(creator).roster.checkIn({ contestId: contest.id, userId: p.id });
      }
      const before = Date.now();
      const started = await as(user).roster.startNow({ contestId: contest.id });
      expect(started.dropped).toEqual([c!.id]);
      expect(started.bracket).toMatchObject({ contestId: contest.id, participants: 2 });
      expect(started.registrationDeadline.getTime()).toBeGreaterThanOrEqual(before);
      // The start was an hour away: it moves to now, so no match is before it.
      expect(started.startDate.getTime()).toBe(started.registrationDeadline.getTime());
      const stored = await storedContest(t.db, contest.id);
      expect(stored).toMatchObject({ participants: 2 });
      expect(stored!.startHandledAt).toBeInstanceOf(Date);
      expect(stored!.bracketGeneratedAt).toBeInstanceOf(Date);
      const [audit] = await audits('contest.start_now', contest.id);
      expect(audit!.actorId).toBe(user.id);
      expect((await as(user).roster.list({ contestId: contest.id })).started).toBe(true);
      expect(await refusal(as(user).roster.startNow({ contestId: contest.id }))).toMatchObject({
        code: 'CONFLICT',
        reason: 'started',
      });
    },
  );

  it('starts an open contest without a bracket, keeping a start already passed', async () => {
    const started = new Date(Date.now() - HOUR);
    const contest = await knockout(0, {
      format: 'open',
      startDate: started,
      registrationDeadline: new Date(Date.now() + HOUR),
    });
    // Its start passed already: the one lifecycle says it has started.
    expect(await refusal(as(creator).roster.startNow({ contestId: contest.id }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'started',
    });
    const open = await knockout(0, { format: 'open' });
    const result = await as(creator).roster.startNow({ contestId: open.id });
    expect(result).toMatchObject({ dropped: [], bracket: null });
  });

  it('is refused to another member, signed out, and an unpublished contest', async () => {
    const contest = await knockout();
    expect(await refusal(as(other).roster.startNow({ contestId: contest.id }))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'not_organiser',
    });
    expect(await refusal(as().roster.startNow({ contestId: contest.id }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const draft = await knockout(0, { status: 'draft' });
    expect(await refusal(as(creator).roster.startNow({ contestId: draft.id }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'not_open',
    });
  });

  it("is Generate's way forward while registration is open", async () => {
    const contest = await knockout();
    await players(2, contest.id);
    expect(
      await refusal(as(creator).tournaments.generate({ contestId: contest.id, seeding: 'random' })),
    ).toMatchObject({
      reason: 'registration_open',
      message: TOURNAMENT_MESSAGES.registration_open,
    });
    expect(TOURNAMENT_MESSAGES.registration_open).toContain('Start now');
  });
});
