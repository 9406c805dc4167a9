// The contest page's check-in (issue 19): for a bracket contest with a check-in window, when it
// opens and closes (the start), the caller's 'Check in' / 'Undo check-in', and how many have
// checked in, kept current over the contest's event stream. Organisers see who.
import { Button, Card, HStack, Heading, List, Stack, Text } from '@chakra-ui/react';
import { CircleCheck } from 'lucide-react';
import { formatDateTime } from '../../../shared/format';
import type { TContest } from '../../../shared/schemas/contests';
import { hasBracket } from '../../../shared/tournaments';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';
import { SubSection } from '../common/SubSection';

const toasts = keyedToasts('checkIn');

/** Shown for active bracket contests whose settings give a check-in window. */
export function CheckInCard({ contest }: { contest: TContest }) {
  const enabled =
    hasBracket(contest.format) &&
    contest.tournament.checkInMinutes > 0 &&
    contest.status === 'active';
  if (!enabled) return null;
  return <CheckInPanel contestId={contest.id} />;
}

function CheckInPanel({ contestId }: { contestId: number }) {
  const utils = trpc.useUtils();
  const status = trpc.checkIn.status.useQuery({ contestId });
  // A check-in anywhere changes the count: the contest's stream says so.
  trpc.leaderboard.onChange.useSubscription(
    { contestId },
    { onData: () => void utils.checkIn.status.invalidate({ contestId }) },
  );
  // The card itself says what changed (its count is a live region): no toast over the page.
  const checkIn = trpc.checkIn.checkIn.useMutation({
    onError: (error) => toasts.error('Check-in failed', errorMessage(error, 'Failed to check in')),
  });
  const undo = trpc.checkIn.undo.useMutation({
    onError: (error) =>
      toasts.error('Check-in failed', errorMessage(error, 'Failed to undo the check-in')),
  });
  const data = status.data;
  if (!data?.enabled || !data.opensAt || !data.closesAt) return null;
  const before = Date.now() < data.opensAt.getTime();
  const state = data.open
    ? 'Check-in is open until the start.'
    : before
      ? `Check-in opens ${formatDateTime(data.opensAt)}.`
      : 'Check-in has closed.';
  return (
    <Card.Root as="section" aria-labelledby="check-in-heading">
      <Card.Header pb="0">
        <Heading as="h2" size="md" id="check-in-heading">
          Check-in
        </Heading>
      </Card.Header>
      <Card.Body gap="3">
        <Text fontSize="sm">
          From {formatDateTime(data.opensAt)} to the start, {formatDateTime(data.closesAt)}.
          Participants who have not checked in by then are dropped.
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {state}
        </Text>
        <Text role="status" fontWeight="medium">
          {data.checkedIn} of {data.participants} checked in
        </Text>
        {data.participant ? (
          data.checkedInAt ? (
            <Stack gap="2">
              <HStack gap="2" color="green.fg">
                <CircleCheck size={18} aria-hidden />
                <Text>You checked in at {formatDateTime(data.checkedInAt)}.</Text>
              </HStack>
              {data.open ? (
                <Button
                  variant="outline"
                  alignSelf="flex-start"
                  loading={undo.isPending}
                  onClick={() => undo.mutate({ contestId })}
                >
                  Undo check-in
                </Button>
              ) : null}
            </Stack>
          ) : (
            <Button
              colorPalette="purple"
              alignSelf="flex-start"
              disabled={!data.open}
              loading={checkIn.isPending}
              onClick={() => checkIn.mutate({ contestId })}
            >
              Check in
            </Button>
          )
        ) : null}
        {data.roster ? (
          <SubSection gap="1" title="Checked in">
            {data.roster.length ? (
              <List.Root ps="5" fontSize="sm">
                {data.roster.map((r) => (
                  <List.Item key={r.participantId}>
                    {r.name}{' '}
                    <Text as="span" color="fg.muted">
                      ({formatDateTime(r.checkedInAt)})
                    </Text>
                  </List.Item>
                ))}
              </List.Root>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                Nobody yet.
              </Text>
            )}
          </SubSection>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
