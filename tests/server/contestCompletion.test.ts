// The one lifecycle's completion (issue 29, point 8): a bracket contest becomes completed when its
// final match ends (knockout, league, Swiss), and any active contest when its end date passes (the
// end job); what follows (the audit entry, one 'Final results' notice each, Leave gone) follows
// from that one change.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { completeEndedContests } from '../../src/server/domain/participation';
import {
  auditLog,
  contestParticipants,
  contests,
  notifications,
} from '../../src/server/platform/db/schema';
import type { TTournamentSettingsInput } from '../../src/shared/schemas/tournaments';
import type { ContestFormat } from '../../src/shared/contests';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { insertContest } from '../helpers/contests';

const t = await createTestDb();
afterAll(() => t.close());

const creator = await createUser(t.db);
const as = (user: CreatedUser) => callerFor(t, user).caller;
const HOUR = 3_600_000;

/** A bracket contest by `creator` whose registration has closed, starting in two days. */
async function contestWith(
  n: number,
  format: ContestFormat,
  tournament: TTournamentSettingsInput = {},
) {
  const contest = await insertContest(t.db, {
    createdBy: creator.id,
    format,
    tournament,
    registrationDeadline: new Date(Date.now() - 60_000),
    startDate: new Date(Date.now() + 48 * HOUR),
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
  return { contest, members, ids: members.map((m) => rows.find((r) => r.userId === m.id)!.id) };
}

async function statusOf(contestId: number) {
  const [row] = await t.db
    .select({ status: contests.status })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row!.status;
}

async function resultNotices(contestId: number) {
  const rows = await t.db
    .select({ userId: notifications.userId, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.kind, 'contest_results'));
  const contest = (await t.db.select().from(contests).where(eq(contests.id, contestId)))[0]!;
  return rows.filter((r) => r.link?.endsWith(`/contests/${contest.slug}`));
}

async function completionAudits(contestId: number) {
  const rows = await t.db
    .select({ actorName: auditLog.actorName, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'contest.status'), eq(auditLog.targetId, String(contestId))));
  return rows.map((r) => ({ actorName: r.actorName, after: JSON.parse(r.after!) as unknown }));
}

/** Plays every ready match, the first side winning, until none is left. */
async function playOut(contestId: number) {
  const c = as(creator);
  for (let step = 0; step < 60; step++) {
    const ready = (await c.tournaments.matches({ contestId, status: 'ready' }))[0];
    if (!ready) return;
    await c.tournaments.report({ matchId: ready.id, scores: [2, 1] });
  }
}

describe('a bracket contest completes when its final match ends', () => {
  const formats: [string, ContestFormat, TTournamentSettingsInput, number][] = [
    ['knockout', 'knockout', { thirdPlaceMatch: true }, 4],
    ['double elimination', 'knockout', { elimination: 'double', grandFinal: 'simple' }, 4],
    ['league', 'league', {}, 3],
    ['Swiss', 'tournament', { system: 'swiss', swissRounds: 2 }, 4],
  ];
  it.each(formats)('%s', async (_name, format, settings, n) => {
    const { contest, members, ids } = await contestWith(n, format, settings);
    const c = as(creator);
    await c.tournaments.generate({ contestId: contest.id, seeding: 'manual', order: ids });
    // Generated: the contest is under way, so a member can no longer leave.
    expect((await as(members[0]!).participation.status({ contestId: contest.id })).canLeave).toBe(
      false,
    );
    await playOut(contest.id);
    expect(await statusOf(contest.id)).toBe('completed');
    // The page says so, and neither Join nor Leave is offered.
    const page = await as(members[1]!).contests.get({ idOrSlug: String(contest.id) });
    expect(page.status).toBe('completed');
    const status = await as(members[1]!).participation.status({ contestId: contest.id });
    expect(status.canLeave).toBe(false);
    const outsider = await createUser(t.db);
    const theirs = await as(outsider).participation.status({ contestId: contest.id });
    expect(theirs.refusal?.reason).toBe('closed');
    // One audited change by the system, and each participant told the final results once.
    expect(await completionAudits(contest.id)).toEqual([
      { actorName: 'system', after: { status: 'completed' } },
    ]);
    const told = (await resultNotices(contest.id)).map((r) => r.userId).sort((a, b) => a - b);
    expect(told).toEqual(members.map((m) => m.id).sort((a, b) => a - b));
  });

  it('a result corrected after the final tells only those whose place changed, and completes nothing twice', async () => {
    const { contest, ids } = await contestWith(2, 'knockout');
    const c = as(creator);
    await c.tournaments.generate({ contestId: contest.id, seeding: 'manual', order: ids });
    const [final] = await c.tournaments.matches({ contestId: contest.id, status: 'ready' });
    await c.tournaments.report({ matchId: final!.id, scores: [2, 1] });
    expect(await statusOf(contest.id)).toBe('completed');
    await c.tournaments.report({ matchId: final!.id, scores: [1, 2] });
    expect(await statusOf(contest.id)).toBe('completed');
    expect(await completionAudits(contest.id)).toHaveLength(1);
    // Two at the final, then both again: their places swapped.
    expect(await resultNotices(contest.id)).toHaveLength(4);
  });
});

describe('completeEndedContests (the end job)', () => {
  it('completes each active contest whose end has passed, once, and leaves the others', async () => {
    const now = Date.now();
    const ended = await insertContest(t.db, {
      createdBy: creator.id,
      startDate: new Date(now - 8 * 24 * HOUR),
      endDate: new Date(now - HOUR),
    });
    const running = await insertContest(t.db, {
      createdBy: creator.id,
      startDate: new Date(now - HOUR),
      endDate: new Date(now + HOUR),
    });
    const pending = await insertContest(t.db, {
      createdBy: creator.id,
      status: 'pending',
      startDate: new Date(now - 8 * 24 * HOUR),
      endDate: new Date(now - HOUR),
    });
    const member = await createUser(t.db);
    await addParticipant({ db: t.db, contestId: ended.id, userId: member.id, score: 5 });
    const done = await completeEndedContests({ db: t.db, now });
    expect(done).toContain(ended.id);
    expect(done).not.toContain(running.id);
    expect(done).not.toContain(pending.id);
    expect(await statusOf(ended.id)).toBe('completed');
    expect(await statusOf(running.id)).toBe('active');
    expect(await statusOf(pending.id)).toBe('pending');
    expect(await resultNotices(ended.id)).toEqual([
      { userId: member.id, link: expect.stringContaining(ended.slug) },
    ]);
    // A second round finds nothing more to do.
    expect(await completeEndedContests({ db: t.db, now })).not.toContain(ended.id);
    expect(await completionAudits(ended.id)).toHaveLength(1);
    // The contests' tabs agree: it is listed as past, not active.
    const past = await as(member).contests.list({ tab: 'past' });
    expect(past.items.map((i) => i.id)).toContain(ended.id);
  });
});
