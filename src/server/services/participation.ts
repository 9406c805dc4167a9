// Joining and leaving contests (PRODUCT.md 'Taking part'): every rule checked here, each refusal
// with words and a reason the client acts on. The rules apply to everyone alike, moderators and
// admins included (an admin has no tier, which reads as free). Rows are written only through
// contestParticipants.ts.
import { and, eq } from 'drizzle-orm';
import type { DB } from '../db/client';
import { contestParticipants, paymentProofs, users } from '../db/schema';
import { normalizeTier, tierRank, type Tier } from '../../shared/constants';
import {
  PARTICIPATION_MESSAGES as M,
  joinRefusalMessage,
  type JoinRefusal,
  type LeaveRefusal,
} from '../../shared/participation';
import type { TParticipant, TParticipationStatus } from '../../shared/schemas/participation';
import type { Actor } from './actor';
import { addParticipant, removeParticipant } from './contestParticipants';
import { isVisible, notFound, readById, type ContestRow } from './contestReads';
import { AppError, type AppErrorCode } from './errors';
import { announceLeaderboardChanges } from './liveEvents';

export interface JoinRefusalInfo {
  reason: JoinRefusal;
  message: string;
  requiredTier?: Tier;
  contestId?: number;
}

/** When registration closes: the deadline, or the start when a reviewer published none. */
export function registrationClosesAt(
  contest: Pick<ContestRow, 'registrationDeadline' | 'startDate'>,
) {
  return contest.registrationDeadline ?? contest.startDate;
}

/**
 * Why this member may not join this contest now, or null. Checked in the order in which a way
 * forward makes sense: nothing helps a closed or full contest, so those come before the tier,
 * the invite code and the fee.
 */
export function joinRefusal({
  contest,
  tier,
  joined,
  inviteCode,
  feeVerified,
  now,
}: {
  contest: ContestRow;
  tier: Tier;
  joined: boolean;
  inviteCode?: string | null;
  feeVerified: boolean;
  now: number;
}): JoinRefusalInfo | null {
  const refuse = (reason: JoinRefusal, extra: Partial<JoinRefusalInfo> = {}): JoinRefusalInfo => ({
    reason,
    message: joinRefusalMessage(reason, contest.requiredTier),
    ...extra,
  });
  if (joined) return refuse('already_joined');
  if (contest.status === 'completed') return refuse('closed');
  if (contest.status !== 'active') return refuse('not_open');
  const closes = registrationClosesAt(contest);
  if (
    (closes && closes.getTime() <= now) ||
    (contest.endDate && contest.endDate.getTime() <= now)
  ) {
    return refuse('closed');
  }
  if (contest.participants >= contest.maxParticipants) return refuse('full');
  if (tierRank(tier) < tierRank(contest.requiredTier)) {
    return refuse('tier', { requiredTier: contest.requiredTier });
  }
  if (contest.participationType === 'invite') {
    if (!inviteCode) return refuse('invite_required');
    if (inviteCode !== contest.inviteCode) return refuse('invite_wrong');
  }
  if (contest.participationType === 'paid' && !feeVerified) {
    return refuse('fee_unverified', { contestId: contest.id });
  }
  return null;
}

const REFUSAL_CODES: Record<JoinRefusal | LeaveRefusal, AppErrorCode> = {
  not_open: 'CONFLICT',
  closed: 'CONFLICT',
  full: 'CONFLICT',
  already_joined: 'CONFLICT',
  // The REST adapter answers this one 402 (rest.ts, STATUS_BY_REASON).
  fee_unverified: 'FORBIDDEN',
  tier: 'FORBIDDEN',
  invite_required: 'FORBIDDEN',
  invite_wrong: 'FORBIDDEN',
  not_joined: 'CONFLICT',
  started: 'CONFLICT',
};

export function refusalError(refusal: {
  reason: JoinRefusal | LeaveRefusal;
  message: string;
  requiredTier?: Tier;
  contestId?: number;
}): AppError {
  const details: Record<string, string | number> = {};
  if (refusal.requiredTier) details.requiredTier = refusal.requiredTier;
  if (refusal.contestId) details.contestId = refusal.contestId;
  return new AppError(REFUSAL_CODES[refusal.reason], refusal.message, {
    reason: refusal.reason,
    details: Object.keys(details).length ? details : undefined,
  });
}

