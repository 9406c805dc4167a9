// Disqualifying a player after the start (issue 29 point 3): who may, when, and each refusal;
// their unplayed matches become forfeits (now, and as later ones become ready: a knockout's next
// round, a double elimination's lower bracket), the bracket advances, a table ranks them last,
// and every read marks them (match slots, standings, placement, leaderboard). Audited; the
// player is told why.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { auditLog, contestParticipants, notifications } from '../../src/server/platform/db/schema';
import type { TMatch, TTournamentSettingsInput } from '../../src/shared/schemas/tournaments';
import type { ContestFormat } from '../../src/shared/contests';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { insertContest } from '../helpers/contests';

const t = await createTestDb();
afterAll(() => t.close());

const creator = await createUser(t.db);
const moderator = await createUser(t.db, { role: 'moderator' });
const admin = await createUser(t.db, { role: 'admin' });
const outsider = await createUser(t.db);
const as = (user: CreatedUser) => callerFor(t, user).caller;
const REASON = 'Did not show up for round 2';

/** A contest of `n` new members by `creator`, generated unless told not to. */
async function contestWith(
  n: number,
  format: ContestFormat = 'knockout',
  tournament: TTournamentSettingsInput = {},
  { generate = true } = {},
) {
  const contest = await insertContest(t.db, {
    createdBy: creator.id,
    format,
    tournament,
    registrationDeadline: new Date(Date.now() - 60_000),
  });
  const members: CreatedUser[] = [];
  for (let i = 0; i < n; i++) {
    const member = await createUser(t.db);
    await addParticipant({ db: t.db, contestId: contest.id, userId: member.id });
    members.push(member);
  }
  const rows = await t.db
    .select({ id: contestParticipants.id, userId: contestParticipants.userId })
    .from(contestParticipants)
    .where(eq(contestParticipants.contestId, contest.id));
  const pid = (u: CreatedUser) => rows.find((r) => r.userId === u.id)!.id;
  const member = (participantId: number) => members.find((m) => pid(m) === participantId)!;
  if (generate) {
    await as(creator).tournaments.generate({ contestId: contest.id, seeding: 'random' });
  }
  return { contest, members, pid, member };
}

const c = () => as(creator);
const matchesOf = (contestId: number) => c().tournaments.matches({ contestId });
const ids = (m: TMatch) => [m.participants[0]?.id ?? null, m.participants[1]?.id ?? null];
const involves = (m: TMatch, p: number) => ids(m).includes(p);

/** Reports every ready match with the first participant winning. */
async function playReady(contestId: number, skip: (m: TMatch) => boolean = () => false) {
  for (const m of await matchesOf(contestId)) {
    if (m.status !== 'ready' || skip(m)) continue;
    await c().tournaments.report({ matchId: m.id, scores: [2, 1] });
  }
}

