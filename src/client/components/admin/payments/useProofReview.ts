// Verify or reject a payment proof (payments.review) with its toasts; the server's refusals
// (the contest is full or closed, already reviewed) are told in its own words.
import { errorMessage } from '../../../lib/errors';
import { keyedToasts } from '../../../lib/toaster';
import { trpc } from '../../../lib/trpc';
import { reviewOutcome } from './reviewLabels';

const toasts = keyedToasts('proofReview');

export function useProofReview({ onDone }: { onDone: () => void }) {
  return trpc.payments.review.useMutation({
    onSuccess: (proof) => {
      const { title, description } = reviewOutcome(proof);
      toasts.success(title, description);
      onDone();
    },
    onError: (error) => {
      toasts.error('Review failed', errorMessage(error, 'Failed to review the payment proof'));
      // Another reviewer may have got there first: show the queue as it is now. The toast says
      // why; the dialog has nothing more to offer.
      onDone();
    },
  });
}
