import { Badge } from '@chakra-ui/react';
import { STATUS_COLORS, STATUS_LABELS, type ContestStatus } from '../../../shared/contests';

/** SPEC 9's status colours: active green, completed blue, draft gray, pending yellow, rejected red. */
export function ContestStatusBadge({ status, label }: { status: ContestStatus; label?: string }) {
  return (
    <Badge colorPalette={STATUS_COLORS[status] ?? 'gray'} variant="subtle">
      {label ?? STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
