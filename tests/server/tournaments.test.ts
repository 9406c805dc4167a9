// The tournaments procedures per role (issue 19): generating a bracket (who may, when, seeding,
// check-in, regeneration), results (the organiser's, self-reports confirmed or disputed, the
// moderators' queue, forfeits, draws, edits and their refusals), the placement that becomes the
// leaderboard, the reads (bracket, standings, matches, next match), notifications and the
// bracket of a deleted member.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { deleteUser } from '../../src/server/domain/accounts/adminUsers';
import {
  auditLog,
  contestParticipants,
  contests,
  notifications,
} from '../../src/server/platform/db/schema';
import { REMOVED_PARTICIPANT } from '../../src/server/domain/tournaments';
import type { TTournamentSettingsInput, TMatch } from '../../src/shared/schemas/tournaments';
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
const adminActor = { id: admin.id, username: admin.username, role: admin.role };

const PAST = () => new Date(Date.now() - 60_000);

/** A bracket contest by `creator` with `n` new members (answered in join order). */
async function contestWith(
  n: number,
  format: ContestFormat = 'knockout',
  tournament: TTournamentSettingsInput = {},
  extra: Partial<typeof contests.$inferInsert> = {},
) {
  const contest = await insertContest(t.db, {
    createdBy: creator.id,
    format,
    tournament,
    registrationDeadline: PAST(),
    ...extra,
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
  return { contest, members, pid, ids: members.map(pid) };
}

const flat = (b: { stages: { groups: { rounds: { matches: TMatch[] }[] }[] }[] }) =>
  b.stages.flatMap((s) => s.groups.flatMap((g) => g.rounds.flatMap((r) => r.matches)));

describe('tournaments.generate', () => {
  it('is for the organiser: a member is refused (403 not_organiser), moderators and admins may', async () => {
    const { contest } = await contestWith(4);
    const member = as(outsider);
    expect(
      await refusal(member.tournaments.generate({ contestId: contest.id, seeding: 'random' })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'not_organiser' });
    const gen = await as(moderator).tournaments.generate({
      contestId: contest.id,
      seeding: 'random',
    });
    expect(gen.participants).toBe(4);
    await as(admin).tournaments.generate({
      contestId: contest.id,
      seeding: 'random',
      regenerate: true,
    });
    const [row] = await t.db
      .select({ at: contests.bracketGeneratedAt })
      .from(contests)
      .where(eq(contests.id, contest.id));
    expect(row!.at).toBeInstanceOf(Date);
    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(contest.id)));
    expect(audit.map((a) => a.action)).toEqual([
      'contest.bracket.generate',
      'contest.bracket.regenerate',
    ]);
  });

  it('answers 404 for a contest the caller may not see', async () => {
    const hidden = await insertContest(t.db, {
      createdBy: creator.id,
      status: 'pending',
      format: 'knockout',
    });
    expect(await refusal(as(outsider).tournaments.bracket({ contestId: hidden.id }))).toMatchObject(
      { code: 'NOT_FOUND' },
    );
    expect(
      await refusal(as(outsider).tournaments.generate({ contestId: hidden.id, seeding: 'random' })),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses an open format, open registration, too few participants and a bad manual order', async () => {
    const c = as(creator);
    const open = await contestWith(3, 'open');
    expect(
      await refusal(c.tournaments.generate({ contestId: open.contest.id, seeding: 'random' })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'no_bracket_format' });
    const early = await contestWith(
      3,
      'knockout',
      {},
      {
        registrationDeadline: new Date(Date.now() + 3_600_000),
      },
    );
    expect(
      await refusal(c.tournaments.generate({ contestId: early.contest.id, seeding: 'random' })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'registration_open' });
    const lonely = await contestWith(1);
    expect(
      await refusal(c.tournaments.generate({ contestId: lonely.contest.id, seeding: 'random' })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'not_enough_participants' });
    const groups = await contestWith(3, 'tournament', { system: 'groups', groupSize: 4 });
    expect(
      await refusal(c.tournaments.generate({ contestId: groups.contest.id, seeding: 'random' })),
    ).toMatchObject({ reason: 'not_enough_participants' });
    const manual = await contestWith(3);
    for (const order of [manual.ids.slice(0, 2), [...manual.ids, manual.ids[0]!], [1, 2, 3]]) {
      expect(
        await refusal(
          c.tournaments.generate({ contestId: manual.contest.id, seeding: 'manual', order }),
        ),
      ).toMatchObject({ code: 'BAD_REQUEST', reason: 'bad_seeding_order' });
    }
  });

  it('seeds by hand or by score: the best seeds get the byes', async () => {
    const c = as(creator);
    const manual = await contestWith(5);
    const order = [...manual.ids].reverse();
    await c.tournaments.generate({ contestId: manual.contest.id, seeding: 'manual', order });
    const round1 = (await c.tournaments.bracket({ contestId: manual.contest.id })).stages[0]!
      .groups[0]!.rounds[0]!.matches;
    const byes = round1.filter((m) => m.participants[1] === null).map((m) => m.participants[0]!.id);
    expect(byes.sort()).toEqual(order.slice(0, 3).sort());

    const scored = await contestWith(3, 'knockout');
    await t.db
      .update(contestParticipants)
      .set({ score: 10 })
      .where(eq(contestParticipants.id, scored.ids[2]!));
    await c.tournaments.generate({ contestId: scored.contest.id, seeding: 'score' });
    const first = (await c.tournaments.bracket({ contestId: scored.contest.id })).stages[0]!
      .groups[0]!.rounds[0]!.matches;
    expect(first.find((m) => m.participants[1] === null)!.participants[0]!.id).toBe(scored.ids[2]);
  });

  it('seeds only the checked-in when check-in is on', async () => {
    const { contest, ids } = await contestWith(4, 'league', { checkInMinutes: 30 });
    await t.db
      .update(contestParticipants)
      .set({ checkedInAt: new Date() })
      .where(eq(contestParticipants.id, ids[0]!));
    await t.db
      .update(contestParticipants)
      .set({ checkedInAt: new Date() })
      .where(eq(contestParticipants.id, ids[1]!));
    const gen = await as(creator).tournaments.generate({
      contestId: contest.id,
      seeding: 'random',
    });
    expect(gen.participants).toBe(2);
  });

  it('refuses a second bracket unless regenerating, and regenerating once results exist', async () => {
    const c = as(creator);
    const { contest } = await contestWith(4);
    await c.tournaments.generate({ contestId: contest.id, seeding: 'random' });
    expect(
      await refusal(c.tournaments.generate({ contestId: contest.id, seeding: 'random' })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'bracket_exists' });
    const again = await c.tournaments.generate({
      contestId: contest.id,
      seeding: 'random',
      regenerate: true,
    });
    expect(again.participants).toBe(4);
    const bracket = await c.tournaments.bracket({ contestId: contest.id });
    expect(bracket.canRegenerate).toBe(true);
    const ready = flat(bracket).find((m) => m.status === 'ready')!;
    await c.tournaments.report({ matchId: ready.id, scores: [2, 1] });
    expect((await c.tournaments.bracket({ contestId: contest.id })).canRegenerate).toBe(false);
    expect(
      await refusal(
        c.tournaments.generate({ contestId: contest.id, seeding: 'random', regenerate: true }),
      ),
    ).toMatchObject({ code: 'CONFLICT', reason: 'results_exist' });
  });

  it('tells the participants of ready matches (match_ready)', async () => {
    const { contest, members } = await contestWith(2);
    await as(creator).tournaments.generate({ contestId: contest.id, seeding: 'random' });
    for (const m of members) {
      const rows = await t.db
        .select({ kind: notifications.kind, body: notifications.body })
        .from(notifications)
        .where(and(eq(notifications.userId, m.id), eq(notifications.kind, 'match_ready')));
      expect(rows).toHaveLength(1);
      const other = members.find((x) => x.id !== m.id)!;
      expect(rows[0]!.body).toContain(other.username);
    }
  });
});

describe('tournaments.report, confirm, dispute', () => {
  it('lets the organiser report: winners advance, a draw is refused in a knockout, a forfeit lets the other win', async () => {
    const c = as(creator);
    const { contest, ids } = await contestWith(4);
    await c.tournaments.generate({ contestId: contest.id, seeding: 'manual', order: ids });
    let matches = await c.tournaments.matches({ contestId: contest.id });
    const [semi1, semi2] = matches.filter((m) => m.status === 'ready');
    const final = matches.find((m) => m.roundName === 'Final')!;
    expect(final.status).toBe('waiting');
    expect(
      await refusal(c.tournaments.report({ matchId: final.id, scores: [1, 0] })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'match_not_ready' });
    expect(
      await refusal(c.tournaments.report({ matchId: semi1!.id, scores: [1, 1] })),
    ).toMatchObject({ code: 'BAD_REQUEST', reason: 'draw_not_allowed' });
    expect(
      await refusal(c.tournaments.report({ matchId: semi1!.id, forfeit: 999_999 })),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    const done = await c.tournaments.report({ matchId: semi1!.id, scores: [3, 1] });
    expect(done.status).toBe('completed');
    expect(done.participants.map((p) => p!.result)).toEqual(['win', 'loss']);
    const loser2 = semi2!.participants[0]!.id!;
    await c.tournaments.report({ matchId: semi2!.id, forfeit: loser2 });
    matches = await c.tournaments.matches({ contestId: contest.id });
    const finalNow = matches.find((m) => m.id === final.id)!;
    expect(finalNow.status).toBe('ready');
    expect(finalNow.participants.map((p) => p!.id)).toEqual([
      semi1!.participants[0]!.id,
      semi2!.participants[1]!.id,
    ]);
    const forfeited = matches.find((m) => m.id === semi2!.id)!;
    expect(forfeited.participants[0]).toMatchObject({ forfeit: true, result: 'loss' });
    expect(forfeited.participants[1]).toMatchObject({ result: 'win' });
  });

  it('re-flows an edited result while nothing later is played, and refuses once it is', async () => {
    const c = as(creator);
    const { contest, ids } = await contestWith(4);
    await c.tournaments.generate({ contestId: contest.id, seeding: 'manual', order: ids });
    const matches = await c.tournaments.matches({ contestId: contest.id });
    const [semi1, semi2] = matches.filter((m) => m.status === 'ready');
    const final = matches.find((m) => m.roundName === 'Final')!;
    await c.tournaments.report({ matchId: semi1!.id, scores: [3, 1] });
    // Changed: the other one goes through.
    await c.tournaments.report({ matchId: semi1!.id, scores: [0, 2] });
    let finalNow = await c.tournaments.match({ matchId: final.id });
    expect(finalNow.participants[0]!.id).toBe(semi1!.participants[1]!.id);
    await c.tournaments.report({ matchId: semi2!.id, scores: [1, 0] });
    finalNow = await c.tournaments.report({ matchId: final.id, scores: [1, 0] });
    expect(finalNow.status).toBe('completed');
    const refused = await refusal(c.tournaments.report({ matchId: semi1!.id, scores: [5, 0] }));
    expect(refused).toMatchObject({ code: 'CONFLICT', reason: 'later_matches_played' });
    expect(refused.message).toMatch(/later matches/i);
  });

  it('lets participants report where self-reporting is on; the opponent confirms', async () => {
    const { contest, members, pid } = await contestWith(2, 'knockout', { selfReport: true });
    await as(creator).tournaments.generate({ contestId: contest.id, seeding: 'random' });
    const [a, b] = members as [CreatedUser, CreatedUser];
    const match = (await as(a).tournaments.matches({ contestId: contest.id, mine: true }))[0]!;
    expect(match.canReport).toBe(true);
    expect(
      await refusal(as(outsider).tournaments.report({ matchId: match.id, scores: [1, 0] })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'not_in_match' });
    const aFirst = match.participants[0]!.id === pid(a);
    const pending = await as(a).tournaments.report({
      matchId: match.id,
      scores: aFirst ? [3, 2] : [2, 3],
    });
    expect(pending.status).toBe('ready');
    expect(pending.report).toMatchObject({ state: 'pending', reported: { by: { id: pid(a) } } });
    expect(pending.canConfirm).toBe(false);
    expect(await refusal(as(a).tournaments.confirm({ matchId: match.id }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'nothing_to_confirm',
    });
    expect(
      await refusal(as(b).tournaments.report({ matchId: match.id, scores: [0, 1] })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'already_reported' });
    const told = await t.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.userId, b.id), eq(notifications.kind, 'match_result_reported')));
    expect(told).toHaveLength(1);
    expect((await as(b).tournaments.match({ matchId: match.id })).canConfirm).toBe(true);
    const confirmed = await as(b).tournaments.confirm({ matchId: match.id });
    expect(confirmed.status).toBe('completed');
    expect(confirmed.report.state).toBe('confirmed');
    const winner = confirmed.participants.find((p) => p!.result === 'win')!;
    expect(winner.id).toBe(pid(a));
  });

  it('refuses self-reports where they are off', async () => {
    const { contest, members } = await contestWith(2);
    await as(creator).tournaments.generate({ contestId: contest.id, seeding: 'random' });
    const match = (await as(members[0]!).tournaments.matches({ contestId: contest.id }))[0]!;
    expect(match.canReport).toBe(false);
    expect(
      await refusal(as(members[0]!).tournaments.report({ matchId: match.id, scores: [1, 0] })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'self_report_off' });
  });

  it('puts a disputed result in the moderators’ queue until the organiser reports', async () => {
    const { contest, members } = await contestWith(2, 'knockout', { selfReport: true });
    await as(creator).tournaments.generate({ contestId: contest.id, seeding: 'random' });
    const [a, b] = members as [CreatedUser, CreatedUser];
    const match = (await as(a).tournaments.matches({ contestId: contest.id }))[0]!;
    await as(a).tournaments.report({ matchId: match.id, scores: [5, 0] });
    const disputed = await as(b).tournaments.dispute({
      matchId: match.id,
      scores: [0, 5],
      reason: 'It was 0–5',
    });
    expect(disputed.report).toMatchObject({
      state: 'disputed',
      disputed: { reason: 'It was 0–5' },
    });
    expect(await refusal(as(outsider).tournaments.disputes())).toMatchObject({ code: 'FORBIDDEN' });
    const queue = await as(moderator).tournaments.disputes();
    expect(queue.map((m) => m.id)).toContain(match.id);
    expect(queue.find((m) => m.id === match.id)!.contestSlug).toBe(contest.slug);
    const told = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.kind, 'match_result_disputed'));
    expect(told.map((r) => r.userId)).toEqual(expect.arrayContaining([a.id, creator.id]));
    const settled = await as(creator).tournaments.report({ matchId: match.id, scores: [0, 5] });
    expect(settled.report.state).toBe('confirmed');
    expect((await as(moderator).tournaments.disputes()).map((m) => m.id)).not.toContain(match.id);
  });

  it('answers 404 for an unknown match', async () => {
    expect(
      await refusal(as(creator).tournaments.report({ matchId: 999_999, scores: [1, 0] })),
    ).toMatchObject({ code: 'NOT_FOUND', reason: 'match_not_found' });
  });

  it('lets the organiser schedule a match, not a member', async () => {
    const { contest, members } = await contestWith(2);
    await as(creator).tournaments.generate({ contestId: contest.id, seeding: 'random' });
    const match = (await as(creator).tournaments.matches({ contestId: contest.id }))[0]!;
    const at = new Date(Date.now() + 86_400_000);
    const scheduled = await as(creator).tournaments.schedule({
      matchId: match.id,
      scheduledAt: at,
    });
    expect(scheduled.scheduledAt?.getTime()).toBe(at.getTime());
    expect(
      await refusal(as(members[0]!).tournaments.schedule({ matchId: match.id, scheduledAt: null })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'not_organiser' });
  });
});

