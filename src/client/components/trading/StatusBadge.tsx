// A statement's status as a badge (counted, awaiting review, approved, rejected, disqualified).
import { Badge } from '@chakra-ui/react';
import type { StatementStatus } from '../../../shared/trading/review';
import { STATUS_COLORS, STATUS_LABELS } from './tradingDisplay';

export function StatusBadge({ status }: { status: StatementStatus }) {
  return (
    <Badge colorPalette={STATUS_COLORS[status]} variant="subtle">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