describe('roster.disqualify in a knockout', () => {
  it('of 4, in round 2: the final is a forfeit, the opponent is champion, places marked DQ', async () => {
    const { contest, member } = await contestWith(4);
    await playReady(contest.id);
    const final = (await matchesOf(contest.id)).find((m) => m.status === 'ready')!;
    const [p1, p2] = ids(final) as [number, number];
    const out = member(p1);
    const player = await c().roster.disqualify({
      contestId: contest.id,
      userId: out.id,
      reason: REASON,
    });
    expect(player).toMatchObject({
      userId: out.id,
      username: out.username,
      participantId: p1,
      state: 'disqualified',
      reason: REASON,
    });
    const after = await c().tournaments.match({ matchId: final.id });
    expect(after.status).toBe('completed');
    expect(after.participants[0]).toMatchObject({
      id: p1,
      forfeit: true,
      result: 'loss',
      disqualified: true,
    });
    expect(after.participants[1]).toMatchObject({ id: p2, result: 'win' });
    expect(after.participants[1]!.disqualified).toBeFalsy();
    const bracket = await c().tournaments.bracket({ contestId: contest.id });
    expect(bracket.placement!.slice(0, 2)).toMatchObject([
      { participantId: p2, place: 1 },
      { participantId: p1, place: 2, disqualified: true },
    ]);
    expect(bracket.placement!.filter((p) => p.disqualified)).toHaveLength(1);
    const board = await c().leaderboard.get({ contestId: contest.id });
    const entry = board.entries.find((e) => e.userId === out.id)!;
    expect(entry).toMatchObject({ rank: 2, disqualified: true });
    expect(board.entries.filter((e) => e.disqualified)).toHaveLength(1);
    // Audited, and the player is told why.
    const audits = await t.db
      .select({ actorId: auditLog.actorId, targetId: auditLog.targetId, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'contest.participant.disqualified'));
    const audit = audits.find((a) => a.targetId === String(contest.id))!;
    expect(audit.actorId).toBe(creator.id);
    expect(JSON.parse(audit.after!)).toMatchObject({ userId: out.id, reason: REASON });
    const told = await t.db
      .select({ body: notifications.body, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, out.id), eq(notifications.kind, 'disqualified')));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain(REASON);
    expect(told[0]!.link).toBe(`/contests/${contest.slug}`);
  });

  it('of 7 (a bye): a semi-final waiting for its opponent is forfeited once it is known', async () => {
    const { contest, member } = await contestWith(7);
    const matches = await matchesOf(contest.id);
    // The seed with a bye waits in round 2 for the winner of a first-round match.
    const waiting = matches.find(
      (m) => m.round === 2 && m.participants.some((p) => p?.id != null) && m.status !== 'ready',
    )!;
    const seeded = ids(waiting).find((id) => id !== null)!;
    await c().roster.disqualify({
      contestId: contest.id,
      userId: member(seeded).id,
      reason: REASON,
    });
    expect((await c().tournaments.match({ matchId: waiting.id })).status).not.toBe('completed');
    await playReady(contest.id);
    const semi = await c().tournaments.match({ matchId: waiting.id });
    expect(semi.status).toBe('completed');
    const mine = semi.participants.find((p) => p?.id === seeded)!;
    expect(mine).toMatchObject({ forfeit: true, result: 'loss', disqualified: true });
    // The opponent advances; the rest is played to the end.
    const opponent = ids(semi).find((id) => id !== seeded)!;
    await playReady(contest.id);
    const final = (await matchesOf(contest.id)).find((m) => m.round === 3)!;
    expect(ids(final)).toContain(opponent);
    await playReady(contest.id);
    const bracket = await c().tournaments.bracket({ contestId: contest.id });
    const placed = bracket.placement!.find((p) => p.participantId === seeded)!;
    // Out in the semi-finals, as the bracket says: 3rd-4th, marked.
    expect(placed).toMatchObject({ place: 3, disqualified: true });
  });
});

describe('roster.disqualify in a double elimination', () => {
  it('forfeits their lower-bracket match when it becomes ready', async () => {
    const { contest, member } = await contestWith(4, 'knockout', { elimination: 'double' });
    const [first, second] = (await matchesOf(contest.id)).filter(
      (m) => m.round === 1 && m.status === 'ready',
    );
    await c().tournaments.report({ matchId: first!.id, scores: [2, 1] });
    const loser = ids(first!)[1]!;
    await c().roster.disqualify({
      contestId: contest.id,
      userId: member(loser).id,
      reason: REASON,
    });
    const lower = () =>
      matchesOf(contest.id).then((ms) => ms.find((m) => involves(m, loser) && m.id !== first!.id)!);
    expect((await lower()).status).not.toBe('completed');
    await c().tournaments.report({ matchId: second!.id, scores: [2, 1] });
    const now = await lower();
    expect(now.status).toBe('completed');
    expect(now.participants.find((p) => p?.id === loser)).toMatchObject({
      forfeit: true,
      result: 'loss',
      disqualified: true,
    });
  });
});

