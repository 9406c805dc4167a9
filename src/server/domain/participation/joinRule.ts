// THE join rule (PRODUCT.md 'Taking part'): who may join a contest now, and why not, with words
// and a reason the client acts on; asked by joining, the payment page, an entry-fee proof and
// its review, and a team's registration. The rules apply to everyone alike, moderators and
// admins included (an admin has no tier, which reads as free). Also the facts it reads from the
// database, and the refusal as an error.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TFeeProof } from '../../../shared/schemas/participation';
import type { ProofStatus } from '../../../shared/payments';
import { databaseOf, type DbOrTx } from '../../platform/db/client';
import { contests, paymentProofs, users } from '../../platform/db/schema';
import { normalizeTier, tierRank, type Tier } from '../../../shared/constants';
import {
  PARTICIPATION_MESSAGES as M,
  joinRefusalMessage,
  type JoinRefusal,
  type LeaveRefusal,
} from '../../../shared/participation';
import type { Actor } from '../../platform/actor';
import { contestVisibleTo, notFound, type ContestRow } from '../contests';
import { isRegistrationClosed } from '../../../shared/contests';
import { getPlatformSettings } from '../settings';
import { AppError } from '../../platform/errors';

export interface JoinRefusalInfo {
  reason: JoinRefusal;
  message: string;
  requiredTier?: Tier;
  contestId?: number;
}

/** The contest fields the join rule reads (a transaction reads only these). */
export type JoinContest = Pick<
  ContestRow,
  | 'id'
  | 'slug'
  | 'title'
  | 'status'
  | 'createdBy'
  | 'registrationDeadline'
  | 'startDate'
  | 'endDate'
  | 'participants'
  | 'maxParticipants'
  | 'requiredTier'
  | 'participationType'
  | 'inviteCode'
  | 'entryFee'
  | 'mode'
  | 'bracketGeneratedAt'
>;

/**
 * Whom the rule is asked for in a team contest (issue 19): the captain registering the team (or
 * paying its fee): the whole rule, as for anyone joining; or another member of the team (an
 * invitee, a member of a team being registered): only what concerns them as a person (the
 * contest open, their tier, their e-mail), since the place, the invite code and the fee are the
 * captain's. Without it, a team contest is refused to everyone ('team_only').
 */
export type TeamRole = 'captain' | 'member';

/**
 * Where the member stands with a paid contest's entry fee:
 * - 'verified': a reviewer verified a proof of it; 'unpaid': not (yet);
 * - 'paying': the rule is asked on behalf of a payment of that fee (a proof being sent, or
 *   being reviewed), so an unpaid fee is what is being settled, not a refusal.
 */
export type FeeState = 'verified' | 'unpaid' | 'paying';

/**
 * THE join rule: why this member may not join this contest now, or null. Joining, the payment
 * page, sending an entry-fee proof and reviewing one all ask it (PRODUCT.md 'Taking part': a
 * member who may not join cannot pay their way in). Checked in the order in which a way forward
 * makes sense: nothing helps a closed or full contest, so those come before the tier, the invite
 * code and the fee.
 *
 * `paidAt` is the one difference a review makes: a member who paid while registration was open
 * is admitted after the deadline (the contest must still be active, not ended, and have a place).
 */
export function joinRefusal({
  contest,
  tier,
  joined,
  emailUnverified = false,
  inviteCode,
  fee,
  now,
  paidAt,
  team,
}: {
  contest: JoinContest;
  tier: Tier;
  joined: boolean;
  /** The platform requires a verified e-mail and the member's is not (emailRefusalFor). */
  emailUnverified?: boolean;
  inviteCode?: string | null;
  fee: FeeState;
  now: number;
  paidAt?: number;
  team?: TeamRole;
}): JoinRefusalInfo | null {
  const refuse = (reason: JoinRefusal, extra: Partial<JoinRefusalInfo> = {}): JoinRefusalInfo => ({
    reason,
    message: joinRefusalMessage(reason, contest.requiredTier),
    ...extra,
  });
  const member = team === 'member';
  if (joined && !member) return refuse('already_joined');
  if (contest.status === 'completed') return refuse('closed');
  if (contest.status !== 'active') return refuse('not_open');
  if (isRegistrationClosed(contest, now, paidAt)) return refuse('closed');
  if (contest.mode === 'team' && !team) return refuse('team_only');
  if (!member && contest.participants >= contest.maxParticipants) return refuse('full');
  // Before the tier and the fee: paying for either needs a verified address too.
  if (emailUnverified) return refuse('email_unverified');
  if (tierRank(tier) < tierRank(contest.requiredTier)) {
    return refuse('tier', { requiredTier: contest.requiredTier });
  }
  // The place, the invite code and the fee are the captain's (for the team).
  if (member) return null;
  if (contest.participationType === 'invite') {
    if (!inviteCode) return refuse('invite_required');
    if (inviteCode !== contest.inviteCode) return refuse('invite_wrong');
  }
  if (contest.participationType === 'paid' && fee === 'unpaid') {
    return refuse('fee_unverified', { contestId: contest.id });
  }
  return null;
}

