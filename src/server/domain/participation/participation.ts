// Joining and leaving contests (PRODUCT.md 'Taking part'), and where a member stands with one:
// the join rule is joinRule.ts; rows are written only through contestParticipants.ts.
import { eq } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { contestParticipants, contests } from '../../platform/db/schema';
import { PARTICIPATION_MESSAGES as M } from '../../../shared/participation';
import type { TParticipant, TParticipationStatus } from '../../../shared/schemas/participation';
import type { Actor, ContestViewArgs } from '../../platform/actor';
import {
  insertParticipant,
  lockContest,
  participantRow,
  rankColumn,
  removeParticipant,
  takePlace,
} from './contestParticipants';
import {
  joinContestColumns,
  joinRefusal,
  openFeeProof,
  joinRefusalFor,
  readJoinContest,
  refusalError,
  visibleJoinContest,
  visibleJoinContestAndFacts,
  type JoinContest,
} from './joinRule';
import { contestVisibleTo, notFound } from '../contests';
import { AppError } from '../../platform/errors';
import { take, type Limits } from '../../platform/limits';
import { MSG } from '../../../shared/messages';
import { notifyJoined } from '../messages';
import { contestPhase, hasStarted } from '../../../shared/lifecycle';
import { ranksByPlace } from '../../../shared/places';
import { placeWords } from './places';

/** Whether the contest's board is its final placement (shared/places.ts: its format read here). */
async function ranksByPlaceNow(
  db: DbOrTx,
  contest: Pick<JoinContest, 'id' | 'status' | 'bracketGeneratedAt'>,
): Promise<boolean> {
  if (contest.status !== 'completed' || !contest.bracketGeneratedAt) return false;
  const [row] = await db
    .select({ format: contests.format })
    .from(contests)
    .where(eq(contests.id, contest.id));
  return !!row && ranksByPlace({ ...contest, format: row.format });
}

/**
 * Whether a member may still leave: before the contest has started, as the one lifecycle says
 * (its start not come, its bracket not generated, not completed).
 */
function canLeaveNow(contest: JoinContest, now: number): boolean {
  return !!contest.startDate && !hasStarted(contestPhase(contest, now));
}

/**
 * Runs a join that presents an invite code (joining; a captain registering a team) under the
 * limits on wrong codes (platform/limits: per member and contest, and per IP), so nobody can try
 * codes until one fits; over them, 429 with Retry-After. The attempt is counted before the code
 * is checked, so codes sent at once are all counted; any other outcome than a wrong code (a join,
 * a refusal for another reason) gives the points back, so only wrong codes use the limits up.
 * Without `limits` (the server's own callers: seed, scripts) nothing is counted.
 */
export async function withInviteGuessLimit<T>(
  {
    limits,
    actor,
    contestId,
    inviteCode,
  }: {
    limits?: Limits;
    actor: Pick<Actor, 'id' | 'ip'>;
    /** The contest the code is for; unknown (a missing team): nothing to guess at. */
    contestId: number | undefined;
    inviteCode?: string | null;
  },
  attempt: () => Promise<T>,
): Promise<T> {
  if (!limits || !inviteCode || contestId === undefined) return attempt();
  const member = `${actor.id}:${contestId}`;
  const ip = actor.ip ?? 'unknown';
  await take(limits.inviteMember, member, 1, MSG.tooManyInviteCodes);
  try {
    await take(limits.inviteIp, ip, 1, MSG.tooManyInviteCodes);
  } catch (error) {
    // A refused guess was never checked: it does not count against the member.
    await limits.inviteMember.reward(member);
    throw error;
  }
  const giveBack = async () => {
    await limits.inviteMember.reward(member);
    await limits.inviteIp.reward(ip);
  };
  try {
    const result = await attempt();
    await giveBack();
    return result;
  } catch (error) {
    if (!(error instanceof AppError && error.reason === 'invite_wrong')) await giveBack();
    throw error;
  }
}

async function participantOf(
  db: DbOrTx,
  contestId: number,
  userId: number,
): Promise<TParticipant | undefined> {
  const [participant] = await db
    .select({
      id: contestParticipants.id,
      contestId: contestParticipants.contestId,
      userId: contestParticipants.userId,
      score: contestParticipants.score,
      rank: rankColumn(),
      joinedAt: contestParticipants.joinedAt,
    })
    .from(contestParticipants)
    .where(participantRow(contestId, userId));
  return participant;
}

