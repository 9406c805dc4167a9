// Both sides of a self-reported match, side by side: what the reporter said and, when the
// opponent disputed it, what they said it was and why, each with who and when. The moderators'
// queue, the Decide dialog and the match lists show it, so a dispute is never decided blind.
import { Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../../shared/format';
import type { TDisputedSide, TMatch, TReportedSide } from '../../../shared/schemas/tournaments';
import { slotName } from './tournamentDisplay';

/** A reported result in words: 'serena_k 2 – 1 ash_ketch (11–5, 8–11, 11–9)', or a forfeit. */
export function reportText(
  match: Pick<TMatch, 'participants'>,
  side: Pick<TReportedSide, 'scores' | 'games'> & { forfeit?: number | null },
): string {
  const [a, b] = match.participants;
  if (side.forfeit !== undefined && side.forfeit !== null) {
    const who = side.forfeit === a?.id ? a : b;
    return `${slotName(who)} forfeits`;
  }
  if (!side.scores) return 'no result of their own';
  const games = side.games?.length
    ? ` (${side.games.map(([x, y]) => `${x}–${y}`).join(', ')})`
    : '';
  return `${slotName(a)} ${side.scores[0]} – ${side.scores[1]} ${slotName(b)}${games}`;
}

function SideBox({
  heading,
  match,
  side,
  reason,
}: {
  heading: string;
  match: TMatch;
  side: TReportedSide | TDisputedSide;
  reason?: string | null;
}) {
  return (
    <Box borderWidth="1px" rounded="md" p="3">
      <Stack gap="1">
        <Text fontWeight="semibold">
          {heading} {side.by.name}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {formatDateTime(side.at)}
        </Text>
        <Text>{reportText(match, side)}</Text>
        {reason !== undefined ? (
          <Text fontSize="sm">{reason ? `Reason: “${reason}”` : 'No reason given'}</Text>
        ) : null}
      </Stack>
    </Box>
  );
}

/** The report and the dispute of a match (whichever exist), side by side on a wide screen. */
export function ReportSides({ match }: { match: TMatch }) {
  const { reported, disputed } = match.report;
  if (!reported && !disputed) return null;
  return (
    <SimpleGrid columns={{ base: 1, md: disputed ? 2 : 1 }} gap="3">
      {reported ? <SideBox heading="Reported by" match={match} side={reported} /> : null}
      {disputed ? (
        <SideBox heading="Disputed by" match={match} side={disputed} reason={disputed.reason} />
      ) : null}
    </SimpleGrid>
  );
}

/** Both sides in one line, for table cells and screen readers. */
export function reportSidesText(match: TMatch): string {
  const { reported, disputed } = match.report;
  const parts: string[] = [];
  if (reported) parts.push(`${reported.by.name} reported ${reportText(match, reported)}`);
  if (disputed) {
    parts.push(
      `${disputed.by.name} disputed: ${reportText(match, disputed)}` +
        (disputed.reason ? ` (“${disputed.reason}”)` : ''),
    );
  }
  return parts.join('; ');
}
