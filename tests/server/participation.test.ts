// Joining and leaving (PRODUCT.md 'Taking part'): every rule of a join, each refusal with its
// words and reason, per role; leaving before the start; where a member stands with a contest.
import { rankColumn } from '../../src/server/domain/participation/contestParticipants';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contestParticipants, type contests } from '../../src/server/platform/db/schema';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { PARTICIPATION_MESSAGES as M, tierRequiredMessage } from '../../src/shared/participation';
import { MSG } from '../../src/shared/messages';
import { TRPCError } from '@trpc/server';
import type { AppError } from '../../src/server/platform/errors';
import { DEFAULT_LIMITS } from '../../src/server/platform/limits';
import type { Tier } from '../../src/shared/constants';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { DAY, insertContest, storedContest } from '../helpers/contests';
import { insertProof } from '../helpers/payments';

const t = await createTestDb();
afterAll(() => t.close());

const creator = await createUser(t.db);
const member = await createUser(t.db);
const moderator = await createUser(t.db, { role: 'moderator' });
const admin = await createUser(t.db, { role: 'admin' });

const as = (user: CreatedUser) => callerFor(t, user).caller;
const memberOf = (tier: Tier) => createUser(t.db, { tier });

async function rowOf(contestId: number, userId: number) {
  const [row] = await t.db
    .select({ id: contestParticipants.id, score: contestParticipants.score, rank: rankColumn() })
    .from(contestParticipants)
    .where(
      and(eq(contestParticipants.contestId, contestId), eq(contestParticipants.userId, userId)),
    );
  return row;
}

/** An active contest of the creator's, starting in a week unless told otherwise. */
const open = (values: Partial<typeof contests.$inferInsert>) =>
  insertContest(t.db, { createdBy: creator.id, status: 'active', ...values });