/** What the join rule reads from the database besides the contest (joinFacts). */
export type JoinFacts = Pick<
  Parameters<typeof joinRefusal>[0],
  'tier' | 'joined' | 'emailUnverified' | 'fee'
>;

/**
 * The member's side of the join rule as columns of a statement on the contest's row: their tier
 * now, whether their e-mail is verified, whether they take part, and whether a reviewer verified
 * their entry fee (a paid contest). Raw names: drizzle writes a one-table select's columns
 * unqualified, which inside these subqueries would name the subquery's own table.
 */
function memberFactColumns(userId: number) {
  return {
    memberTier: sql<
      string | null
    >`(SELECT u.subscription_tier FROM users u WHERE u.id = ${userId})`,
    memberVerified: sql<unknown>`EXISTS (SELECT 1 FROM users u
      WHERE u.id = ${userId} AND u.email_verified_at IS NOT NULL)`,
    memberJoined: sql<unknown>`EXISTS (SELECT 1 FROM contest_participants p
      WHERE p.contest_id = contests.id AND p.user_id = ${userId})`,
    memberFeePaid: sql<unknown>`(contests.participation_type = 'paid' AND EXISTS (
      SELECT 1 FROM payment_proofs f WHERE f.user_id = ${userId} AND f.contest_id = contests.id
        AND f.purpose = 'entry_fee' AND f.status = 'verified'))`,
  };
}

type MemberFactRow = {
  [K in keyof ReturnType<typeof memberFactColumns>]: ReturnType<
    typeof memberFactColumns
  >[K]['_']['type'];
};

async function factsOf(
  db: DbOrTx,
  row: MemberFactRow | undefined,
  { paying = false, feeVerified = false }: { paying?: boolean; feeVerified?: boolean },
): Promise<JoinFacts> {
  return {
    tier: normalizeTier(row?.memberTier),
    joined: truthy(row?.memberJoined),
    emailUnverified: await mustVerifyEmail(db, { emailVerified: truthy(row?.memberVerified) }),
    fee: paying ? 'paying' : feeVerified || truthy(row?.memberFeePaid) ? 'verified' : 'unpaid',
  };
}

/**
 * The member's side of the join rule (memberFactColumns), read inside the caller's transaction
 * in one statement (see joinRefusalFor for `paying` and `feeVerified`).
 */
export async function joinFacts({
  db,
  contest,
  userId,
  paying,
  feeVerified,
}: {
  db: DbOrTx;
  contest: Pick<JoinContest, 'id'>;
  userId: number;
  paying?: boolean;
  feeVerified?: boolean;
}): Promise<JoinFacts> {
  const [row] = await db
    .select(memberFactColumns(userId))
    .from(contests)
    .where(eq(contests.id, contest.id));
  return factsOf(db, row, { paying, feeVerified });
}

/**
 * A contest the member may see as the join rule reads it, with the member's side of the rule,
 * in one statement (a join's first); else the same 404 as a missing one.
 */
export async function visibleJoinContestAndFacts(
  db: DbOrTx,
  actor: Pick<Actor, 'id' | 'role'>,
  contestId: number,
): Promise<{ contest: JoinContest; facts: JoinFacts }> {
  const [row] = await db
    .select({ ...joinContestColumns, ...memberFactColumns(actor.id) })
    .from(contests)
    .where(and(eq(contests.id, contestId), contestVisibleTo(actor)));
  if (!row) throw notFound();
  const { memberTier, memberVerified, memberJoined, memberFeePaid, ...contest } = row;
  const facts = await factsOf(db, { memberTier, memberVerified, memberJoined, memberFeePaid }, {});
  return { contest, facts };
}

/** A boolean SQL answer as either engine returns it (PostgreSQL true, SQLite 1). */
const truthy = (value: unknown) => value === true || value === 1 || value === '1' || value === 't';

/**
 * The join rule with its facts read from the database (inside the caller's transaction): the
 * member's tier now, whether they take part, and their entry fee. Every path calls this.
 */
export async function joinRefusalFor({
  db,
  contest,
  userId,
  inviteCode,
  paying = false,
  paidAt,
  now,
  team,
  feeVerified = false,
}: {
  db: DbOrTx;
  contest: JoinContest;
  userId: number;
  inviteCode?: string | null;
  /** Asked for a payment of the entry fee (a proof sent or reviewed): see FeeState. */
  paying?: boolean;
  paidAt?: number;
  now: number;
  /** A team contest: whom the rule is asked for (TeamRole). */
  team?: TeamRole;
  /** The fee is known to be verified already (a team's, paid by a member who was captain then). */
  feeVerified?: boolean;
}): Promise<JoinRefusalInfo | null> {
  const facts = await joinFacts({ db, contest, userId, paying, feeVerified });
  return joinRefusal({ contest, ...facts, inviteCode, now, paidAt, team });
}

export function refusalError(refusal: {
  reason: JoinRefusal | LeaveRefusal;
  message: string;
  requiredTier?: Tier;
  contestId?: number;
}): AppError {
  const details: Record<string, string | number> = {};
  if (refusal.requiredTier) details.requiredTier = refusal.requiredTier;
  if (refusal.contestId) details.contestId = refusal.contestId;
  return new AppError(refusal.reason, refusal.message, {
    details: Object.keys(details).length ? details : undefined,
  });
}

