import { Badge } from '@chakra-ui/react';
import {
  PHASE_COLORS,
  PHASE_LABELS,
  contestPhase,
  type LifecycleFacts,
} from '../../../shared/lifecycle';

/** Where a contest is in its life ('Upcoming', 'Live', 'Completed' ...), from the one lifecycle. */
export function ContestPhaseBadge({ contest }: { contest: LifecycleFacts }) {
  const phase = contestPhase(contest);
  return (
    <Badge colorPalette={PHASE_COLORS[phase]} variant="subtle">
      {PHASE_LABELS[phase]}
    </Badge>
  );
}