describe('participation.join', () => {
  it('adds the member without a score (unranked until one is entered) and counts them', async () => {
    const contest = await open({});
    const joined = await as(member).participation.join({ contestId: contest.id });
    expect(joined).toMatchObject({
      contestId: contest.id,
      userId: member.id,
      score: null,
      rank: null,
    });
    expect(joined.joinedAt).toBeInstanceOf(Date);
    expect(await rowOf(contest.id, member.id)).toBeDefined();
    expect((await storedContest(t.db, contest.id))?.participants).toBe(1);
  });

  it('refuses a second join: already joined (409), nothing changes', async () => {
    const contest = await open({});
    await as(member).participation.join({ contestId: contest.id });
    expect(await refusal(as(member).participation.join({ contestId: contest.id }))).toEqual({
      code: 'CONFLICT',
      message: M.already_joined,
      reason: 'already_joined',
    });
    expect((await storedContest(t.db, contest.id))?.participants).toBe(1);
  });

  it('answers 404 for a contest the member may not see, like a missing one', async () => {
    const hidden = await insertContest(t.db, { createdBy: creator.id, status: 'pending' });
    for (const id of [hidden.id, 9_999_999]) {
      expect(await refusal(as(member).participation.join({ contestId: id }))).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Contest not found',
      });
    }
    expect((await storedContest(t.db, hidden.id))?.participants).toBe(0);
  });

  it('refuses a contest that is not open yet (its creator sees it pending): not_open', async () => {
    const pending = await insertContest(t.db, { createdBy: creator.id, status: 'pending' });
    expect(await refusal(as(creator).participation.join({ contestId: pending.id }))).toEqual({
      code: 'CONFLICT',
      message: M.not_open,
      reason: 'not_open',
    });
  });

  it('refuses after the registration deadline, after the end, and once completed: closed', async () => {
    const now = Date.now();
    const cases = [
      await open({
        registrationDeadline: new Date(now - 1000),
        startDate: new Date(now + DAY),
        endDate: new Date(now + 2 * DAY),
      }),
      await open({
        registrationDeadline: new Date(now + DAY),
        startDate: new Date(now - 2 * DAY),
        endDate: new Date(now - 1000),
      }),
      await insertContest(t.db, { createdBy: creator.id, status: 'completed' }),
    ];
    for (const contest of cases) {
      expect(await refusal(as(member).participation.join({ contestId: contest.id }))).toEqual({
        code: 'CONFLICT',
        message: M.closed,
        reason: 'closed',
      });
      expect((await storedContest(t.db, contest.id))?.participants).toBe(0);
    }
  });

  it('closes registration at the start when a contest has no deadline', async () => {
    const now = Date.now();
    const started = await open({
      registrationDeadline: null,
      startDate: new Date(now - 1000),
      endDate: new Date(now + DAY),
    });
    expect((await refusal(as(member).participation.join({ contestId: started.id }))).reason).toBe(
      'closed',
    );
    const upcoming = await open({ registrationDeadline: null, startDate: new Date(now + DAY) });
    await expect(as(member).participation.join({ contestId: upcoming.id })).resolves.toBeTruthy();
  });

  it('refuses a full contest: full (409)', async () => {
    const contest = await open({ maxParticipants: 1 });
    await as(creator).participation.join({ contestId: contest.id });
    expect(await refusal(as(member).participation.join({ contestId: contest.id }))).toEqual({
      code: 'CONFLICT',
      message: M.full,
      reason: 'full',
    });
    expect((await storedContest(t.db, contest.id))?.participants).toBe(1);
  });

  it('says full before anything a member could fix (tier, invite, fee)', async () => {
    const contest = await open({
      maxParticipants: 1,
      requiredTier: 'elite',
      participationType: 'paid',
      entryFee: '10',
    });
    await addParticipant({ db: t.db, contestId: contest.id, userId: creator.id });
    expect((await refusal(as(member).participation.join({ contestId: contest.id }))).reason).toBe(
      'full',
    );
  });

  it('gates by tier, free < standard < pro < elite, with the tier to reach (403)', async () => {
    const contest = await open({ requiredTier: 'pro' });
    for (const tier of ['free', 'standard'] as const) {
      const low = await memberOf(tier);
      expect(await refusal(as(low).participation.join({ contestId: contest.id }))).toEqual({
        code: 'FORBIDDEN',
        message: tierRequiredMessage('pro'),
        reason: 'tier',
        details: { requiredTier: 'pro' },
      });
    }
    for (const tier of ['pro', 'elite'] as const) {
      const high = await memberOf(tier);
      await expect(as(high).participation.join({ contestId: contest.id })).resolves.toMatchObject({
        userId: high.id,
      });
    }
    expect((await storedContest(t.db, contest.id))?.participants).toBe(2);
  });

  it('applies the rules to moderators and admins too (an admin has no tier: free)', async () => {
    const contest = await open({ requiredTier: 'standard' });
    for (const reviewer of [moderator, admin]) {
      expect(
        (await refusal(as(reviewer).participation.join({ contestId: contest.id }))).reason,
      ).toBe('tier');
    }
    const free = await open({});
    await expect(as(admin).participation.join({ contestId: free.id })).resolves.toBeTruthy();
    await expect(as(moderator).participation.join({ contestId: free.id })).resolves.toBeTruthy();
  });

  it('needs the invite code of an invite contest: invite_required, invite_wrong (403)', async () => {
    const contest = await open({ participationType: 'invite', inviteCode: 'Secret-42' });
    expect(await refusal(as(member).participation.join({ contestId: contest.id }))).toEqual({
      code: 'FORBIDDEN',
      message: M.invite_required,
      reason: 'invite_required',
    });
    expect(
      await refusal(
        as(member).participation.join({ contestId: contest.id, inviteCode: 'secret-42' }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: M.invite_wrong, reason: 'invite_wrong' });
    await expect(
      as(member).participation.join({ contestId: contest.id, inviteCode: '  Secret-42 ' }),
    ).resolves.toMatchObject({ userId: member.id });
  });

  it('needs a verified entry fee for a paid contest, with the contest to pay for', async () => {
    const contest = await open({ participationType: 'paid', entryFee: '50' });
    const payer = await createUser(t.db);
    const expected = {
      code: 'FORBIDDEN',
      message: M.fee_unverified,
      reason: 'fee_unverified',
      details: { contestId: contest.id },
    };
    expect(await refusal(as(payer).participation.join({ contestId: contest.id }))).toEqual(
      expected,
    );
    // A proof awaiting review, or one rejected, is not a verified payment.
    await insertProof(t.db, { userId: payer.id, contestId: contest.id, status: 'rejected' });
    await insertProof(t.db, { userId: payer.id, contestId: contest.id });
    expect(await refusal(as(payer).participation.join({ contestId: contest.id }))).toEqual(
      expected,
    );
    // Someone else's verified fee does not count for this member.
    await insertProof(t.db, { userId: member.id, contestId: contest.id, status: 'verified' });
    expect((await refusal(as(payer).participation.join({ contestId: contest.id }))).reason).toBe(
      'fee_unverified',
    );
    await insertProof(t.db, { userId: payer.id, contestId: contest.id, status: 'verified' });
    await expect(as(payer).participation.join({ contestId: contest.id })).resolves.toMatchObject({
      userId: payer.id,
    });
  });

  it('refuses anonymous callers (401) and validates its input (400)', async () => {
    const contest = await open({});
    expect(
      (await refusal(callerFor(t).caller.participation.join({ contestId: contest.id }))).code,
    ).toBe('UNAUTHORIZED');
    expect(await refusal(as(member).participation.join({ contestId: -1 } as never))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await storedContest(t.db, contest.id))?.participants).toBe(0);
  });
});

