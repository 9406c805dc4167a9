// A paid contest's entry fee after it was paid, where the payer waits: the member's join panel and
// a team's panel (the captain pays once for the team). Updated live: the payment stream marks
// the queries these panels read stale (lib/invalidation/staleOnEvent.ts).
import { Button, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { TFeeProof } from '../../../shared/schemas/participation';
import { ProofStateAlert } from './ProofStateAlert';
import { DiscussLink } from '../discussion/DiscussLink';
import { rejectedFeeTopic } from './rejectedFeeTopic';

/**
 * A paid contest's fee after the member paid it: awaiting review (nothing to do but wait), or
 * rejected with the reviewer's reason (they may send a new proof).
 */
export function FeeProofState({
  feeProof,
  contestId,
  enableComments,
  teamName,
}: {
  feeProof: TFeeProof;
  contestId: number;
  /** The contest's discussion: a rejected proof links to a new topic about it. */
  enableComments?: boolean;
  /** A team's fee (its panel): the topic speaks for the team. */
  teamName?: string;
}) {
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
      {feeProof.status === 'rejected' ? (
        <DiscussLink
          contestId={contestId}
          enableComments={enableComments}
          {...rejectedFeeTopic(feeProof.reason, teamName)}
        />
      ) : null}
    </Stack>
  );
}