export const joinContestColumns = {
  id: contests.id,
  slug: contests.slug,
  title: contests.title,
  status: contests.status,
  createdBy: contests.createdBy,
  registrationDeadline: contests.registrationDeadline,
  startDate: contests.startDate,
  endDate: contests.endDate,
  participants: contests.participants,
  maxParticipants: contests.maxParticipants,
  requiredTier: contests.requiredTier,
  participationType: contests.participationType,
  inviteCode: contests.inviteCode,
  entryFee: contests.entryFee,
  mode: contests.mode,
  bracketGeneratedAt: contests.bracketGeneratedAt,
};

/**
 * The contest as the join rule reads it (works inside a transaction); with `visibleTo`, only if
 * that viewer may see it.
 */
export async function readJoinContest(
  db: DbOrTx,
  contestId: number,
  { visibleTo }: { visibleTo?: Pick<Actor, 'id' | 'role'> } = {},
): Promise<JoinContest | undefined> {
  const [contest] = await db
    .select(joinContestColumns)
    .from(contests)
    .where(and(eq(contests.id, contestId), visibleTo && contestVisibleTo(visibleTo)));
  return contest;
}

/** A contest the member may see, else the same 404 as a missing one. */
export async function visibleJoinContest(
  db: DbOrTx,
  actor: Pick<Actor, 'id' | 'role'>,
  contestId: number,
): Promise<JoinContest> {
  const contest = await readJoinContest(db, contestId, { visibleTo: actor });
  if (!contest) throw notFound();
  return contest;
}

/** What the join rule reads of the member: their tier, and whether their e-mail is verified. */
async function memberFacts(
  db: DbOrTx,
  userId: number,
): Promise<{ tier: Tier; emailVerified: boolean }> {
  const [row] = await db
    .select({ tier: users.subscriptionTier, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return { tier: normalizeTier(row?.tier), emailVerified: !!row?.emailVerifiedAt };
}

/** Whether the platform's setting holds this member back until their e-mail is verified. */
async function mustVerifyEmail(db: DbOrTx, member: { emailVerified: boolean }): Promise<boolean> {
  if (member.emailVerified) return false;
  // The settings as this server keeps them (told of every save), not read again through the
  // caller's transaction: a join would otherwise read them on every call.
  return (await getPlatformSettings({ db: databaseOf(db) })).requireVerifiedEmail;
}

/**
 * The join rule's e-mail part on its own, for a payment that is no join (a tier upgrade): the
 * same setting, the same reason and words.
 */
export async function emailRefusalFor(db: DbOrTx, userId: number): Promise<JoinRefusalInfo | null> {
  return emailRefusalOf(db, await memberFacts(db, userId));
}

/** The same, for a caller that read the member's `emailVerifiedAt` already. */
export async function emailRefusalOf(
  db: DbOrTx,
  member: { emailVerified: boolean },
): Promise<JoinRefusalInfo | null> {
  if (!(await mustVerifyEmail(db, member))) return null;
  return { reason: 'email_unverified', message: M.email_unverified };
}

export async function memberTier(db: DbOrTx, userId: number): Promise<Tier> {
  const [row] = await db
    .select({ tier: users.subscriptionTier })
    .from(users)
    .where(eq(users.id, userId));
  return normalizeTier(row?.tier);
}

/** Whether a reviewer verified this member's entry fee for this contest. */
export async function hasVerifiedFee(
  db: DbOrTx,
  contestId: number,
  userId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentProofs.id })
    .from(paymentProofs)
    .where(entryFeeProofs(contestId, [userId], 'verified'))
    .limit(1);
  return !!row;
}

/**
 * The latest entry-fee proof for a contest sent by any of these members (a member, or a team's),
 * while it is pending or was rejected: what the join panel and the team panel say while they wait.
 */
export async function openFeeProof(
  db: DbOrTx,
  contestId: number,
  userIds: readonly number[],
): Promise<TFeeProof | null> {
  const [latest] = await db
    .select({
      id: paymentProofs.id,
      status: paymentProofs.status,
      reason: paymentProofs.reason,
      createdAt: paymentProofs.createdAt,
    })
    .from(paymentProofs)
    .where(entryFeeProofs(contestId, userIds))
    .orderBy(desc(paymentProofs.createdAt), desc(paymentProofs.id))
    .limit(1);
  if (!latest || latest.status === 'verified') return null;
  return { ...latest, status: latest.status };
}

/** A contest's entry-fee proofs sent by any of these members (only those of `status` if named). */
export function entryFeeProofs(
  contestId: number,
  userIds: readonly number[],
  status?: ProofStatus,
): SQL | undefined {
  return and(
    userIds.length === 1
      ? eq(paymentProofs.userId, userIds[0]!)
      : inArray(paymentProofs.userId, [...userIds]),
    eq(paymentProofs.contestId, contestId),
    eq(paymentProofs.purpose, 'entry_fee'),
    status === undefined ? undefined : eq(paymentProofs.status, status),
  );
}
