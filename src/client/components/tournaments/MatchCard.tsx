// One match in the bracket: its two sides with their scores, the winner marked by a check and
// bold type (not by colour alone), its status and its time. A screen reader hears one sentence
// ('Match 3: Alice 2 – 1 Bob, Alice won. Completed.'); the drawn rows repeat it for the eye.
import { Badge, Box, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import { formatDateTime } from '../../../shared/format';
import { MATCH_STATUS_LABELS } from '../../../shared/tournaments';
import type { TMatch, TMatchSlot } from '../../../shared/schemas/tournaments';
import { DqBadge } from '../common/DqBadge';
import { MatchStatusBadge } from './MatchStatusBadge';
import { reportSidesText, reportText } from './ReportSides';
import { isBye, matchSummary, slotName, winnerSide } from './tournamentDisplay';

function Side({ slot, won, mine }: { slot: TMatchSlot | null; won: boolean; mine: boolean }) {
  const placeholder = slot === null || slot.id === null;
  return (
    <HStack
      justify="space-between"
      gap="2"
      px="2"
      py="1"
      bg={won ? 'bg.emphasized' : undefined}
      fontWeight={won ? 'bold' : mine ? 'semibold' : 'normal'}
    >
      <HStack gap="1" minW="0">
        <Box w="4" flexShrink={0} color="fg">
          {won ? <Check size={16} strokeWidth={3} /> : null}
        </Box>
        <Text
          truncate
          color={placeholder ? 'fg.muted' : 'fg'}
          fontStyle={placeholder ? 'italic' : undefined}
        >
          {slotName(slot)}
          {slot?.forfeit ? ' (forfeit)' : ''}
        </Text>
        <DqBadge disqualified={slot?.disqualified} />
      </HStack>
      <Text fontVariantNumeric="tabular-nums" flexShrink={0}>
        {slot?.score ?? ''}
      </Text>
    </HStack>
  );
}

/** A disputed match's two sides, one line each: who said what. */
function DisputeLines({ match }: { match: TMatch }) {
  const { reported, disputed } = match.report;
  return (
    <Stack gap="0" px="2" py="1" borderTopWidth="1px" fontSize="xs">
      {reported ? (
        <Text truncate>
          {reported.by.name}: {reportText(match, reported)}
        </Text>
      ) : null}
      {disputed ? (
        <Text truncate color="red.fg">
          {disputed.by.name}: {reportText(match, disputed)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** ' Alice disqualified.' for each side an organiser disqualified (the drawn 'DQ' is hidden). */
function disqualifiedText(match: TMatch): string {
  return match.participants
    .filter((slot) => slot?.disqualified)
    .map((slot) => ` ${slotName(slot)} disqualified.`)
    .join('');
}

export function MatchCard({ match, myIds }: { match: TMatch; myIds?: ReadonlySet<number> }) {
  const winner = winnerSide(match);
  const bye = isBye(match);
  const when = match.scheduledAt ? formatDateTime(match.scheduledAt) : null;
  const isMine = (slot: TMatchSlot | null) => Boolean(slot?.id && myIds?.has(slot.id));
  return (
    <Box
      borderWidth="1px"
      borderColor={match.status === 'ready' || match.status === 'running' ? 'purple.fg' : 'border'}
      rounded="md"
      bg="bg.panel"
      overflow="hidden"
      fontSize="sm"
    >
      <VisuallyHidden>
        {bye
          ? `Match ${match.number}: ${matchSummary(match)}.`
          : `Match ${match.number}: ${matchSummary(match)}. ${MATCH_STATUS_LABELS[match.status]}.`}
        {when ? ` Scheduled ${when}.` : ''}
        {disqualifiedText(match)}
        {match.report.state === 'pending' ? ' Result waiting for confirmation.' : ''}
        {match.report.state === 'disputed' ? ' Result disputed.' : ''}
        {match.report.state === 'pending' || match.report.state === 'disputed'
          ? ` ${reportSidesText(match)}.`
          : ''}
      </VisuallyHidden>
      <Box aria-hidden>
        <Stack gap="0" divideY="1px">
          <Side
            slot={match.participants[0]}
            won={winner === 0}
            mine={isMine(match.participants[0])}
          />
          <Side
            slot={match.participants[1]}
            won={winner === 1}
            mine={isMine(match.participants[1])}
          />
        </Stack>
        {match.report.state === 'disputed' ? <DisputeLines match={match} /> : null}
        <HStack
          justify="space-between"
          gap="2"
          px="2"
          py="1"
          borderTopWidth="1px"
          color="fg.muted"
          fontSize="xs"
        >
          <Text>{when ?? `Match ${match.number}`}</Text>
          <HStack gap="1">
            {match.report.state === 'pending' ? <Text>Unconfirmed</Text> : null}
            {match.report.state === 'disputed' ? <Text color="red.fg">Disputed</Text> : null}
            {bye ? (
              <Badge variant="outline" size="sm">
                Bye
              </Badge>
            ) : (
              <MatchStatusBadge status={match.status} />
            )}
          </HStack>
        </HStack>
      </Box>
    </Box>
  );
}