describe('participation.join: wrong invite codes are limited', () => {
  const { inviteGuessesPerMember, inviteGuessesPerIp } = DEFAULT_LIMITS;
  const join = (user: CreatedUser, contestId: number, inviteCode: string, ip = '127.0.0.1') =>
    callerFor(t, user, ip).caller.participation.join({ contestId, inviteCode });
  /** The 429 of a call, with the seconds its Retry-After header would say. */
  async function limited(promise: Promise<unknown>) {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TRPCError);
    const { code, message, cause } = error as TRPCError;
    return { code, message, retryAfter: (cause as AppError | undefined)?.retryAfter };
  }

  it(`per member and contest: ${inviteGuessesPerMember} wrong codes, then 429 with Retry-After`, async () => {
    const contest = await open({ participationType: 'invite', inviteCode: 'Open-Sesame' });
    const guesser = await createUser(t.db);
    for (let i = 0; i < inviteGuessesPerMember; i++) {
      expect(await refusal(join(guesser, contest.id, `guess-${i}`))).toMatchObject({
        reason: 'invite_wrong',
      });
    }
    const over = await limited(join(guesser, contest.id, 'guess-x'));
    expect(over).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: MSG.tooManyInviteCodes });
    expect(over.retryAfter).toBeGreaterThan(0);
    expect(over.retryAfter).toBeLessThanOrEqual(15 * 60);
    // Past the limit even the right code waits, or guessing would go on unseen.
    expect((await limited(join(guesser, contest.id, 'Open-Sesame'))).code).toBe(
      'TOO_MANY_REQUESTS',
    );
    expect(await rowOf(contest.id, guesser.id)).toBeUndefined();
    // Another contest is another count; another member, with the right code, gets in.
    const other = await open({ participationType: 'invite', inviteCode: 'Other-Door' });
    await expect(join(guesser, other.id, 'Other-Door')).resolves.toMatchObject({
      userId: guesser.id,
    });
    await expect(join(member, contest.id, 'Open-Sesame')).resolves.toMatchObject({
      userId: member.id,
    });
  });

  it('only wrong codes count: right codes and other refusals give their point back', async () => {
    const contest = await open({ participationType: 'invite', inviteCode: 'Right-One' });
    const someone = await createUser(t.db);
    for (let i = 0; i < inviteGuessesPerMember - 1; i++) {
      await refusal(join(someone, contest.id, `wrong-${i}`));
    }
    // Refused for another reason (already in) any number of times: no code was guessed.
    await join(someone, contest.id, 'Right-One');
    for (let i = 0; i < inviteGuessesPerMember; i++) {
      expect((await refusal(join(someone, contest.id, 'Right-One'))).reason).toBe('already_joined');
    }
  });

  it(`per IP: ${inviteGuessesPerIp} wrong codes from one address, whoever sends them`, async () => {
    const contest = await open({ participationType: 'invite', inviteCode: 'From-Afar' });
    const ip = '203.0.113.27';
    const people = await Promise.all(
      Array.from({ length: Math.ceil(inviteGuessesPerIp / inviteGuessesPerMember) + 1 }, () =>
        createUser(t.db),
      ),
    );
    for (let i = 0; i < inviteGuessesPerIp; i++) {
      const who = people[Math.floor(i / inviteGuessesPerMember)]!;
      expect((await refusal(join(who, contest.id, `wrong-${i}`, ip))).reason).toBe('invite_wrong');
    }
    const fresh = people.at(-1)!;
    expect(await limited(join(fresh, contest.id, 'wrong-x', ip))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    // The same member from another address is not held back by this one's guesses.
    await expect(join(fresh, contest.id, 'From-Afar')).resolves.toMatchObject({
      userId: fresh.id,
    });
  });
});

