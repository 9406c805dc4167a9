// Verify or reject a payment proof (payments.review) with its toasts; the server's refusals
// (the contest is full or closed, already reviewed) are told in its own words.
import { TIER_LABELS } from '../../../../shared/constants';
import { DELETED_USER_LABEL } from '../../../../shared/payments';
import type { TReviewProof } from '../../../../shared/schemas/payments';
import { errorMessage } from '../../../lib/errors';
import { toastError, toastSuccess } from '../../../lib/toaster';
import { trpc } from '../../../lib/trpc';

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
  return {
    title: 'Payment verified',
    description: `${member} is now a participant of ${proof.contestTitle ?? 'the contest'}.`,
  };
}

export function useProofReview({ onDone }: { onDone: () => void }) {
  const utils = trpc.useUtils();
  const refresh = () => {
    void utils.payments.queue.invalidate();
    void utils.payments.tierBreakdown.invalidate();
    void utils.admin.stats.invalidate();
  };
  return trpc.payments.review.useMutation({
    onSuccess: (proof) => {
      const { title, description } = reviewOutcome(proof);
      toastSuccess(title, description);
      refresh();
      onDone();
    },
    onError: (error) => {
      toastError('Review failed', errorMessage(error, 'Failed to review the payment proof'));
      // Another reviewer may have got there first: show the queue as it is now. The toast says
      // why; the dialog has nothing more to offer.
      refresh();
      onDone();
    },
  });
}
