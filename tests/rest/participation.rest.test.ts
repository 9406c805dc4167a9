// POST and DELETE /api/contests/{id}/join over real HTTP: the statuses of each refusal (403 tier
// and invite, 402 fee, 409 full, closed, already joined) with SPEC 8's body and the reason, and
// the cap under 200 simultaneous joins from 200 signed-in members.
import { rankColumn } from '../../src/server/domain/participation/contestParticipants';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestParticipants, notifications } from '../../src/server/platform/db/schema';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { PARTICIPATION_MESSAGES as M, tierRequiredMessage } from '../../src/shared/participation';
import { MSG } from '../../src/shared/messages';
import { DEFAULT_LIMITS } from '../../src/server/platform/limits';
import { clientFor } from '../helpers/accounts';
import { DAY, insertContest, storedContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { insertProof } from '../helpers/payments';
import { startTestServer, type HttpClient, type TestServer } from '../helpers/server';

let s: TestServer;
let creator: CreatedUser;
let member: CreatedUser;
let memberHttp: HttpClient;
beforeAll(async () => {
  s = await startTestServer();
  creator = await createUser(s.db);
  member = await createUser(s.db);
  memberHttp = await clientFor(s, member.id);
});
afterAll(() => s?.stop());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function rows(contestId: number): Promise<number> {
  const [row] = await s.db
    .select({ n: count() })
    .from(contestParticipants)
    .where(eq(contestParticipants.contestId, contestId));
  return row!.n;
}

describe('POST /api/contests/{id}/join', () => {
  it('answers 201 with the participant', async () => {
    const contest = await insertContest(s.db, { createdBy: creator.id, status: 'active' });
    const res = await memberHttp.post(`/api/contests/${contest.id}/join`, {});
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      contestId: contest.id,
      userId: member.id,
      // No score yet, so no rank (not 'rank 1').
      score: null,
      rank: null,
    });
    expect(res.json.joinedAt).toMatch(ISO);
    expect(await rows(contest.id)).toBe(1);
  });

  it('answers 403 with the tier to reach when the tier is too low', async () => {
    const contest = await insertContest(s.db, {
      createdBy: creator.id,
      status: 'active',
      requiredTier: 'elite',
    });
    const res = await memberHttp.post(`/api/contests/${contest.id}/join`);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      message: tierRequiredMessage('elite'),
      code: 'FORBIDDEN',
      reason: 'tier',
      details: { requiredTier: 'elite' },
    });
  });

  it('answers 403 without or with a wrong invite code, 201 with the right one', async () => {
    const contest = await insertContest(s.db, {
      createdBy: creator.id,
      status: 'active',
      participationType: 'invite',
      inviteCode: 'letmein8',
    });
    const path = `/api/contests/${contest.id}/join`;
    const missing = await memberHttp.post(path, {});
    expect([missing.status, missing.json.reason]).toEqual([403, 'invite_required']);
    const wrong = await memberHttp.post(path, { inviteCode: 'nope' });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ message: M.invite_wrong, reason: 'invite_wrong' });
    expect((await memberHttp.post(path, { inviteCode: 'letmein8' })).status).toBe(201);
  });

  it('answers 429 with Retry-After past the wrong invite codes a member may send', async () => {
    const contest = await insertContest(s.db, {
      createdBy: creator.id,
      status: 'active',
      participationType: 'invite',
      inviteCode: 'k3y-0f-7h3-d00r',
    });
    const path = `/api/contests/${contest.id}/join`;
    const guesser = await clientFor(s, (await createUser(s.db)).id);
    for (let i = 0; i < DEFAULT_LIMITS.inviteGuessesPerMember; i++) {
      const wrong = await guesser.post(path, { inviteCode: `guess-${i}` });
      expect([wrong.status, wrong.json.reason]).toEqual([403, 'invite_wrong']);
    }
    const limited = await guesser.post(path, { inviteCode: 'guess-x' });
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ message: MSG.tooManyInviteCodes, code: 'TOO_MANY_REQUESTS' });
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // A member who has not used up the limit gets in with the right code.
    const right = await memberHttp.post(path, { inviteCode: 'k3y-0f-7h3-d00r' });
    expect(right.status).toBe(201);
    expect(await rows(contest.id)).toBe(1);
  });

  it('answers 402 until the entry fee is verified, with the contest to pay for', async () => {
    const contest = await insertContest(s.db, {
      createdBy: creator.id,
      status: 'active',
      participationType: 'paid',
      entryFee: '100',
    });
    const payer = await createUser(s.db);
    const http = await clientFor(s, payer.id);
    const res = await http.post(`/api/contests/${contest.id}/join`);
    expect(res.status).toBe(402);
    expect(res.json).toEqual({
      message: M.fee_unverified,
      code: 'FORBIDDEN',
      reason: 'fee_unverified',
      details: { contestId: contest.id },
    });
    await insertProof(s.db, { userId: payer.id, contestId: contest.id, status: 'verified' });
    expect((await http.post(`/api/contests/${contest.id}/join`)).status).toBe(201);
  });

  it('answers 409 when full, closed or already joined', async () => {
    const full = await insertContest(s.db, {
      createdBy: creator.id,
      status: 'active',
      maxParticipants: 1,
    });
    await addParticipant({ db: s.db, contestId: full.id, userId: creator.id });
    const closed = await insertContest(s.db, {
      createdBy: creator.id,
      status: 'active',
      registrationDeadline: new Date(Date.now() - DAY),
    });
    const joined = await insertContest(s.db, { createdBy: creator.id, status: 'active' });
    await addParticipant({ db: s.db, contestId: joined.id, userId: member.id });
    for (const [contest, reason] of [
      [full, 'full'],
      [closed, 'closed'],
      [joined, 'already_joined'],
    ] as const) {
      const res = await memberHttp.post(`/api/contests/${contest.id}/join`);
      expect(res.status, reason).toBe(409);
      expect(res.json).toEqual({ message: M[reason], code: 'CONFLICT', reason });
    }
  });

  it('answers 404 for a contest the member may not see, and for a malformed id', async () => {
    const hidden = await insertContest(s.db, { createdBy: creator.id, status: 'pending' });
    for (const id of [String(hidden.id), '0', 'abc', '1e3']) {
      const res = await memberHttp.post(`/api/contests/${id}/join`);
      expect(res.status, id).toBe(404);
    }
  });

  it('admits exactly the cap when 200 members join a 50-place contest at once', async () => {
    const contest = await insertContest(s.db, {
      createdBy: creator.id,
      status: 'active',
      maxParticipants: 50,
    });
    const clients: HttpClient[] = [];
    const ids: number[] = [];
    for (let i = 0; i < 200; i++) {
      ids.push((await createUser(s.db)).id);
      clients.push(await clientFor(s, ids[i]!));
    }
    const answers = await Promise.all(
      clients.map((c) => c.post(`/api/contests/${contest.id}/join`, {})),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(50);
    expect(statuses.filter((x) => x === 409)).toHaveLength(150);
    expect(answers.filter((a) => a.status === 409).every((a) => a.json.reason === 'full')).toBe(
      true,
    );
    // Counted from the database: the rows, and the stored count beside them.
    expect(await rows(contest.id)).toBe(50);
    expect((await storedContest(s.db, contest.id))?.participants).toBe(50);
    // Every admitted member holds a rank (all at 0 points: tied first).
    const ranks = await s.db
      .select({ rank: rankColumn() })
      .from(contestParticipants)
      .where(eq(contestParticipants.contestId, contest.id));
    // Nobody has a score yet: nobody is ranked (not fifty members at rank 1).
    expect(new Set(ranks.map((r) => r.rank))).toEqual(new Set([null]));
    // The join's notice is written before the contest's lock: each refused join took it back.
    const told = await s.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.kind, 'contest_joined'));
    const admitted = ids.filter((_, i) => statuses[i] === 201);
    expect(
      told
        .map((n) => n.userId)
        .filter((id) => ids.includes(id))
        .sort((a, b) => a - b),
    ).toEqual(admitted.sort((a, b) => a - b));
  }, 60_000);

  it('joins once when one member sends the join twice at once (409 already joined)', async () => {
    const contest = await insertContest(s.db, { createdBy: creator.id, status: 'active' });
    const client = await clientFor(s, (await createUser(s.db)).id);
    const answers = await Promise.all(
      [1, 2, 3].map(() => client.post(`/api/contests/${contest.id}/join`, {})),
    );
    expect(answers.map((a) => a.status).sort((a, b) => a - b)).toEqual([201, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.json.reason)).toEqual([
      'already_joined',
      'already_joined',
    ]);
    expect(await rows(contest.id)).toBe(1);
    expect((await storedContest(s.db, contest.id))?.participants).toBe(1);
  });
});

