// A match's status in words (the colour only repeats them).
import { Badge } from '@chakra-ui/react';
import { MATCH_STATUS_LABELS, type MatchStatus } from '../../../shared/tournaments';

const COLORS: Record<MatchStatus, string> = {
  waiting: 'gray',
  ready: 'purple',
  running: 'orange',
  completed: 'blue',
};

export function MatchStatusBadge({ status }: { status: MatchStatus }) {
  return (
    <Badge colorPalette={COLORS[status]} variant="subtle" size="sm">
      {MATCH_STATUS_LABELS[status]}
    </Badge>
  );
}
