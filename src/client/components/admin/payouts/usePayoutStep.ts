// An admin's step on a payout line (payouts.update) with its toasts: the step done, or the
// server's refusal in its own words ('Another admin must mark this payout sent: you approved it').
import type { TPayout } from '../../../../shared/schemas/payouts';
import { keyedToasts } from '../../../lib/toaster';
import { toastOutcome } from '../../../lib/toastOutcome';
import { trpc } from '../../../lib/trpc';
import { payoutSummary, STEP_DONE } from './payoutLabels';

const toasts = keyedToasts('payoutStep');

export function usePayoutStep({ onDone }: { onDone: () => void }) {
  return trpc.payouts.update.useMutation(
    toastOutcome(toasts, {
      success: (line: TPayout) => [STEP_DONE[line.status] ?? 'Payout updated', payoutSummary(line)],
      failure: 'Failed to update the payout',
      errorTitle: 'Payout not updated',
      then: onDone,
    }),
  );
}
