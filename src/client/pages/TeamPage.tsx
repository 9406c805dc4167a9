// /teams/:teamId (issue 19 'Teams'): a team's page: its contest, whether it is registered, its
// place and score once known, and its members. The captain manages the members here too; an
// invitee accepts or declines.
import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  DataList,
  Link as ChakraLink,
  Heading,
  Spinner,
  Stack,
} from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { pointsText } from '../../shared/leaderboard';
import type { TTeam } from '../../shared/schemas/teams';
import { PageHeader } from '../components/layout/PageHeader';
import { TeamInvitations } from '../components/teams/TeamInvitations';
import { TeamMembers } from '../components/teams/TeamMembers';
import { useTeamActions } from '../components/teams/teamActions';
import { trpc } from '../lib/trpc';
import { useLoadErrorToast } from '../lib/useLoadErrorToast';
import { NotFoundNotice } from '../components/common/NotFoundNotice';

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
        <Card.Root as="section" aria-labelledby="team-facts-heading">
          <Card.Header pb="0">
            <Heading as="h2" size="md" id="team-facts-heading">
              Team and results
            </Heading>
          </Card.Header>
          <Card.Body>
            <DataList.Root orientation="horizontal" size="sm">
              <DataList.Item>
                <DataList.ItemLabel>Contest</DataList.ItemLabel>
                <DataList.ItemValue>
                  <ChakraLink asChild color="purple.fg" variant="underline">
                    <Link href={`/contests/${team.contestSlug}`}>{team.contestTitle}</Link>
                  </ChakraLink>
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Captain</DataList.ItemLabel>
                <DataList.ItemValue>{team.captainName}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Registration</DataList.ItemLabel>
                <DataList.ItemValue>
                  {team.registered ? (
                    <Badge colorPalette="green" variant="subtle">
                      Registered
                    </Badge>
                  ) : (
                    <Badge variant="outline">Not registered</Badge>
                  )}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Place</DataList.ItemLabel>
                <DataList.ItemValue>{resultText(team)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Score</DataList.ItemLabel>
                <DataList.ItemValue>
                  {team.result ? pointsText(team.result.score, team.result.scoreDecimals) : '-'}
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          </Card.Body>
        </Card.Root>
        <Card.Root as="section" aria-labelledby="team-members-heading">
          <Card.Header pb="0">
            <Heading as="h2" size="md" id="team-members-heading">
              Members ({team.memberCount})
            </Heading>
          </Card.Header>
          <Card.Body>
            <TeamMembers team={team} actions={actions} />
          </Card.Body>
        </Card.Root>
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
      <Button asChild variant="ghost" size="sm" mb="4" ms="-2">
        <Link href={query.data ? `/contests/${query.data.contestSlug}#teams` : '/contests'}>
          <ArrowLeft size={16} aria-hidden />{' '}
          {query.data ? 'Back to the contest' : 'Back to Contests'}
        </Link>
      </Button>
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