describe('DELETE /api/contests/{id}/join', () => {
  it('leaves before the start (200 with the new count), refuses after it (409)', async () => {
    const upcoming = await insertContest(s.db, { createdBy: creator.id, status: 'active' });
    await addParticipant({ db: s.db, contestId: upcoming.id, userId: member.id });
    const left = await memberHttp.delete(`/api/contests/${upcoming.id}/join`);
    expect(left.status).toBe(200);
    expect(left.json).toEqual({ contestId: upcoming.id, participants: 0 });
    expect(
      (
        await s.db
          .select()
          .from(contestParticipants)
          .where(
            and(
              eq(contestParticipants.contestId, upcoming.id),
              eq(contestParticipants.userId, member.id),
            ),
          )
      )[0],
    ).toBeUndefined();
    const again = await memberHttp.delete(`/api/contests/${upcoming.id}/join`);
    expect([again.status, again.json.reason]).toEqual([409, 'not_joined']);

    const running = await insertContest(s.db, {
      createdBy: creator.id,
      status: 'active',
      registrationDeadline: new Date(Date.now() + DAY),
      startDate: new Date(Date.now() - DAY),
      endDate: new Date(Date.now() + DAY),
    });
    await addParticipant({ db: s.db, contestId: running.id, userId: member.id });
    const late = await memberHttp.delete(`/api/contests/${running.id}/join`);
    expect(late.status).toBe(409);
    expect(late.json).toEqual({ message: M.started, code: 'CONFLICT', reason: 'started' });
    expect(await rows(running.id)).toBe(1);
  });
});
