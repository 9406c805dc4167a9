// The mark of a player an organiser disqualified (issue 29): 'DQ' beside their name in the
// bracket, the standings, the final placement and the leaderboard. The eye reads 'DQ'; a screen
// reader hears 'disqualified'.
import { Badge, VisuallyHidden } from '@chakra-ui/react';

export function DqBadge({ disqualified }: { disqualified?: boolean }) {
  if (!disqualified) return null;
  return (
    <Badge colorPalette="red" variant="subtle" size="sm" flexShrink={0}>
      <span aria-hidden>DQ</span>
      <VisuallyHidden>disqualified</VisuallyHidden>
    </Badge>
  );
}
