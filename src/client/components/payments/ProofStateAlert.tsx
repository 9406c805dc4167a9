// What became of the member's latest payment proof, where they look for it (the contest page's
// join panel and /payment): awaiting review, or rejected with the reviewer's reason. Updated live
// (useLivePayments), so it is a polite live region.
import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PROOF_STATE_MESSAGES as P, type ProofStatus } from '../../../shared/payments';

export function ProofStateAlert({
  proof,
  children,
}: {
  proof: { status: ProofStatus; reason: string | null };
  /** The way forward under the words (a link, a button). */
  children?: ReactNode;
}) {
  if (proof.status === 'verified') return null;
  const pending = proof.status === 'pending';
  return (
    <Alert.Root status={pending ? 'info' : 'error'} role="status" aria-live="polite">
      <Alert.Indicator />
      <Alert.Content gap="1">
        <Alert.Title>{pending ? P.pendingTitle : P.rejectedTitle}</Alert.Title>
        {pending ? (
          <Alert.Description>{P.pending}</Alert.Description>
        ) : (
          <>
            <Alert.Description>Reason: {proof.reason ?? 'none given'}</Alert.Description>
            <Alert.Description>{P.rejectedAgain}</Alert.Description>
          </>
        )}
        {children}
      </Alert.Content>
    </Alert.Root>
  );
}
