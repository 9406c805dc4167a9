// How a payment proof is named on the member's and the reviewers' screens.
import { TIER_LABELS } from '../../../shared/constants';
import type { ProofStatus } from '../../../shared/payments';
import type { TPaymentProof } from '../../../shared/schemas/payments';

type ProofPurposeFields = Pick<TPaymentProof, 'purpose' | 'contestTitle' | 'tier'>;

/** 'Entry fee: Candle Games' or 'Upgrade to Pro'. */
export function proofPurposeLabel(proof: ProofPurposeFields): string {
  if (proof.purpose === 'tier_upgrade') {
    return `Upgrade to ${proof.tier ? TIER_LABELS[proof.tier] : 'a higher tier'}`;
  }
  return `Entry fee: ${proof.contestTitle ?? 'a deleted contest'}`;
}

/** The contest page a proof's entry fee is for, while the contest exists. */
export function proofContestHref(proof: Pick<TPaymentProof, 'contestId' | 'contestSlug'>) {
  if (proof.contestId === null || proof.contestSlug === null) return null;
  return `/contests/${proof.contestSlug}`;
}

/** '$100.00', from the server's two-decimal text. */
export function usdText(amountUsd: string): string {
  return `$${amountUsd}`;
}

export const PROOF_STATUS_COLORS: Record<ProofStatus, string> = {
  pending: 'yellow',
  verified: 'green',
  rejected: 'red',
};
