// /teams/:teamId (issue 19 'Teams'): a team's page: its contest, whether it is registered, its
// place and score once known, and its members. The captain manages the members here too; an
// invitee accepts or declines.
import { Badge, Box, Center, DataList, Link as ChakraLink, Spinner, Stack } from '@chakra-ui/react';
import { Link, useParams } from 'wouter';
import { pointsText } from '../../shared/leaderboard';
import type { TTeam } from '../../shared/schemas/teams';
import { PageHeader } from '../components/layout/PageHeader';
import { TeamInvitations } from '../components/teams/TeamInvitations';
import { TeamMembers } from '../components/teams/TeamMembers';
import { PrizeSharesCard } from '../components/teams/PrizeSharesCard';
import { useTeamActions } from '../components/teams/teamActions';
import { trpc } from '../lib/trpc';
import { useLoadErrorToast } from '../lib/useLoadErrorToast';
import { NotFoundNotice } from '../components/common/NotFoundNotice';
import { DataFact } from '../components/common/DataFact';
import { TitledCard } from '../components/common/TitledCard';
import { BackLink } from '../components/common/LinkButton';

function NotFound() {
  return (
    <NotFoundNotice
      title="Team Not Found"
      message="The team you are looking for does not exist or is not open to you."
    />
  );
}

function resultText(team: TTeam): string {
  if (!team.result) return 'Not registered';
  if (team.result.rank === null) return 'No result yet';
  return `Place ${team.result.rank} of ${team.result.participants}`;
}

function TeamView({ team }: { team: TTeam }) {
  const actions = useTeamActions();
  return (
    <>
      <PageHeader title={team.name} subtitle={`A team of ${team.contestTitle}`} />
      <Stack gap="6">
        {team.viewer.invited ? (
          <TeamInvitations
            headingLevel="h2"
            invites={[
              {
                teamId: team.id,
                teamName: team.name,
                contestId: team.contestId,
                contestSlug: team.contestSlug,
                contestTitle: team.contestTitle,
                invitedBy:
                  team.members.find((m) => m.state === 'invited' && m.invitedBy)?.invitedBy ?? null,
                invitedAt: team.createdAt,
                memberCount: team.memberCount,
              },
            ]}
          />
        ) : null}
        <TitledCard
          title="Team and results"
          headingId="team-facts-heading"
          as="section"
          tightHeader
        >
          <DataList.Root orientation="horizontal" size="sm">
            <DataFact label="Contest">
              <ChakraLink asChild color="purple.fg" variant="underline">
                <Link href={`/contests/${team.contestSlug}`}>{team.contestTitle}</Link>
              </ChakraLink>
            </DataFact>
            <DataFact label="Captain">{team.captainName}</DataFact>
            <DataFact label="Registration">
              {team.registered ? (
                <Badge colorPalette="green" variant="subtle">
                  Registered
                </Badge>
              ) : (
                <Badge variant="outline">Not registered</Badge>
              )}
            </DataFact>
            <DataFact label="Place">{resultText(team)}</DataFact>
            <DataFact label="Score">
              {team.result ? pointsText(team.result.score, team.result.scoreDecimals) : '-'}
            </DataFact>
          </DataList.Root>
        </TitledCard>
        <TitledCard
          title={`Members (${team.memberCount})`}
          headingId="team-members-heading"
          as="section"
          tightHeader
        >
          <TeamMembers team={team} actions={actions} />
        </TitledCard>
        {team.viewer.isMember || team.prizeSharesSet ? <PrizeSharesCard team={team} /> : null}
      </Stack>
    </>
  );
}

export function TeamPage() {
  const { teamId = '' } = useParams<{ teamId: string }>();
  const id = /^[1-9][0-9]{0,9}$/.test(teamId) ? Number(teamId) : NaN;
  const valid = Number.isSafeInteger(id) && id <= 2_147_483_647;
  const query = trpc.teams.get.useQuery({ teamId: id }, { enabled: valid });
  const notFound = !valid || query.error?.data?.code === 'NOT_FOUND';
  useLoadErrorToast(
    notFound ? null : query.error,
    'Failed to load the team',
    'Failed to load the team',
  );
  return (
    <Box>
      <BackLink
        href={query.data ? `/contests/${query.data.contestSlug}#teams` : '/contests'}
        mb="4"
      >
        {query.data ? 'Back to the contest' : 'Back to Contests'}
      </BackLink>
      {notFound ? (
        <NotFound />
      ) : query.isLoading ? (
        <Center py="16">
          <Spinner size="lg" aria-label="Loading team" />
        </Center>
      ) : query.data ? (
        <TeamView team={query.data} />
      ) : (
        <PageHeader title="Team" subtitle="The team could not be loaded. Try again later." />
      )}
    </Box>
  );
}
