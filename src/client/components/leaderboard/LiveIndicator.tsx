// The small mark beside an open leaderboard: 'Live' while its event stream is connected.
import { Box, HStack, Text } from '@chakra-ui/react';
import type { LiveState } from '../../lib/liveState';

const LABELS: Record<LiveState, string> = {
  live: 'Live',
  connecting: 'Connecting…',
  offline: 'Offline: reconnecting',
};

export function LiveIndicator({ state }: { state: LiveState }) {
  return (
    <HStack gap="1.5" fontSize="sm" flexShrink={0}>
      <Box
        aria-hidden
        w="2.5"
        h="2.5"
        rounded="full"
        bg={state === 'live' ? 'green.solid' : state === 'offline' ? 'red.solid' : 'gray.solid'}
      />
      <Text as="span" color="fg.muted">
        {LABELS[state]}
      </Text>
    </HStack>
  );
}
