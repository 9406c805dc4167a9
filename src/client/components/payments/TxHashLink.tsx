// A proof's transaction hash, written as its network writes it (EVM with 0x) and linked to the
// network's block explorer (the payment settings' template) when there is one: a reviewer checks
// the payment there, a member sees what they sent.
import { Link as ChakraLink, VisuallyHidden } from '@chakra-ui/react';
import { ExternalLink } from 'lucide-react';
import { displayTxHash } from '../../../shared/payments';
import type { TPaymentProof } from '../../../shared/schemas/payments';
import { TruncatedText } from '../common/TruncatedText';

export function TxHashLink({
  proof,
  head,
  tail,
}: {
  proof: Pick<TPaymentProof, 'network' | 'txHash' | 'explorerUrl'>;
  head?: number;
  tail?: number;
}) {
  const hash = (
    <TruncatedText value={displayTxHash(proof.network, proof.txHash)} head={head} tail={tail} />
  );
  if (!proof.explorerUrl) return hash;
  return (
    <ChakraLink
      href={proof.explorerUrl}
      target="_blank"
      rel="noopener noreferrer"
      variant="underline"
      color="fg"
    >
      {hash}
      <VisuallyHidden> (view on the block explorer, opens in a new tab)</VisuallyHidden>
      <ExternalLink size={12} aria-hidden />
    </ChakraLink>
  );
}
