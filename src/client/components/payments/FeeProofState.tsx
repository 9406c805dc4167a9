// A paid contest's entry fee after it was paid, where the payer waits: the member's join panel and
// a team's panel (the captain pays once for the team). Updated live: the payment stream marks
// the queries these panels read stale (lib/invalidation/staleOnEvent.ts).
import { Button, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { TFeeProof } from '../../../shared/schemas/participation';
import { ProofStateAlert } from './ProofStateAlert';

/**
 * A paid contest's fee after the member paid it: awaiting review (nothing to do but wait), or
 * rejected with the reviewer's reason (they may send a new proof).
 */
export function FeeProofState({ feeProof, contestId }: { feeProof: TFeeProof; contestId: number }) {
  return (
    <Stack gap="3">
      <ProofStateAlert proof={feeProof}>
        {feeProof.status === 'pending' ? (
          <ChakraLink asChild variant="underline" color="fg" fontSize="sm">
            <Link href={`/payment?contest=${contestId}`}>See your payment</Link>
          </ChakraLink>
        ) : null}
      </ProofStateAlert>
      {feeProof.status === 'rejected' ? (
        <Button asChild colorPalette="purple" size="lg">
          <Link href={`/payment?contest=${contestId}`}>Send a new payment proof</Link>
        </Button>
      ) : null}
    </Stack>
  );
}