describe('byes', () => {
  it('advances byes at generation: nine players list eight matches to play, the bracket shows seven byes in round 1 only, a bye cannot be scheduled', async () => {
    const { contest, members, pid } = await contestWith(9);
    const c = as(creator);
    await c.tournaments.generate({ contestId: contest.id, seeding: 'random' });
    const bye = (m: TMatch) => m.participants[0] === null || m.participants[1] === null;
    // Matches to play: round 1's one real match, then 4 + 2 + 1; none against a bye.
    const toPlay = await c.tournaments.matches({ contestId: contest.id });
    expect(toPlay.filter(bye)).toEqual([]);
    expect(toPlay).toHaveLength(8);
    const rounds = (await c.tournaments.bracket({ contestId: contest.id })).stages[0]!.groups[0]!
      .rounds;
    expect(rounds[0]!.matches.filter(bye)).toHaveLength(7);
    expect(rounds.slice(1).flatMap((r) => r.matches.filter(bye))).toEqual([]);
    // Each bye's player already stands in round 2.
    const advanced = rounds[0]!.matches
      .filter(bye)
      .map((m) => (m.participants[0] ?? m.participants[1])!.id);
    const round2 = rounds[1]!.matches.flatMap((m) => m.participants.map((p) => p?.id));
    for (const id of advanced) expect(round2).toContain(id);
    const byeMatch = rounds[0]!.matches.find(bye)!;
    expect(
      await refusal(c.tournaments.schedule({ matchId: byeMatch.id, scheduledAt: new Date() })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'match_not_ready' });
    // A player with a bye: their next match is in round 2, never the bye.
    const byePlayer = members.find((m) => pid(m) === advanced[0])!;
    const next = await as(byePlayer).tournaments.nextMatchIn({ contestId: contest.id });
    expect(next).not.toBeNull();
    expect(next!.id).not.toBe(byeMatch.id);
    expect(next!.participants.every((p) => p !== null)).toBe(true);
  });
});

