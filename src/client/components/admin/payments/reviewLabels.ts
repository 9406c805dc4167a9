// How the review screens name a proof's member and what a review did.
import { TIER_LABELS } from '../../../../shared/constants';
import { DELETED_USER_LABEL } from '../../../../shared/payments';
import type { TReviewProof } from '../../../../shared/schemas/payments';

export function memberLabel(proof: Pick<TReviewProof, 'username'>): string {
  return proof.username ?? DELETED_USER_LABEL;
}

/** What a review did, for its toast. */
export function reviewOutcome(proof: TReviewProof): { title: string; description: string } {
  const member = memberLabel(proof);
  if (proof.status === 'rejected') {
    return { title: 'Payment rejected', description: `${member} can read your reason.` };
  }
  if (proof.purpose === 'tier_upgrade') {
    const tier = proof.tier ? TIER_LABELS[proof.tier] : 'the new';
    return { title: 'Payment verified', description: `${member} is now on the ${tier} tier.` };
  }
  const contest = proof.contestTitle ?? 'the contest';
  if (proof.teamName) {
    // The captain paid once for the team: the team is what takes part (once it is full enough).
    return {
      title: 'Payment verified',
      description: `The entry fee of team ${proof.teamName} for ${contest} is paid.`,
    };
  }
  return {
    title: 'Payment verified',
    description: `${member} is now a participant of ${contest}.`,
  };
}
