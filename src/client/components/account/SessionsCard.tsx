// The member's signed-in sessions: which device, from where, last seen when; sign one out, or
// every other one at once (a lost phone, a shared computer).
import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import type { TSessionInfo } from '../../../shared/schemas/account';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatRelativeTime } from '../../lib/relativeTime';
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';
import { describeUserAgent } from '../../lib/userAgent';
import { SettingsListRow } from './SettingsListRow';
import { QueryLines } from '../common/LoadLines';

const toasts = keyedToasts('sessions');

/** The current time, advanced every minute so 'Last seen' stays true while the page is open. */
function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function SessionRow({
  session,
  now,
  onSignOut,
  signingOut,
}: {
  session: TSessionInfo;
  now: number;
  onSignOut: (session: TSessionInfo) => void;
  signingOut: boolean;
}) {
  const device = describeUserAgent(session.userAgent);
  const detailsId = useId();
  return (
    <SettingsListRow>
      <Box minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="medium" wordBreak="break-word">
            {device}
          </Text>
          {session.current ? (
            <Badge colorPalette="green" variant="subtle">
              This device
            </Badge>
          ) : null}
        </HStack>
        <Text id={detailsId} fontSize="sm" color="fg.muted" wordBreak="break-word">
          {session.ip ?? 'Unknown IP'} · Last seen{' '}
          <time
            dateTime={session.lastSeenAt.toISOString()}
            title={formatDateTime(session.lastSeenAt)}
          >
            {formatRelativeTime(session.lastSeenAt, now)}
          </time>
        </Text>
      </Box>
      {session.current ? null : (
        <Button
          size="sm"
          variant="outline"
          flexShrink={0}
          aria-label={`Sign out ${device}`}
          aria-describedby={detailsId}
          loading={signingOut}
          onClick={() => onSignOut(session)}
        >
          Sign out
        </Button>
      )}
    </SettingsListRow>
  );
}

export function SessionsCard() {
  const now = useNow();
  const headingId = useId();
  // Sessions change from other devices: read afresh each time the card is shown.
  const sessions = trpc.account.listSessions.useQuery(undefined, { staleTime: 0 });

  const revoke = trpc.account.revokeSession.useMutation({
    onSuccess: (_data, { id }) => {
      const session = sessions.data?.find((s) => s.id === id);
      toasts.success(
        'Session signed out',
        `${describeUserAgent(session?.userAgent)} has been signed out.`,
      );
    },
    onError: (error) =>
      toasts.error('Error', errorMessage(error, 'Failed to sign out the session')),
  });
  const end = trpc.account.endOtherSessions.useMutation(
    toastOutcome(toasts, {
      success: ['Signed out elsewhere', 'Every other session has been ended.'],
      failure: 'Failed to end other sessions',
    }),
  );

  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Stack gap="3" minW="0">
      <Heading as="h3" size="sm" id={headingId}>
        Active sessions
      </Heading>
      <QueryLines
        query={sessions}
        loading="Loading sessions..."
        failure="Failed to load your sessions"
      >
        {(list) => (
          <Stack as="ul" aria-labelledby={headingId} gap="0" listStyleType="none" m="0" p="0">
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                now={now}
                onSignOut={(s) => revoke.mutate({ id: s.id })}
                signingOut={revoke.isPending && revoke.variables?.id === session.id}
              />
            ))}
          </Stack>
        )}
      </QueryLines>
      <Text color="fg.muted" fontSize="sm">
        Signed in on another device you no longer use? End every session except this one.
      </Text>
      <Button
        variant="outline"
        alignSelf="flex-start"
        onClick={() => end.mutate()}
        loading={end.isPending}
        disabled={sessions.isSuccess && others === 0}
      >
        Log out other sessions
      </Button>
    </Stack>
  );
}
