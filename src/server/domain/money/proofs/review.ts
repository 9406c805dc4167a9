// A moderator's or admin's review of a proof. Verifying an entry fee admits the member (through
// participation, cap respected; a team's captain admits the team), verifying an upgrade sets the
// tier and its end (the plan rule, issue 33); both in the review's transaction, audited, and announced to the member's open pages.
import { eq } from 'drizzle-orm';
import type { DB } from '../../../platform/db/client';
import { paymentProofs, users } from '../../../platform/db/schema';
import type { Tier } from '../../../../shared/constants';
import {
  PAYMENT_MESSAGES as M,
  reviewTierMessage,
  type PaidTier,
  type ReviewStatus,
} from '../../../../shared/payments';
import type { TReviewProof } from '../../../../shared/schemas/payments';
import { isReviewer, type Actor } from '../../../platform/actor';
import { writeAudit } from '../../audit';
import {
  addParticipant,
  joinRefusalFor,
  lockContest,
  memberTier,
  readJoinContest,
  type JoinRefusalInfo,
} from '../../participation';
import { AppError } from '../../../platform/errors';
import { announcePaymentChanges } from '../../../platform/events';
import { notifyJoined, notifyPaymentReviewed } from '../../messages';
import { reviewTeamFee } from '../../tournaments';
import { lockForUpdate } from '../../../platform/db/dialect';
import { listProofById } from './reads';
import { memberPlan } from '../subscriptions';
import { planChange, subscriptionEnd } from '../../../../shared/subscriptions';

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
  // The reviewer is not refused anything: the proof's state conflicts with the join rule now.
  return new AppError(refusal.reason, message, {
    code: 'CONFLICT',
    details: refusal.requiredTier ? { requiredTier: refusal.requiredTier } : undefined,
  });
}

/**
 * A moderator's or admin's verdict on a pending proof, never on their own. Verifying an entry
 * fee admits the member, after the join rule is asked again as things are now (the member's
 * tier may have dropped, the contest may be full, closed or ended): if it refuses, the review is
 * refused with that reason and nothing changes. The one allowance of a review: a member who paid
 * while registration was open is admitted after the deadline. Verifying an upgrade does what the
 * shared `planChange` says of the plan held now: a purchase, renewal or upgrade sets the tier and
 * its end from the proof's own period (the price paid is the proof's, whatever the settings say
 * now; an upgrade's credit paid the old plan's days back, so it runs from now); a downgrade under
 * a plan whose end is ahead is the next plan (users.next_tier, next_period_days), from that end.
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
        throw new AppError('already_reviewed', M.alreadyReviewed);
      }
      let contestAdmitted: number | null = null;
      let tierAfter: Tier | null = null;
      let tierBefore: Tier | null = null;
      let expiresBefore: Date | null = null;
      let expiresAfter: Date | null = null;
      let scheduled: { tier: PaidTier; periodDays: number | null } | null = null;
      if (status === 'verified') {
        if (proof.userId === null) {
          throw new AppError('member_deleted', M.memberGone);
        }
        // The member's row: their tier is read and raised here, and their proofs are sent under it.
        await lockForUpdate(tx, users, eq(users.id, proof.userId));
        if (proof.purpose === 'entry_fee') {
          if (proof.contestId !== null) await lockContest(tx, proof.contestId);
          const contest =
            proof.contestId === null ? undefined : await readJoinContest(tx, proof.contestId);
          if (!contest) throw new AppError('contest_deleted', M.contestGone);
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
          const plan = await memberPlan(tx, proof.userId);
          tierBefore = plan.tier;
          expiresBefore = plan.expiresAt;
          const bought = proof.tier as PaidTier;
          // What the purchase does is asked of the shared plan rule again as things are now (the
          // member's plan may have changed since they paid), as /payment asked it.
          const change = planChange({ current: plan, bought, now: new Date(now) });
          if (change === 'downgrade') {
            // A lower tier under a plan with an end ahead: it follows that plan at its end, as
            // the next plan (a later one replaces it); nothing changes now. The switch itself is
            // the subscription job's.
            tierAfter = tierBefore;
            expiresAfter = expiresBefore;
            scheduled = { tier: bought, periodDays: proof.periodDays };
            await tx
              .update(users)
              .set({ nextTier: bought, nextPeriodDays: proof.periodDays })
              .where(eq(users.id, proof.userId));
          } else if (change !== null) {
            // Bought, renewed or upgraded: the tier and its end by the plan rule.
            tierAfter = bought;
            expiresAfter = subscriptionEnd({
              current: plan,
              bought: { tier: bought, periodDays: proof.periodDays },
              now: new Date(now),
            });
            await tx
              .update(users)
              .set({ subscriptionTier: tierAfter, tierExpiresAt: expiresAfter })
              .where(eq(users.id, proof.userId));
          } else {
            tierAfter = tierBefore;
            expiresAfter = expiresBefore;
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
          ...(proof.creditUsd ? { creditUsd: proof.creditUsd } : {}),
          network: proof.network,
          ...(status === 'rejected' && reason ? { reason: reason.trim() } : {}),
          ...(contestAdmitted ? { admitted: true } : {}),
          ...(tierAfter
            ? {
                tierBefore,
                tierAfter,
                periodDays: proof.periodDays,
                expiresBefore: expiresBefore?.toISOString() ?? null,
                expiresAfter: expiresAfter?.toISOString() ?? null,
              }
            : {}),
          // A downgrade: the next plan, from the current end; nothing changed now.
          ...(scheduled
            ? {
                nextTier: scheduled.tier,
                nextPeriodDays: scheduled.periodDays,
                startsAt: expiresBefore?.toISOString() ?? null,
              }
            : {}),
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
