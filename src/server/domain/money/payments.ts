// Crypto payments with reviewed proofs (PRODUCT.md 'Money', SPEC 2.12): what the payment page
// offers, proofs sent by members, and their review by moderators and admins. Amounts come from
// the contest's fee or the tier price and the configured rate, never from the client. Who may pay
// an entry fee, and whom a review may admit, is the join rule's to say (participation.ts
// joinRefusalFor), never decided here. Verifying an entry fee admits the member (through
// contestParticipants.ts, cap respected), verifying an upgrade sets the tier; both in the
// review's transaction, audited. Each change is announced to the member's open pages.
import { and, asc, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { contests, paymentProofs, users } from '../../platform/db/schema';
import { normalizeTier, tierRank, type Tier } from '../../../shared/constants';
import { JOIN_REFUSALS, type JoinRefusal } from '../../../shared/participation';
import {
  NETWORK_NAMES,
  PAID_TIERS,
  PAYMENT_MESSAGES as M,
  PAYMENT_NETWORKS,
  coinAmount,
  explorerLink,
  normalizeTxHash,
  reviewTierMessage,
  tierNotHigherMessage,
  usdAmount,
  type PaidTier,
  type PaymentPurpose,
  type PaymentRefusal,
  type ProofStatus,
  type ReviewStatus,
} from '../../../shared/payments';
import type {
  TPaymentOptions,
  TPaymentProof,
  TReviewProof,
  TSubmitProofInput,
  TTierChoice,
} from '../../../shared/schemas/payments';
import type { PaymentNetwork, TPaymentConfig } from '../../../shared/schemas/settings';
import { isReviewer, type Actor } from '../../platform/actor';
import { writeAudit, getPaymentConfig } from '../admin';
import {
  addParticipant,
  emailRefusalFor,
  hasVerifiedFee,
  joinRefusalFor,
  lockContest,
  memberTier,
  readJoinContest,
  refusalError as joinRefusalError,
  visibleJoinContest,
  type JoinContest,
  type JoinRefusalInfo,
} from '../participation';
import { AppError, type AppErrorCode } from '../../platform/errors';
import { announcePaymentChanges } from '../../platform/events';
import { notifyJoined, notifyPaymentReviewed } from '../messages';
import { assertOwnUpload } from '../../platform/files/uploads';
import { reviewTeamFee, teamRoleFor } from '../tournaments';
import { isUniqueViolation, lockForUpdate } from '../../platform/db/dialect';

type OwnRefusal = Exclude<PaymentRefusal, JoinRefusal>;

const REFUSAL_CODES: Record<OwnRefusal, AppErrorCode> = {
  free_contest: 'BAD_REQUEST',
  tier_not_higher: 'BAD_REQUEST',
  no_price: 'BAD_REQUEST',
  network_not_set_up: 'BAD_REQUEST',
  already_verified: 'CONFLICT',
  proof_pending: 'CONFLICT',
  tx_hash_used: 'CONFLICT',
};

interface Refusal {
  reason: PaymentRefusal;
  message: string;
  requiredTier?: Tier;
}

function refuse(reason: OwnRefusal, message: string = M[reason as keyof typeof M]): Refusal {
  return { reason, message };
}

function isJoinRefusal(reason: PaymentRefusal): reason is Exclude<JoinRefusal, 'fee_unverified'> {
  return (JOIN_REFUSALS as readonly string[]).includes(reason);
}

/** A join rule's refusal keeps the join's code (403 tier, 409 full, ...) on this path too. */
function refusalError(refusal: Refusal): AppError {
  if (isJoinRefusal(refusal.reason)) {
    return joinRefusalError({ ...refusal, reason: refusal.reason });
  }
  return new AppError(REFUSAL_CODES[refusal.reason], refusal.message, {
    reason: refusal.reason,
  });
}

/** A join refusal as the payment page reports it (the fee itself is what is being paid). */
function fromJoin(info: JoinRefusalInfo): Refusal {
  if (info.reason === 'fee_unverified') throw new Error('the fee is being paid');
  return {
    reason: info.reason,
    message: info.message,
    ...(info.requiredTier ? { requiredTier: info.requiredTier } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Reads

const memberColumns = {
  id: paymentProofs.id,
  purpose: paymentProofs.purpose,
  contestId: paymentProofs.contestId,
  // The title as it is now, or as it was when paid once the contest is gone.
  contestTitle: sql<string | null>`coalesce(${contests.title}, ${paymentProofs.contestTitle})`,
  contestSlug: contests.slug,
  tier: paymentProofs.tier,
  network: paymentProofs.network,
  walletAddress: paymentProofs.walletAddress,
  txHash: paymentProofs.txHash,
  senderAddress: paymentProofs.senderAddress,
  notes: paymentProofs.notes,
  proofFile: paymentProofs.proofFile,
  amountUsd: paymentProofs.amountUsd,
  amountCoin: paymentProofs.amountCoin,
  status: paymentProofs.status,
  reason: paymentProofs.reason,
  reviewedAt: paymentProofs.reviewedAt,
  createdAt: paymentProofs.createdAt,
};

const reviewColumns = {
  ...memberColumns,
  userId: paymentProofs.userId,
  // Null once the account is deleted: the client shows 'Deleted user'.
  username: users.username,
  submittedAs: paymentProofs.username,
  reviewerName: paymentProofs.reviewerName,
};

/** Each proof with its network's block-explorer link (the payment settings' template). */
function withExplorer<T extends { network: PaymentNetwork; txHash: string }>(
  config: TPaymentConfig,
  rows: T[],
): (T & { explorerUrl: string | null })[] {
  return rows.map((row) => ({
    ...row,
    explorerUrl: explorerLink(config.networks[row.network].explorerUrl, row.network, row.txHash),
  }));
}

function memberProofs(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(memberColumns)
    .from(paymentProofs)
    .leftJoin(contests, eq(contests.id, paymentProofs.contestId))
    .where(where);
}

async function proofById(db: DB, id: number): Promise<TPaymentProof | undefined> {
  const [row] = await memberProofs(db, eq(paymentProofs.id, id));
  return row ? withExplorer(await getPaymentConfig({ db }), [row])[0] : undefined;
}

/** The caller's own proofs, newest first (Account Settings, the payment page). */
export async function listMyProofs({
  db,
  actor,
  page,
  pageSize,
}: {
  db: DB;
  actor: Pick<Actor, 'id'>;
  page: number;
  pageSize: number;
}): Promise<{ items: TPaymentProof[]; total: number; page: number; pageSize: number }> {
  const mine = eq(paymentProofs.userId, actor.id);
  const rows = await memberProofs(db, mine)
    .orderBy(desc(paymentProofs.createdAt), desc(paymentProofs.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const items = withExplorer(await getPaymentConfig({ db }), rows);
  const [counted] = await db.select({ n: count() }).from(paymentProofs).where(mine);
  const total = counted?.n ?? 0;
  return { items, total, page, pageSize };
}

/** The reviewers' queue: pending proofs oldest first; reviewed ones newest first. */
export async function listProofQueue({
  db,
  status,
  page,
  pageSize,
}: {
  db: DB;
  status: ProofStatus;
  page: number;
  pageSize: number;
}): Promise<{ items: TReviewProof[]; total: number; page: number; pageSize: number }> {
  const where = eq(paymentProofs.status, status);
  const order =
    status === 'pending'
      ? [asc(paymentProofs.createdAt), asc(paymentProofs.id)]
      : [desc(paymentProofs.createdAt), desc(paymentProofs.id)];
  const rows = await db
    .select(reviewColumns)
    .from(paymentProofs)
    .leftJoin(contests, eq(contests.id, paymentProofs.contestId))
    .leftJoin(users, eq(users.id, paymentProofs.userId))
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const items = withExplorer(await getPaymentConfig({ db }), rows);
  const [counted] = await db.select({ n: count() }).from(paymentProofs).where(where);
  const total = counted?.n ?? 0;
  return { items, total, page, pageSize };
}

// ---------------------------------------------------------------------------------------------
// What is being paid for

interface Target {
  purpose: PaymentPurpose;
  contest: JoinContest | null;
  tier: PaidTier | null;
  currentTier: Tier;
  amountUsd: string;
  /** Why a proof cannot be sent now (the page still shows its state and the proofs). */
  refusal: Refusal | null;
}

async function hasProof(db: DbOrTx, where: SQL | undefined): Promise<boolean> {
  const [row] = await db.select({ id: paymentProofs.id }).from(paymentProofs).where(where).limit(1);
  return !!row;
}

/**
 * Resolves a contest or a tier to its amount, or refuses outright when there is nothing to pay
 * (a free contest, a tier the member has, a tier without a price): those are errors, while a
 * state the member can see on the page is a `refusal`: first whatever the join rule says (a
 * member who may not join cannot pay their way in: tier, closed, full, joined, ...), then a fee
 * already verified or a proof awaiting review.
 */
async function resolveTarget(
  db: DbOrTx,
  actor: Pick<Actor, 'id' | 'role'>,
  input: { contestId?: number; tier?: PaidTier },
  now: number,
): Promise<Target> {
  const currentTier = await memberTier(db, actor.id);
  const mine = eq(paymentProofs.userId, actor.id);

  if (input.contestId !== undefined) {
    const contest = await visibleJoinContest(db, actor, input.contestId);
    if (contest.participationType !== 'paid' || !contest.entryFee) {
      throw refusalError(refuse('free_contest'));
    }
    const forContest = and(
      mine,
      eq(paymentProofs.contestId, contest.id),
      eq(paymentProofs.purpose, 'entry_fee'),
    );
    const joinRefusal = await joinRefusalFor({
      db,
      contest,
      userId: actor.id,
      paying: true,
      now,
      // A team contest's fee is paid once per team, by its captain (issue 19).
      team: contest.mode === 'team' ? await teamRoleFor(db, contest.id, actor.id) : undefined,
    });
    let refusal: Refusal | null = joinRefusal ? fromJoin(joinRefusal) : null;
    if (!refusal && (await hasVerifiedFee(db, contest.id, actor.id))) {
      refusal = refuse('already_verified');
    } else if (
      !refusal &&
      (await hasProof(db, and(forContest, eq(paymentProofs.status, 'pending'))))
    ) {
      refusal = refuse('proof_pending');
    }
    return {
      purpose: 'entry_fee',
      contest,
      tier: null,
      currentTier,
      amountUsd: usdAmount(contest.entryFee),
      refusal,
    };
  }

  const tier = input.tier!;
  if (tierRank(tier) <= tierRank(currentTier)) {
    throw refusalError(refuse('tier_not_higher', tierNotHigherMessage(currentTier)));
  }
  const price = (await getPaymentConfig({ db })).tierPrices[tier];
  if (!(price > 0)) throw refusalError(refuse('no_price'));
  const pending = await hasProof(
    db,
    and(mine, eq(paymentProofs.purpose, 'tier_upgrade'), eq(paymentProofs.status, 'pending')),
  );
  // The join rule's e-mail part holds for every payment, an upgrade included.
  const unverified = await emailRefusalFor(db, actor.id);
  return {
    purpose: 'tier_upgrade',
    contest: null,
    tier,
    currentTier,
    amountUsd: usdAmount(price),
    refusal: unverified ? fromJoin(unverified) : pending ? refuse('proof_pending') : null,
  };
}

/** The proofs the payment page lists: this contest's entry fee, or every tier upgrade. */
async function proofsFor(
  db: DB,
  actor: Pick<Actor, 'id'>,
  target: Target,
): Promise<TPaymentProof[]> {
  const mine = eq(paymentProofs.userId, actor.id);
  const which = target.contest
    ? and(mine, eq(paymentProofs.contestId, target.contest.id))
    : and(mine, eq(paymentProofs.purpose, 'tier_upgrade'));
  const rows = await memberProofs(db, which)
    .orderBy(desc(paymentProofs.createdAt), desc(paymentProofs.id))
    .limit(50);
  return withExplorer(await getPaymentConfig({ db }), rows);
}

/** /payment?contest= or ?tier=: the amount, the networks with an address, the member's proofs. */
export async function paymentOptions({
  db,
  actor,
  input,
  now = Date.now(),
}: {
  db: DB;
  actor: Pick<Actor, 'id' | 'role'>;
  input: { contestId?: number; tier?: PaidTier };
  now?: number;
}): Promise<TPaymentOptions> {
  const target = await resolveTarget(db, actor, input, now);
  const config = await getPaymentConfig({ db });
  const networks = PAYMENT_NETWORKS.filter((n) => config.networks[n].address).map((network) => {
    const { address, rate } = config.networks[network];
    return {
      network,
      name: NETWORK_NAMES[network],
      address,
      rate,
      amountCoin: coinAmount(target.amountUsd, rate),
    };
  });
  const contest = target.contest;
  return {
    purpose: target.purpose,
    contest: contest
      ? { id: contest.id, slug: contest.slug, title: contest.title, entryFee: contest.entryFee }
      : null,
    tier: target.tier,
    currentTier: target.currentTier,
    amountUsd: target.amountUsd,
    networks,
    proofs: await proofsFor(db, actor, target),
    refusal: target.refusal,
  };
}

/**
 * /payment without a query: what each paid tier costs and opens. A contest counts as open while
 * it is active and has not ended; members see those whatever their tier.
 */
export async function tierChoice({
  db,
  actor,
  now = Date.now(),
}: {
  db: DB;
  actor: Pick<Actor, 'id'>;
  now?: number;
}): Promise<TTierChoice> {
  const [member] = await db
    .select({ tier: users.subscriptionTier })
    .from(users)
    .where(eq(users.id, actor.id));
  const open = await db
    .select({ tier: contests.requiredTier, n: count() })
    .from(contests)
    .where(
      and(
        eq(contests.status, 'active'),
        inArray(contests.requiredTier, [...PAID_TIERS]),
        or(isNull(contests.endDate), gt(contests.endDate, new Date(now))),
      ),
    )
    .groupBy(contests.requiredTier);
  const config = await getPaymentConfig({ db });
  return {
    currentTier: normalizeTier(member?.tier),
    tiers: PAID_TIERS.map((tier) => {
      const price = config.tierPrices[tier];
      return {
        tier,
        priceUsd: price > 0 ? usdAmount(price) : null,
        openContests: open.find((row) => row.tier === tier)?.n ?? 0,
      };
    }),
    paymentsSetUp: PAYMENT_NETWORKS.some((n) => config.networks[n].address),
  };
}

// ---------------------------------------------------------------------------------------------
// Changes

/**
 * 'Submit Payment Proof': stored as pending, with the amounts the server computes and the hash
 * in its normalised form, which no other proof on any network may carry (one transaction pays
 * once). An entry fee is refused for whatever a join would be refused for.
 */
export async function submitProof({
  db,
  actor,
  input,
  now = Date.now(),
}: {
  db: DB;
  actor: Actor;
  input: TSubmitProofInput;
  now?: number;
}): Promise<TPaymentProof> {
  const network: PaymentNetwork = input.network;
  const txHash = normalizeTxHash(network, input.txHash);
  let id: number;
  try {
    id = await db.transaction(
      async (tx) => {
        if (input.proofFile) {
          await assertOwnUpload({
            db: tx,
            actor,
            url: input.proofFile,
            purposes: ['proof'],
            mimes: ['image/png', 'image/jpeg', 'application/pdf'],
            message: M.proofFile,
          });
        }
        // Inside the write lock (and the member's row lock on PostgreSQL): two proofs sent at
        // once cannot both pass these checks.
        await lockForUpdate(tx, users, eq(users.id, actor.id));
        const target = await resolveTarget(tx, actor, input, now);
        if (target.refusal) throw refusalError(target.refusal);
        const { address, rate } = (await getPaymentConfig({ db: tx })).networks[network];
        if (!address) throw refusalError(refuse('network_not_set_up'));
        if (await hasProof(tx, eq(paymentProofs.txHash, txHash))) {
          throw refusalError(refuse('tx_hash_used'));
        }
        const [inserted] = await tx
          .insert(paymentProofs)
          .values({
            userId: actor.id,
            username: actor.username,
            purpose: target.purpose,
            contestId: target.contest?.id ?? null,
            contestTitle: target.contest?.title ?? null,
            tier: target.tier,
            network,
            walletAddress: address,
            txHash,
            senderAddress: input.senderAddress,
            notes: input.notes,
            proofFile: input.proofFile,
            amountUsd: target.amountUsd,
            amountCoin: coinAmount(target.amountUsd, rate),
            rate,
            createdAt: new Date(now),
          })
          .returning({ id: paymentProofs.id });
        // Heard by the member's open pages once this commits.
        await announcePaymentChanges({ db: tx, userId: actor.id });
        return inserted!.id;
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    // The unique index is the last word on a hash used twice (another process, say).
    if (isUniqueViolation(error)) throw refusalError(refuse('tx_hash_used'));
    throw error;
  }
  return (await proofById(db, id))!;
}

/** What the reviewer is told when the join rule refuses to admit the member now. */
function reviewRefusal(refusal: JoinRefusalInfo, tier: Tier): AppError {
  const message =
    refusal.reason === 'tier'
      ? reviewTierMessage(refusal.requiredTier ?? 'free', tier)
      : refusal.reason === 'full'
        ? M.reviewFull
        : refusal.reason === 'email_unverified'
          ? M.reviewEmailUnverified
          : refusal.reason === 'closed'
            ? M.reviewClosed
            : M.reviewNotOpen;
  return new AppError('CONFLICT', message, {
    reason: refusal.reason,
    details: refusal.requiredTier ? { requiredTier: refusal.requiredTier } : undefined,
  });
}

/**
 * A moderator's or admin's verdict on a pending proof, never on their own. Verifying an entry
 * fee admits the member, after the join rule is asked again as things are now (the member's
 * tier may have dropped, the contest may be full, closed or ended): if it refuses, the review is
 * refused with that reason and nothing changes. The one allowance of a review: a member who paid
 * while registration was open is admitted after the deadline. Verifying an upgrade raises the
 * member's tier (never lowers it).
 */
export async function reviewProof({
  db,
  actor,
  id,
  status,
  reason,
  now = Date.now(),
}: {
  db: DB;
  actor: Actor;
  id: number;
  status: ReviewStatus;
  reason?: string | null;
  now?: number;
}): Promise<TReviewProof> {
  if (!isReviewer(actor))
    throw new AppError('FORBIDDEN', 'Only moderators and admins review payments');
  await db.transaction(
    async (tx) => {
      // One review of a proof at a time (PostgreSQL: two reviewers on two app servers).
      await lockForUpdate(tx, paymentProofs, eq(paymentProofs.id, id));
      const [proof] = await tx.select().from(paymentProofs).where(eq(paymentProofs.id, id));
      if (!proof) throw new AppError('NOT_FOUND', M.notFound);
      if (proof.userId === actor.id) throw new AppError('FORBIDDEN', M.ownProof);
      if (proof.status !== 'pending') {
        throw new AppError('CONFLICT', M.alreadyReviewed, { reason: 'already_reviewed' });
      }
      let contestAdmitted: number | null = null;
      let tierAfter: Tier | null = null;
      let tierBefore: Tier | null = null;
      if (status === 'verified') {
        if (proof.userId === null) {
          throw new AppError('CONFLICT', M.memberGone, { reason: 'member_deleted' });
        }
        // The member's row: their tier is read and raised here, and their proofs are sent under it.
        await lockForUpdate(tx, users, eq(users.id, proof.userId));
        if (proof.purpose === 'entry_fee') {
          if (proof.contestId !== null) await lockContest(tx, proof.contestId);
          const contest =
            proof.contestId === null ? undefined : await readJoinContest(tx, proof.contestId);
          if (!contest)
            throw new AppError('CONFLICT', M.contestGone, { reason: 'contest_deleted' });
          if (contest.mode === 'team') {
            // A team's fee: its captain's team is registered when ready (the rule asked for
            // them as its captain); a refusal refuses the review as for anyone.
            const team = await reviewTeamFee(tx, {
              contest,
              payerId: proof.userId,
              paidAt: proof.createdAt.getTime(),
              now,
              origin: actor.origin,
            });
            if (team.refusal) throw reviewRefusal(team.refusal, await memberTier(tx, proof.userId));
            if (team.admitted) contestAdmitted = contest.id;
          } else {
            const refusal = await joinRefusalFor({
              db: tx,
              contest,
              userId: proof.userId,
              paying: true,
              paidAt: proof.createdAt.getTime(),
              now,
            });
            // Already a participant: the fee is verified, there is nobody to admit.
            if (refusal && refusal.reason !== 'already_joined') {
              throw reviewRefusal(refusal, await memberTier(tx, proof.userId));
            }
            if (!refusal) {
              await addParticipant({ db: tx, contestId: contest.id, userId: proof.userId });
              contestAdmitted = contest.id;
            }
          }
        } else {
          tierBefore = await memberTier(tx, proof.userId);
          tierAfter = tierRank(proof.tier) > tierRank(tierBefore) ? proof.tier : tierBefore;
          if (tierAfter !== tierBefore) {
            await tx
              .update(users)
              .set({ subscriptionTier: tierAfter })
              .where(eq(users.id, proof.userId));
          }
        }
      }
      await tx
        .update(paymentProofs)
        .set({
          status,
          // A reason is kept for rejections only (the member reads it).
          reason: status === 'rejected' ? reason?.trim() || null : null,
          reviewerId: actor.id,
          reviewerName: actor.username,
          reviewedAt: new Date(now),
        })
        .where(eq(paymentProofs.id, id));
      await writeAudit({
        db: tx,
        actor,
        action: status === 'verified' ? 'payment.verify' : 'payment.reject',
        targetType: 'payment',
        targetId: id,
        before: { status: proof.status },
        after: {
          status,
          member: proof.username,
          purpose: proof.purpose,
          contestId: proof.contestId,
          tier: proof.tier,
          amountUsd: proof.amountUsd,
          network: proof.network,
          ...(status === 'rejected' && reason ? { reason: reason.trim() } : {}),
          ...(contestAdmitted ? { admitted: true } : {}),
          ...(tierAfter ? { tierBefore, tierAfter } : {}),
        },
      });
      // Heard by the member's open pages once this commits (the leaderboard's hear of an
      // admission from participation's writer).
      await announcePaymentChanges({ db: tx, userId: proof.userId });
      // The member hears of it (and is mailed, by their choice) once this commits.
      const options = { origin: actor.origin };
      await notifyPaymentReviewed(
        tx,
        {
          proof,
          verified: status === 'verified',
          reason,
          admitted: contestAdmitted !== null,
        },
        options,
      );
      if (contestAdmitted !== null && proof.userId !== null) {
        await notifyJoined(tx, { userId: proof.userId, contestId: contestAdmitted }, options);
      }
    },
    { behavior: 'immediate' },
  );
  return listProofById(db, id);
}

async function listProofById(db: DB, id: number): Promise<TReviewProof> {
  const [row] = await db
    .select(reviewColumns)
    .from(paymentProofs)
    .leftJoin(contests, eq(contests.id, paymentProofs.contestId))
    .leftJoin(users, eq(users.id, paymentProofs.userId))
    .where(eq(paymentProofs.id, id));
  return withExplorer(await getPaymentConfig({ db }), [row!])[0]!;
}