async function isParticipant(db: DbOrTx, contestId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contestParticipants.id })
    .from(contestParticipants)
    .where(participantRow(contestId, userId));
  return !!row;
}

/**
 * Joins a contest. Check and insert are one IMMEDIATE transaction (the write lock is taken
 * before the count is read), so the cap holds however many join at once, from any process.
 */
export async function joinContest({
  db,
  actor,
  contestId,
  inviteCode,
  limits,
  now = Date.now(),
}: {
  db: DB;
  actor: Actor;
  contestId: number;
  inviteCode?: string | null;
  /** The request's abuse limits: wrong invite codes are limited (withInviteGuessLimit). */
  limits?: Limits;
  now?: number;
}): Promise<TParticipant> {
  return withInviteGuessLimit({ limits, actor, contestId, inviteCode }, () =>
    db.transaction(
      async (tx) => {
        // What needs no lock comes first: on PostgreSQL the contest's row is held from
        // takePlace to the COMMIT, and every other join of the contest waits that long (each
        // statement under it a round trip). The rule is asked before the lock (most refusals
        // end there) and again on the row as locked, with the member's facts read once, with
        // the contest.
        const { contest: seen, facts } = await visibleJoinContestAndFacts(tx, actor, contestId);
        const refusalOf = (contest: JoinContest) =>
          joinRefusal({ contest, ...facts, inviteCode, now });
        const early = refusalOf(seen);
        if (early) throw refusalError(early);
        // Written before the lock and undone with the join if the locked row refuses it.
        await notifyJoined(tx, { userId: actor.id, contest: seen }, { origin: actor.origin });
        // The place and the lock in one statement; a refusal now gives the place back.
        const contest = await takePlace(tx, contestId, joinContestColumns, contestVisibleTo(actor));
        if (!contest) throw notFound();
        const refusal = refusalOf(contest);
        if (refusal) throw refusalError(refusal);
        const row = await insertParticipant(tx, { contestId, userId: actor.id });
        // Another request of the same member's joined meanwhile.
        if (!row) throw refusalError({ reason: 'already_joined', message: M.already_joined });
        return { ...row, contestId, userId: actor.id, score: null, rank: null };
      },
      { behavior: 'immediate' },
    ),
  );
}

/** Leaves a contest, before its start. */
export async function leaveContest({
  db,
  actor,
  contestId,
  now = Date.now(),
}: {
  db: DB;
  actor: Actor;
  contestId: number;
  now?: number;
}): Promise<{ contestId: number; participants: number }> {
  const participants = await db.transaction(
    async (tx) => {
      // The places are counted under the contest's lock (PostgreSQL: several app servers).
      await lockContest(tx, contestId);
      const contest = await visibleJoinContest(tx, actor, contestId);
      if (!(await isParticipant(tx, contestId, actor.id))) {
        throw refusalError({ reason: 'not_joined', message: M.not_joined });
      }
      if (!canLeaveNow(contest, now)) {
        throw refusalError({ reason: 'started', message: M.started });
      }
      await removeParticipant({ db: tx, contestId, userId: actor.id });
      return (await readJoinContest(tx, contestId))!.participants;
    },
    { behavior: 'immediate' },
  );
  return { contestId, participants };
}

/** Where the caller stands with a contest: joined, and what a join would be refused for now. */
export async function participationStatus(args: ContestViewArgs): Promise<TParticipationStatus> {
  const { db, viewer, contestId, now = Date.now() } = args;
  const contest = await visibleJoinContest(db, viewer, contestId);
  const participant = (await participantOf(db, contestId, viewer.id)) ?? null;
  const refusal = participant
    ? null
    : await joinRefusalFor({ db, contest, userId: viewer.id, now });
  // A bracket contest that has ended: the member's final place, in words.
  const place =
    participant?.rank != null && (await ranksByPlaceNow(db, contest))
      ? (await placeWords(db, contestId, [participant.score]))(participant.score)
      : null;
  return {
    ...(place ? { place } : {}),
    contestId,
    joined: !!participant,
    participant,
    participants: contest.participants,
    maxParticipants: contest.maxParticipants,
    canLeave: !!participant && canLeaveNow(contest, now),
    refusal,
    // What became of the fee the member paid, while they wait (or may pay again).
    feeProof:
      !participant && contest.participationType === 'paid'
        ? await openFeeProof(db, contestId, [viewer.id])
        : null,
  };
}