/** A contest the member may see, else the same 404 as a missing one. */
function visibleContest(db: DB, actor: Pick<Actor, 'id' | 'role'>, contestId: number): ContestRow {
  const contest = readById(db, contestId);
  if (!contest || !isVisible(contest, actor)) throw notFound();
  return contest;
}

function participantOf(db: DB, contestId: number, userId: number): TParticipant | undefined {
  return db
    .select({
      id: contestParticipants.id,
      contestId: contestParticipants.contestId,
      userId: contestParticipants.userId,
      score: contestParticipants.score,
      rank: contestParticipants.rank,
      joinedAt: contestParticipants.joinedAt,
    })
    .from(contestParticipants)
    .where(
      and(eq(contestParticipants.contestId, contestId), eq(contestParticipants.userId, userId)),
    )
    .get();
}

function memberTier(db: DB, userId: number): Tier {
  const row = db
    .select({ tier: users.subscriptionTier })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return normalizeTier(row?.tier);
}

/** Whether a reviewer verified this member's entry fee for this contest. */
export function hasVerifiedFee(db: DB, contestId: number, userId: number): boolean {
  return !!db
    .select({ id: paymentProofs.id })
    .from(paymentProofs)
    .where(
      and(
        eq(paymentProofs.userId, userId),
        eq(paymentProofs.contestId, contestId),
        eq(paymentProofs.purpose, 'entry_fee'),
        eq(paymentProofs.status, 'verified'),
      ),
    )
    .get();
}

/**
 * Joins a contest. Check and insert are one IMMEDIATE transaction (the write lock is taken
 * before the count is read), so the cap holds however many join at once, from any process.
 */
export function joinContest({
  db,
  actor,
  contestId,
  inviteCode,
  now = Date.now(),
}: {
  db: DB;
  actor: Actor;
  contestId: number;
  inviteCode?: string | null;
  now?: number;
}): TParticipant {
  const participant = db.transaction(
    () => {
      const contest = visibleContest(db, actor, contestId);
      const refusal = joinRefusal({
        contest,
        tier: memberTier(db, actor.id),
        joined: !!participantOf(db, contestId, actor.id),
        inviteCode,
        feeVerified:
          contest.participationType === 'paid' && hasVerifiedFee(db, contestId, actor.id),
        now,
      });
      if (refusal) throw refusalError(refusal);
      addParticipant({ db, contestId, userId: actor.id });
      return participantOf(db, contestId, actor.id)!;
    },
    { behavior: 'immediate' },
  );
  announceLeaderboardChanges({ db, contestIds: [contestId] });
  return participant;
}

/** Leaves a contest, before its start. */
export function leaveContest({
  db,
  actor,
  contestId,
  now = Date.now(),
}: {
  db: DB;
  actor: Actor;
  contestId: number;
  now?: number;
}): { contestId: number; participants: number } {
  const participants = db.transaction(
    () => {
      const contest = visibleContest(db, actor, contestId);
      if (!participantOf(db, contestId, actor.id)) {
        throw refusalError({ reason: 'not_joined', message: M.not_joined });
      }
      if (!contest.startDate || contest.startDate.getTime() <= now) {
        throw refusalError({ reason: 'started', message: M.started });
      }
      removeParticipant({ db, contestId, userId: actor.id });
      return readById(db, contestId)!.participants;
    },
    { behavior: 'immediate' },
  );
  announceLeaderboardChanges({ db, contestIds: [contestId] });
  return { contestId, participants };
}

/** Where the caller stands with a contest: joined, and what a join would be refused for now. */
export function participationStatus({
  db,
  viewer,
  contestId,
  now = Date.now(),
}: {
  db: DB;
  viewer: Pick<Actor, 'id' | 'role'>;
  contestId: number;
  now?: number;
}): TParticipationStatus {
  const contest = visibleContest(db, viewer, contestId);
  const participant = participantOf(db, contestId, viewer.id) ?? null;
  const refusal = participant
    ? null
    : joinRefusal({
        contest,
        tier: memberTier(db, viewer.id),
        joined: false,
        feeVerified:
          contest.participationType === 'paid' && hasVerifiedFee(db, contestId, viewer.id),
        now,
      });
  return {
    contestId,
    joined: !!participant,
    participant,
    participants: contest.participants,
    maxParticipants: contest.maxParticipants,
    canLeave: !!participant && !!contest.startDate && contest.startDate.getTime() > now,
    refusal,
  };
}
