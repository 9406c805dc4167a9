// A statement's status as a badge (counted, awaiting review, approved, rejected, disqualified),
// and beside it 'Breaks a rule' when its figures break one: it stays on the board below the
// ranked traders, whatever the organiser decided about its ownership.
import { Badge, HStack } from '@chakra-ui/react';
import type { StatementStatus } from '../../../shared/trading/review';
import { STATUS_COLORS, STATUS_LABELS } from './tradingDisplay';

export function StatusBadge({
  status,
  breaches = 0,
}: {
  status: StatementStatus;
  /** How many rules its figures break. */
  breaches?: number;
}) {
  const ruled = breaches > 0 && status !== 'disqualified' && status !== 'rejected';
  return (
    <HStack as="span" gap="1" wrap="wrap" display="inline-flex">
      <Badge colorPalette={STATUS_COLORS[status]} variant="subtle">
        {STATUS_LABELS[status]}
      </Badge>
      {ruled ? (
        <Badge colorPalette="red" variant="subtle">
          Breaks a rule
        </Badge>
      ) : null}
    </HStack>
  );
}
