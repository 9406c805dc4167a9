// Keeps what a member sees of their own payments current without a reload: the server's event
// stream (payments.onChange, the member's own channel) says "one of your proofs was sent,
// verified or rejected", and the screens that show a proof's state read it again: the contest
// page's join panel, /payment and Account Settings > Payments.
import { trpc } from '../../lib/trpc';

export function useLivePayments(enabled = true): void {
  const utils = trpc.useUtils();
  trpc.payments.onChange.useSubscription(undefined, {
    enabled,
    onData: () => {
      void utils.participation.status.invalidate();
      void utils.payments.options.invalidate();
      void utils.payments.myProofs.invalidate();
      void utils.payments.tiers.invalidate();
      // A verified fee admits the member: the contest's figures and their dashboard change.
      void utils.contests.get.invalidate();
      void utils.me.invalidate();
    },
  });
}
