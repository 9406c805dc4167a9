// A bracket contest's part of its page (format !== 'open'): the caller's next match, the final
// placement once known, the bracket, the standings (league, groups, Swiss), the matches with
// their actions. The organiser's Generate / Regenerate is in their toolbar at the top of the
// page (OrganiserToolbar). Live: every change reads them again.
import { Box, Card, Center, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { contestPhase } from '../../../shared/lifecycle';
import type { TContest } from '../../../shared/schemas/contests';
import type { TBracket } from '../../../shared/schemas/tournaments';
import { trpc } from '../../lib/trpc';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { LiveIndicator } from '../leaderboard/LiveIndicator';
import { BracketView } from './BracketView';
import { MatchesList } from './MatchesList';
import { NextMatchCard } from './NextMatchCard';
import { PlacementList } from './PlacementList';
import { StandingsTable } from './StandingsTable';
import { useLiveBracket } from './useLiveBracket';

function hasStandings(bracket: TBracket): boolean {
  return bracket.stages.some((s) => s.type === 'round_robin' || s.type === 'swiss');
}

function Section({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Body gap="4">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" size="md" id={id}>
            {title}
          </Heading>
          {actions}
        </HStack>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

export function TournamentSection({ contest }: { contest: TContest }) {
  const contestId = contest.id;
  const live = useLiveBracket(contestId);
  const bracket = trpc.tournaments.bracket.useQuery({ contestId });
  useLoadErrorToast(bracket.error, 'Error', 'Failed to load the bracket');
  const data = bracket.data;
  const generated = Boolean(data?.generated);
  const next = trpc.tournaments.nextMatchIn.useQuery({ contestId }, { enabled: generated });
  const standingsWanted = Boolean(data && generated && hasStandings(data));
  const standings = trpc.tournaments.standings.useQuery(
    { contestId },
    { enabled: standingsWanted },
  );
  const myIds = useMemo(() => {
    const side = next.data?.participants[next.data.side];
    return new Set(side?.id ? [side.id] : []);
  }, [next.data]);

  if (bracket.isLoading) {
    return (
      <Center py="8">
        <Spinner aria-label="Loading bracket" />
      </Center>
    );
  }
  if (!data) return null;
  // The one lifecycle: a contest that is over is no longer followed 'Live', and one that ended
  // without a bracket says so rather than waiting for one.
  const over = contestPhase(contest) === 'completed';
  return (
    <Stack gap="6">
      {next.data ? <NextMatchCard next={next.data} showContest={false} /> : null}
      <Section
        id="bracket-heading"
        title={contest.format === 'league' ? 'Rounds' : 'Bracket'}
        actions={<HStack gap="3">{over ? null : <LiveIndicator state={live} />}</HStack>}
      >
        {data.placement?.length ? <PlacementList placement={data.placement} /> : null}
        {generated ? (
          <BracketView bracket={data} myIds={myIds} />
        ) : over ? (
          <Text color="fg.muted">This contest ended without a bracket.</Text>
        ) : (
          <Text color="fg.muted">
            The bracket has not been generated yet.
            {data.settings.autoGenerate ? ' It is generated when the contest starts.' : ''}
          </Text>
        )}
      </Section>
      {standingsWanted && standings.data ? (
        <Section id="standings-heading" title="Standings">
          <StandingsTable standings={standings.data} />
        </Section>
      ) : null}
      {generated ? (
        <Section id="matches-heading" title="Matches">
          <Box>
            <MatchesList
              contestId={contestId}
              isOrganiser={data.isOrganiser}
              enableComments={contest.enableComments}
            />
          </Box>
        </Section>
      ) : null}
    </Stack>
  );
}
