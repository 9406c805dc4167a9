// The heading row of a board the contest's leaderboard channel keeps current (the leaderboard,
// a trading contest's board): the caller's heading, and the 'Live' mark once the board is read.
// It holds the subscription too, so a board that shows it is read again on every change.
import { HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LiveIndicator } from './LiveIndicator';
import { useLiveLeaderboard } from './useLiveLeaderboard';

export function LiveBoardHeading({
  contestId,
  heading,
  board,
}: {
  contestId: number;
  /** Shown left of the 'Live' mark. */
  heading: ReactNode;
  /** The board's query: no mark before its data, no subscription after its error. */
  board: { data?: unknown; error: unknown };
}) {
  const live = useLiveLeaderboard(contestId, !board.error);
  return (
    <HStack justify="space-between" align="center" gap="3" wrap="wrap">
      {heading}
      {board.data ? <LiveIndicator state={live} /> : null}
    </HStack>
  );
}
