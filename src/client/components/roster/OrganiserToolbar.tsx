// The organiser's toolbar (issue 29 point 6), at the top of the contest page for the creator,
// moderators and admins: Start now (until the start), Generate / Regenerate bracket, Process
// check-ins (check-in on, before the start) and Players, which opens the player list below it.
import { Button, HStack, Text } from '@chakra-ui/react';
import { Users } from 'lucide-react';
import type { TContest } from '../../../shared/schemas/contests';
import type { TBracket } from '../../../shared/schemas/tournaments';
import { hasBracket } from '../../../shared/tournaments';
import { GenerateBracketButton } from '../tournaments/GenerateBracketButton';
import { ProcessCheckInsButton } from './ProcessCheckInsButton';
import { StartNowButton } from './StartNowButton';
import type { RosterFacts } from './rosterFacts';

export const PLAYER_LIST_ID = 'player-list';

export function OrganiserToolbar({
  contest,
  bracket,
  facts,
  playersOpen,
  onPlayers,
}: {
  contest: TContest;
  /** The bracket read (a bracket contest): Generate / Regenerate follows it. */
  bracket: TBracket | undefined;
  facts: RosterFacts;
  playersOpen: boolean;
  onPlayers: () => void;
}) {
  const running = contest.status === 'active';
  return (
    <HStack
      role="region"
      aria-label="Organiser tools"
      gap="2"
      wrap="wrap"
      px="3"
      py="2"
      mb="6"
      borderWidth="1px"
      rounded="md"
      bg="bg.subtle"
    >
      <Text fontSize="sm" fontWeight="semibold" color="fg.muted" me="2" aria-hidden>
        Organiser tools
      </Text>
      {running && !facts.started ? (
        <StartNowButton
          contestId={contest.id}
          checkIn={facts.checkIn}
          bracket={hasBracket(contest.format)}
        />
      ) : null}
      {bracket ? <GenerateBracketButton bracket={bracket} contestId={contest.id} /> : null}
      {running && facts.checkIn && !facts.started ? (
        <ProcessCheckInsButton contestId={contest.id} />
      ) : null}
      <Button
        size="sm"
        variant="outline"
        aria-expanded={playersOpen}
        aria-controls={playersOpen ? PLAYER_LIST_ID : undefined}
        onClick={onPlayers}
      >
        <Users size={16} aria-hidden /> Players
      </Button>
    </HStack>
  );
}