describe('placement and the leaderboard', () => {
  it('writes the final places as the leaderboard once the last match ends; scores are then refused', async () => {
    const c = as(creator);
    const { contest, ids } = await contestWith(4, 'knockout', { thirdPlaceMatch: true });
    await c.tournaments.generate({ contestId: contest.id, seeding: 'manual', order: ids });
    for (let step = 0; step < 10; step++) {
      const ready = (await c.tournaments.matches({ contestId: contest.id, status: 'ready' }))[0];
      if (!ready) break;
      await c.tournaments.report({ matchId: ready.id, scores: [2, 1] });
    }
    const bracket = await c.tournaments.bracket({ contestId: contest.id });
    expect(bracket.placement!.map((p) => p.place)).toEqual([1, 2, 3, 4]);
    const board = await c.leaderboard.get({ contestId: contest.id, limit: 10, offset: 0 });
    expect(board.scoreOrder).toBe('lower');
    expect(board.entries.map((e) => e.rank)).toEqual([1, 2, 3, 4]);
    expect(
      await refusal(
        c.leaderboard.setScores({
          contestId: contest.id,
          scores: [{ username: board.entries[0]!.username, score: 1 }],
        }),
      ),
    ).toMatchObject({ code: 'CONFLICT', reason: 'scores_from_matches' });
    const results = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.kind, 'contest_results'));
    expect(results.length).toBeGreaterThanOrEqual(4);
  });

  it('ranks a league by points, then head-to-head; ties share a place', async () => {
    const c = as(creator);
    const { contest, ids } = await contestWith(3, 'league');
    await c.tournaments.generate({ contestId: contest.id, seeding: 'manual', order: ids });
    const [x, y, z] = ids as [number, number, number];
    // Everyone beats one and loses to one: all level on points, head-to-head, difference, for.
    const wins: Record<string, number> = { [`${x}-${y}`]: x, [`${y}-${z}`]: y, [`${x}-${z}`]: z };
    for (const m of await c.tournaments.matches({ contestId: contest.id })) {
      const [p, q] = m.participants.map((s) => s!.id!) as [number, number];
      const winner = wins[`${Math.min(p, q)}-${Math.max(p, q)}`];
      await c.tournaments.report({ matchId: m.id, scores: winner === p ? [1, 0] : [0, 1] });
    }
    const standings = await c.tournaments.standings({ contestId: contest.id });
    expect(standings.tieBreakers).toEqual(['points', 'head-to-head', 'difference', 'for']);
    expect(standings.groups[0]!.rows.map((r) => [r.points, r.rank])).toEqual([
      [3, 1],
      [3, 1],
      [3, 1],
    ]);
    const bracket = await c.tournaments.bracket({ contestId: contest.id });
    expect(bracket.placement!.map((p) => p.place)).toEqual([1, 1, 1]);
  });
});

