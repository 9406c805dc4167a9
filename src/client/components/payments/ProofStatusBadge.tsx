import { Badge } from '@chakra-ui/react';
import { PROOF_STATUS_LABELS, type ProofStatus } from '../../../shared/payments';
import { PROOF_STATUS_COLORS } from './proofLabels';

export function ProofStatusBadge({ status }: { status: ProofStatus }) {
  return (
    <Badge colorPalette={PROOF_STATUS_COLORS[status]} variant="subtle">
      {PROOF_STATUS_LABELS[status]}
    </Badge>
  );
}
