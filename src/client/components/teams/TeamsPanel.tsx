// The Teams panel of a team contest's page (issue 19 'Teams'): the caller's invitations, their
// team or a form to found one, and the contest's teams with their size and registration.
import { Badge, Card, Link as ChakraLink, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { TContest } from '../../../shared/schemas/contests';
import type { TTeamSummary } from '../../../shared/schemas/teams';
import { isRegistrationOpen } from '../../../shared/contests';
import { Pager } from '../common/Pager';
import { ResponsiveTable, type ResponsiveColumn } from '../common/ResponsiveTable';
import { SubSection } from '../common/SubSection';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { MyTeam } from './MyTeam';
import { CreateTeamForm } from './TeamForms';
import { TeamInvitations } from './TeamInvitations';

const PAGE_SIZE = 20;

const columns: ResponsiveColumn<TTeamSummary>[] = [
  {
    key: 'name',
    header: 'Team',
    hideOnMobile: true,
    cell: (t) => (
      <ChakraLink asChild color="purple.fg" variant="underline">
        <Link href={`/teams/${t.id}`}>{t.name}</Link>
      </ChakraLink>
    ),
  },
  { key: 'captain', header: 'Captain', cell: (t) => t.captainName },
  { key: 'members', header: 'Members', cell: (t) => String(t.memberCount), align: 'end' },
  {
    key: 'registered',
    header: 'Status',
    cell: (t) =>
      t.registered ? (
        <Badge colorPalette="green" variant="subtle">
          Registered
        </Badge>
      ) : (
        <Badge variant="outline">Forming</Badge>
      ),
  },
];

function TeamList({ contestId }: { contestId: number }) {
  const [page, setPage] = useState(1);
  const list = trpc.teams.list.useQuery({ contestId, page, pageSize: PAGE_SIZE });
  return (
    <SubSection title={`All teams${list.data ? ` (${list.data.total})` : ''}`}>
      <ResponsiveTable
        caption="Teams of this contest"
        columns={columns}
        rows={list.data?.items ?? []}
        rowKey={(t) => t.id}
        cardTitle={(t) => (
          <ChakraLink asChild color="purple.fg" variant="underline">
            <Link href={`/teams/${t.id}`}>{t.name}</Link>
          </ChakraLink>
        )}
        loading={list.isLoading}
        loadingText="Loading teams..."
        emptyText={
          list.error
            ? errorMessage(list.error, 'The teams could not be loaded.')
            : 'No team has been created yet.'
        }
      />
      {list.data && list.data.total > PAGE_SIZE ? (
        <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />
      ) : null}
    </SubSection>
  );
}

export function TeamsPanel({ contest }: { contest: TContest }) {
  const mine = trpc.teams.mine.useQuery({ contestId: contest.id }, { refetchOnMount: 'always' });
  const invites = trpc.teams.invites.useQuery(
    { contestId: contest.id },
    { refetchOnMount: 'always' },
  );
  // The team sizes (the same request as the list's first page).
  const sizes = trpc.teams.list.useQuery({ contestId: contest.id, page: 1, pageSize: PAGE_SIZE });
  const open = isRegistrationOpen(contest);
  // An invitation's notification links to #teams: once loaded, the panel is brought into view.
  const panel = useRef<HTMLDivElement>(null);
  const loaded = !mine.isLoading && !invites.isLoading;
  useEffect(() => {
    if (loaded && window.location.hash === '#teams') panel.current?.scrollIntoView();
  }, [loaded]);
  return (
    <Card.Root
      as="section"
      ref={panel}
      id="teams"
      aria-labelledby="teams-heading"
      scrollMarginTop="4"
    >
      <Card.Header pb="0">
        <Heading as="h2" size="md" id="teams-heading">
          Teams
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {sizes.data
            ? `Teams of ${sizes.data.teamMin} to ${sizes.data.teamMax} members take part in this contest.`
            : 'Teams take part in this contest.'}{' '}
          Each team&apos;s captain invites its members and registers it once it is big enough.
        </Text>
      </Card.Header>
      <Card.Body gap="6">
        {mine.isLoading ? (
          <Skeleton h="16" rounded="md" />
        ) : mine.data ? (
          <MyTeam team={mine.data} enableComments={contest.enableComments} />
        ) : (
          <Stack gap="4">
            <TeamInvitations invites={invites.data ?? []} />
            {open ? (
              <Stack as="section" aria-labelledby="create-team-heading" gap="2">
                <Heading as="h3" size="sm" id="create-team-heading">
                  Create a team
                </Heading>
                <Text color="fg.muted" fontSize="sm">
                  You become its captain: invite members by their username.
                </Text>
                <CreateTeamForm contestId={contest.id} />
              </Stack>
            ) : (
              <Text color="fg.muted">Registration is closed: teams can no longer form.</Text>
            )}
          </Stack>
        )}
        <TeamList contestId={contest.id} />
      </Card.Body>
    </Card.Root>
  );
}