describe('reads', () => {
  it('names rounds and parts, and answers the caller’s next match', async () => {
    const { contest, members } = await contestWith(8, 'knockout', {
      elimination: 'double',
      grandFinal: 'double',
    });
    await as(creator).tournaments.generate({ contestId: contest.id, seeding: 'random' });
    const bracket = await as(members[0]!).tournaments.bracket({ contestId: contest.id });
    expect(bracket.isOrganiser).toBe(false);
    expect(bracket.stages[0]!.groups.map((g) => g.name)).toEqual([
      'Upper bracket',
      'Lower bracket',
      'Grand final',
    ]);
    expect(bracket.stages[0]!.groups[0]!.rounds.map((r) => r.name)).toEqual([
      'Upper quarter-finals',
      'Upper semi-finals',
      'Upper final',
    ]);
    const next = await as(members[0]!).tournaments.nextMatch();
    expect(next).toMatchObject({
      contestId: contest.id,
      contestSlug: contest.slug,
      status: 'ready',
    });
    expect(next!.participants[next!.side]!.name).toBe(members[0]!.username);
    const inContest = await as(members[0]!).tournaments.nextMatchIn({ contestId: contest.id });
    expect(inContest!.id).toBe(next!.id);
    expect(await as(outsider).tournaments.nextMatchIn({ contestId: contest.id })).toBeNull();
  });

  it('still reads a bracket whose member was deleted', async () => {
    const { contest, members } = await contestWith(4);
    await as(creator).tournaments.generate({ contestId: contest.id, seeding: 'random' });
    await deleteUser({ db: t.db, actor: adminActor, id: members[0]!.id });
    const bracket = await as(creator).tournaments.bracket({ contestId: contest.id });
    const names = flat(bracket).flatMap((m) => m.participants.map((p) => p?.name));
    expect(names).toContain(REMOVED_PARTICIPANT);
    const standings = await as(creator).tournaments.standings({ contestId: contest.id });
    expect(standings.groups).toEqual([]);
  });
});