describe('participation.leave', () => {
  it('takes the member out before the start and moves those below up', async () => {
    const contest = await open({});
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await addParticipant({ db: t.db, contestId: contest.id, userId: a.id, score: 10 });
    await addParticipant({ db: t.db, contestId: contest.id, userId: b.id, score: 5 });
    expect((await rowOf(contest.id, b.id))?.rank).toBe(2);
    expect(await as(a).participation.leave({ contestId: contest.id })).toEqual({
      contestId: contest.id,
      participants: 1,
    });
    expect(await rowOf(contest.id, a.id)).toBeUndefined();
    expect((await rowOf(contest.id, b.id))?.rank).toBe(1);
    expect((await storedContest(t.db, contest.id))?.participants).toBe(1);
  });

  it('refuses once the contest has started, and a member who is not in it (409)', async () => {
    const now = Date.now();
    const running = await open({
      registrationDeadline: new Date(now + DAY),
      startDate: new Date(now - 1000),
      endDate: new Date(now + DAY),
    });
    await addParticipant({ db: t.db, contestId: running.id, userId: member.id });
    expect(await refusal(as(member).participation.leave({ contestId: running.id }))).toEqual({
      code: 'CONFLICT',
      message: M.started,
      reason: 'started',
    });
    expect(await rowOf(running.id, member.id)).toBeDefined();
    const other = await open({});
    expect(await refusal(as(member).participation.leave({ contestId: other.id }))).toEqual({
      code: 'CONFLICT',
      message: M.not_joined,
      reason: 'not_joined',
    });
    const hidden = await insertContest(t.db, { createdBy: creator.id, status: 'rejected' });
    expect((await refusal(as(member).participation.leave({ contestId: hidden.id }))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('lets a member who paid leave and join again without paying twice', async () => {
    const contest = await open({ participationType: 'paid', entryFee: '5' });
    const payer = await createUser(t.db);
    await insertProof(t.db, { userId: payer.id, contestId: contest.id, status: 'verified' });
    await as(payer).participation.join({ contestId: contest.id });
    await as(payer).participation.leave({ contestId: contest.id });
    await expect(as(payer).participation.join({ contestId: contest.id })).resolves.toBeTruthy();
  });
});

describe('participation.status', () => {
  it('tells a member what a join would be refused for, before they try', async () => {
    const contest = await open({ requiredTier: 'elite', maxParticipants: 7 });
    const status = await as(member).participation.status({ contestId: contest.id });
    expect(status).toEqual({
      contestId: contest.id,
      joined: false,
      participant: null,
      participants: 0,
      maxParticipants: 7,
      canLeave: false,
      refusal: { reason: 'tier', message: tierRequiredMessage('elite'), requiredTier: 'elite' },
      feeProof: null,
    });
    const invite = await open({ participationType: 'invite', inviteCode: 'abc' });
    expect((await as(member).participation.status({ contestId: invite.id })).refusal?.reason).toBe(
      'invite_required',
    );
    const paid = await open({ participationType: 'paid', entryFee: '3' });
    expect((await as(member).participation.status({ contestId: paid.id })).refusal).toMatchObject({
      reason: 'fee_unverified',
      contestId: paid.id,
    });
  });

  it('shows a joined member their place and that they may leave before the start', async () => {
    const contest = await open({});
    await as(member).participation.join({ contestId: contest.id });
    const status = await as(member).participation.status({ contestId: contest.id });
    expect(status).toMatchObject({ joined: true, canLeave: true, refusal: null, participants: 1 });
    // No score yet: no rank (not 'rank 1' of a board nobody has a score on).
    expect(status.participant).toMatchObject({ userId: member.id, rank: null, score: null });
  });

  it('answers 404 for a contest the member may not see', async () => {
    const hidden = await insertContest(t.db, { createdBy: creator.id, status: 'draft' });
    expect((await refusal(as(member).participation.status({ contestId: hidden.id }))).code).toBe(
      'NOT_FOUND',
    );
    await expect(as(creator).participation.status({ contestId: hidden.id })).resolves.toMatchObject(
      { refusal: { reason: 'not_open' } },
    );
  });
});