describe('roster.disqualify in a table', () => {
  it('league: every remaining match is a forfeit, and they rank last whatever their points', async () => {
    const { contest, member } = await contestWith(4, 'league');
    const all = await matchesOf(contest.id);
    const won = all[0]!;
    await c().tournaments.report({ matchId: won.id, scores: [3, 0] });
    const out = ids(won)[0]!;
    await c().roster.disqualify({ contestId: contest.id, userId: member(out).id, reason: REASON });
    const theirs = (await matchesOf(contest.id)).filter((m) => involves(m, out));
    expect(theirs).toHaveLength(3);
    expect(theirs.every((m) => m.status === 'completed')).toBe(true);
    expect(theirs.filter((m) => m.participants.some((p) => p?.forfeit))).toHaveLength(2);
    const table = (await c().tournaments.standings({ contestId: contest.id })).groups[0]!.rows;
    expect(table.at(-1)).toMatchObject({ participantId: out, rank: 4, disqualified: true });
    expect(table.at(-1)!.points).toBeGreaterThan(0);
    expect(table.filter((r) => r.disqualified)).toHaveLength(1);
    await playReady(contest.id);
    const bracket = await c().tournaments.bracket({ contestId: contest.id });
    expect(bracket.placement!.at(-1)).toMatchObject({
      participantId: out,
      place: 4,
      disqualified: true,
    });
  });

  it('groups: last of their group, so they do not reach the knockout', async () => {
    const { contest, member } = await contestWith(8, 'tournament', {
      system: 'groups',
      groupSize: 4,
      advancePerGroup: 2,
    });
    const [first] = await matchesOf(contest.id);
    const out = ids(first!)[0]!;
    await c().tournaments.report({ matchId: first!.id, scores: [3, 0] });
    await c().roster.disqualify({ contestId: contest.id, userId: member(out).id, reason: REASON });
    const stage = () => c().tournaments.bracket({ contestId: contest.id });
    // Every group match (three rounds at most), then the knockout exists.
    for (let i = 0; i < 3 && (await stage()).stages.length < 2; i++) await playReady(contest.id);
    expect((await stage()).stages).toHaveLength(2);
    const standings = await c().tournaments.standings({ contestId: contest.id });
    const theirGroup = standings.groups.find((g) => g.rows.some((r) => r.participantId === out))!;
    expect(theirGroup.rows.at(-1)).toMatchObject({ participantId: out, disqualified: true });
    const knockout = (await stage()).stages[1]!;
    const seeded = knockout.groups
      .flatMap((g) => g.rounds.flatMap((r) => r.matches))
      .flatMap((m) => ids(m));
    expect(seeded).not.toContain(out);
  });

  it('Swiss: their round is a forfeit and they are paired no more', async () => {
    const { contest, member } = await contestWith(4, 'tournament', {
      system: 'swiss',
      swissRounds: 3,
    });
    const [one] = await matchesOf(contest.id);
    const out = ids(one!)[0]!;
    await c().roster.disqualify({ contestId: contest.id, userId: member(out).id, reason: REASON });
    expect((await c().tournaments.match({ matchId: one!.id })).status).toBe('completed');
    await playReady(contest.id);
    const later = (await matchesOf(contest.id)).filter((m) => m.round > 1);
    expect(later.length).toBeGreaterThan(0);
    expect(later.some((m) => involves(m, out))).toBe(false);
    const table = (await c().tournaments.standings({ contestId: contest.id })).groups[0]!.rows;
    expect(table.at(-1)).toMatchObject({ participantId: out, disqualified: true });
  });
});

describe('roster.disqualify refusals', () => {
  it('is for the creator, moderators and admins; another member (or a player) is refused 403', async () => {
    const { contest, members } = await contestWith(8);
    for (const who of [outsider, members[0]!]) {
      expect(
        await refusal(
          as(who).roster.disqualify({
            contestId: contest.id,
            userId: members[1]!.id,
            reason: REASON,
          }),
        ),
      ).toMatchObject({ code: 'FORBIDDEN', reason: 'not_organiser' });
    }
    for (const [who, i] of [
      [creator, 1],
      [moderator, 2],
      [admin, 3],
    ] as const) {
      const player = await as(who).roster.disqualify({
        contestId: contest.id,
        userId: members[i]!.id,
        reason: REASON,
      });
      expect(player.state).toBe('disqualified');
    }
  });

  it('refuses before the start, twice, a non-player, a short reason, and after the end', async () => {
    const early = await contestWith(2, 'knockout', {}, { generate: false });
    expect(
      await refusal(
        c().roster.disqualify({
          contestId: early.contest.id,
          userId: early.members[0]!.id,
          reason: REASON,
        }),
      ),
    ).toMatchObject({ code: 'CONFLICT', reason: 'not_started' });
    const { contest, members } = await contestWith(4);
    const input = { contestId: contest.id, userId: members[0]!.id, reason: REASON };
    await c().roster.disqualify(input);
    expect(await refusal(c().roster.disqualify(input))).toMatchObject({
      code: 'CONFLICT',
      reason: 'already_disqualified',
    });
    expect(await refusal(c().roster.disqualify({ ...input, userId: outsider.id }))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'not_a_player',
    });
    expect(
      await refusal(c().roster.disqualify({ ...input, userId: members[1]!.id, reason: 'x' })),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    await playReady(contest.id);
    await playReady(contest.id);
    expect(
      await refusal(c().roster.disqualify({ ...input, userId: members[1]!.id })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'contest_completed' });
  });
});