describe('tournaments.bracketChanges', () => {
  it('emits when the bracket is generated and when a result lands; a hidden contest is 404', async () => {
    const { contest, members } = await contestWith(2);
    const stream = (await as(members[0]!).tournaments.bracketChanges({
      contestId: contest.id,
    })) as AsyncIterable<unknown>;
    const events = stream[Symbol.asyncIterator]();
    const nextChange = async () => {
      const { value } = await events.next();
      const [id, data] = value as [string, { contestId: number; version: number }];
      return { id, data };
    };
    try {
      const first = nextChange();
      await as(creator).tournaments.generate({ contestId: contest.id, seeding: 'random' });
      const change = await first;
      expect(change.data.contestId).toBe(contest.id);
      const second = nextChange();
      const match = (await as(creator).tournaments.matches({ contestId: contest.id }))[0]!;
      await as(creator).tournaments.report({ matchId: match.id, scores: [1, 0] });
      expect((await second).data.version).toBeGreaterThan(change.data.version);
    } finally {
      await events.return?.();
    }
    const hidden = await insertContest(t.db, { createdBy: creator.id, status: 'pending' });
    expect(
      await refusal(
        (async () => {
          const s = (await as(outsider).tournaments.bracketChanges({
            contestId: hidden.id,
          })) as AsyncIterable<unknown>;
          await s[Symbol.asyncIterator]().next();
        })(),
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('generateAtStart', () => {
  it('generates by score when scores exist, else at random, and skips what it cannot', async () => {
    const { generateAtStart } = await import('../../src/server/domain/tournaments');
    const scored = await contestWith(3, 'league');
    await t.db
      .update(contestParticipants)
      .set({ score: 5 })
      .where(eq(contestParticipants.id, scored.ids[1]!));
    const result = await t.db.transaction((tx) => generateAtStart(tx, scored.contest.id));
    expect(result).toMatchObject({ contestId: scored.contest.id, participants: 3 });
    expect(await t.db.transaction((tx) => generateAtStart(tx, scored.contest.id))).toEqual({
      skipped: 'bracket_exists',
    });
    const lonely = await contestWith(1);
    expect(await t.db.transaction((tx) => generateAtStart(tx, lonely.contest.id))).toEqual({
      skipped: 'not_enough_participants',
    });
    const open = await contestWith(2, 'open');
    expect(await t.db.transaction((tx) => generateAtStart(tx, open.contest.id))).toEqual({
      skipped: 'no_bracket_format',
    });
  });
});
