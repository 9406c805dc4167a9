// The final places once the last match has ended (1st, 2nd, 3rd-4th, ...; ties share a place), above
// the bracket. The first three carry the leaderboard's trophies; the place is always in words.
import { Box, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { Trophy } from 'lucide-react';
import type { z } from 'zod';
import type { ZPlacement } from '../../../shared/schemas/tournaments';
import { placeText, sharedPlaces } from '../../../shared/places';
import { DqBadge } from '../common/DqBadge';

type Placement = z.infer<typeof ZPlacement>;

// As RankBadge's: at least 3:1 against the card in both themes.
const TROPHY_COLORS: Record<number, { base: string; _dark: string }> = {
  1: { base: 'yellow.700', _dark: 'yellow.400' },
  2: { base: 'gray.500', _dark: 'gray.300' },
  3: { base: 'orange.700', _dark: 'orange.400' },
};

export function PlacementList({ placement }: { placement: readonly Placement[] }) {
  const sorted = [...placement].sort((a, b) => a.place - b.place);
  // A shared place reads as the span it covers: the losing semi-finalists are both '3rd-4th'.
  const shared = sharedPlaces(sorted.map((row) => row.place));
  return (
    <Card.Root as="section" aria-labelledby="placement-heading">
      <Card.Body gap="3">
        <Heading as="h3" size="sm" id="placement-heading">
          Final placement
        </Heading>
        <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
          {sorted.map((row) => (
            <HStack as="li" key={row.participantId} gap="3">
              <Box w="5" color={TROPHY_COLORS[row.place]} aria-hidden>
                {TROPHY_COLORS[row.place] ? <Trophy size={20} strokeWidth={2.5} /> : null}
              </Box>
              <Text fontWeight="semibold" minW="10" fontVariantNumeric="tabular-nums">
                {placeText(row.place, shared.get(row.place))}
              </Text>
              <Text fontWeight={row.place === 1 ? 'bold' : 'normal'}>{row.name}</Text>
              <DqBadge disqualified={row.disqualified} />
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
