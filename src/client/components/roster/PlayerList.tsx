// The organiser's player list (issue 29 point 3), opened from the toolbar's 'Players': add a
// member by username, and for each player when they joined, when they checked in, whether their
// fee was waived, where they stand (with the reason of a removal or a DQ), and Check in / Check
// out (check-in on, before the start), Remove (before the start) or Disqualify (after it).
import { Badge, Box, Button, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { TContest } from '../../../shared/schemas/contests';
import {
  PLAYER_STATE_LABELS,
  type TRoster,
  type TRosterPlayer,
} from '../../../shared/schemas/roster';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { DateTime } from '../common/DateTime';
import { ResponsiveTable, type ResponsiveColumn } from '../common/ResponsiveTable';
import { SubSection } from '../common/SubSection';
import { AddPlayerForm } from './AddPlayerForm';
import { PlayerReasonDialog, type ReasonTarget } from './PlayerReasonDialog';
import { PLAYER_LIST_ID } from './OrganiserToolbar';
import { rosterFacts, type RosterFacts } from './rosterFacts';

const toasts = keyedToasts('roster');

const STATE_COLORS: Record<TRosterPlayer['state'], string> = {
  in: 'green',
  no_show: 'gray',
  removed: 'orange',
  disqualified: 'red',
};

function StateCell({ player }: { player: TRosterPlayer }) {
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge colorPalette={STATE_COLORS[player.state]} variant="subtle">
        {PLAYER_STATE_LABELS[player.state]}
      </Badge>
      {player.reason && (player.state === 'removed' || player.state === 'disqualified') ? (
        <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
          {player.reason}
        </Text>
      ) : null}
    </Stack>
  );
}

const COLUMNS: ResponsiveColumn<TRosterPlayer>[] = [
  { key: 'player', header: 'Player', cell: (p) => p.username, hideOnMobile: true },
  {
    key: 'joined',
    header: 'Joined',
    cell: (p) => (p.joinedAt ? <DateTime date={p.joinedAt} /> : '—'),
  },
  {
    key: 'checkedIn',
    header: 'Checked in',
    cell: (p) => (p.checkedInAt ? <DateTime date={p.checkedInAt} /> : '—'),
  },
  {
    key: 'fee',
    header: 'Fee',
    cell: (p) =>
      p.feeWaived ? (
        <Badge colorPalette="purple" variant="outline">
          Waived
        </Badge>
      ) : (
        '—'
      ),
  },
  { key: 'state', header: 'State', cell: (p) => <StateCell player={p} /> },
];

function PlayerActions({
  contestId,
  player,
  facts,
  onReason,
}: {
  contestId: number;
  player: TRosterPlayer;
  facts: RosterFacts;
  onReason: (target: ReasonTarget) => void;
}) {
  const checkIn = trpc.roster.checkIn.useMutation({
    onSuccess: (p) => toasts.success('Checked in', `${p.username} is checked in.`),
    onError: (error) => toasts.error('Error', errorMessage(error, 'Failed to check in')),
  });
  const checkOut = trpc.roster.checkOut.useMutation({
    onSuccess: (p) => toasts.success('Check-in undone', `${p.username} is no longer checked in.`),
    onError: (error) => toasts.error('Error', errorMessage(error, 'Failed to undo the check-in')),
  });
  if (player.state !== 'in') return null;
  const ref = { contestId, userId: player.userId };
  const name = player.username;
  return (
    <HStack gap="2" justify="flex-end" wrap="wrap">
      {facts.checkIn && !facts.started ? (
        player.checkedInAt ? (
          <Button
            size="xs"
            variant="outline"
            aria-label={`Check out ${name}`}
            loading={checkOut.isPending}
            onClick={() => checkOut.mutate(ref)}
          >
            Check out
          </Button>
        ) : (
          <Button
            size="xs"
            colorPalette="purple"
            aria-label={`Check in ${name}`}
            loading={checkIn.isPending}
            onClick={() => checkIn.mutate(ref)}
          >
            Check in
          </Button>
        )
      ) : null}
      {facts.started ? (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          aria-label={`Disqualify ${name}`}
          onClick={() => onReason({ action: 'disqualify', player })}
        >
          Disqualify
        </Button>
      ) : (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          aria-label={`Remove ${name}`}
          onClick={() => onReason({ action: 'remove', player })}
        >
          Remove
        </Button>
      )}
    </HStack>
  );
}

function countText(roster: TRoster): string {
  const cap = roster.maxParticipants === null ? '' : ` / ${roster.maxParticipants}`;
  return `${roster.participants}${cap} in`;
}

/** Shown once 'Players' is pressed: the focus moves to its heading, and the page scrolls there. */
export function PlayerList({ contest }: { contest: TContest }) {
  const contestId = contest.id;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const roster = trpc.roster.list.useQuery({ contestId });
  const facts = rosterFacts(contest, roster.data);
  const [target, setTarget] = useState<ReasonTarget | null>(null);
  return (
    <Box id={PLAYER_LIST_ID} mb="6">
      <Card.Root as="section" aria-labelledby="players-heading">
        <Card.Body gap="4">
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Heading as="h2" size="md" id="players-heading" ref={headingRef} tabIndex={-1}>
              Players
            </Heading>
            {roster.data ? (
              <Text fontSize="sm" color="fg.muted">
                {countText(roster.data)}
              </Text>
            ) : null}
          </HStack>
          <SubSection title="Add player">
            <AddPlayerForm contestId={contestId} />
          </SubSection>
          {roster.error ? (
            <Text role="alert" color="red.fg">
              {errorMessage(roster.error, 'The player list could not be loaded.')}
            </Text>
          ) : (
            <ResponsiveTable
              caption="Players"
              columns={COLUMNS}
              rows={roster.data?.players ?? []}
              rowKey={(p) => p.userId}
              cardTitle={(p) => p.username}
              rowActions={(p) => (
                <PlayerActions
                  contestId={contestId}
                  player={p}
                  facts={facts}
                  onReason={setTarget}
                />
              )}
              loading={roster.isLoading}
              loadingText="Loading players..."
              emptyText="No players yet."
            />
          )}
        </Card.Body>
      </Card.Root>
      <PlayerReasonDialog contestId={contestId} target={target} onClose={() => setTarget(null)} />
    </Box>
  );
}
