// A leaderboard rank: a gold, silver or bronze trophy for 1 to 3 (SPEC 2.8, 9), the number after;
// '-' (read out 'Unranked') for a member who has no score yet.
// The colours keep at least 3:1 against the page in both themes (graphics, WCAG 1.4.11).
import { HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Trophy } from 'lucide-react';
import { rankName, trophyOf, type Trophy as TrophyKind } from './leaderboardDisplay';

const TROPHY_COLORS: Record<TrophyKind, { base: string; _dark: string }> = {
  gold: { base: 'yellow.700', _dark: 'yellow.400' },
  silver: { base: 'gray.500', _dark: 'gray.300' },
  bronze: { base: 'orange.700', _dark: 'orange.400' },
};

export function RankBadge({ rank }: { rank: number | null }) {
  const trophy = trophyOf(rank);
  if (trophy) {
    return (
      <HStack role="img" aria-label={rankName(rank)} gap="1" color={TROPHY_COLORS[trophy]}>
        <Trophy size={20} strokeWidth={2.5} aria-hidden />
        <Text as="span" fontWeight="bold" color="fg">
          {rank}
        </Text>
      </HStack>
    );
  }
  if (rank === null) {
    return (
      <Text as="span" fontWeight="semibold" color="fg.muted">
        <span aria-hidden>-</span>
        <VisuallyHidden>{rankName(rank)}</VisuallyHidden>
      </Text>
    );
  }
  return (
    <Text as="span" fontWeight="semibold" color="fg.muted">
      <VisuallyHidden>Rank </VisuallyHidden>
      {rank}
    </Text>
  );
}
