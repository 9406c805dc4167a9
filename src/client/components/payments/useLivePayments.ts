// Keeps what a member sees of their own payments current without a reload: the server's event
// stream (payments.onChange, the member's own channel) says "one of your proofs was sent,
// verified or rejected", and the screens that show a proof's state read it again (declared in
// lib/invalidation/staleOnEvent.ts).
import { useStaleOnEvent } from '../../lib/invalidation';
import { trpc } from '../../lib/trpc';

export function useLivePayments(enabled = true): void {
  const onData = useStaleOnEvent('payments.onChange');
  trpc.payments.onChange.useSubscription(undefined, { enabled, onData });
}
