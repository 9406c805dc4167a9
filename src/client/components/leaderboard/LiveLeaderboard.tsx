// One contest's leaderboard, live: a page of the ranked list read from the server, read again
// whenever the server says it changed, with the 'Live' mark and (optionally) a pager over the
// whole list. Used by /leaderboard and by the contest page's top 10.
import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Pager } from '../common/Pager';
import { LEADERBOARD_PAGE_SIZE } from './leaderboardDisplay';
import { LeaderboardList, type Viewer } from './LeaderboardList';
import { LiveBoardHeading } from './LiveBoardHeading';

export function LiveLeaderboard({
  contestId,
  viewer,
  label,
  heading,
  paginate = false,
  onUnavailable,
}: {
  contestId: number;
  viewer: Viewer;
  label: string;
  /** Shown left of the 'Live' mark. */
  heading: ReactNode;
  /** A pager over the whole list (the contest page shows the top 10 only). */
  paginate?: boolean;
  /** What to show instead when the leaderboard cannot be read (turned off: 404). */
  onUnavailable?: (message: string) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const offset = (page - 1) * LEADERBOARD_PAGE_SIZE;
  const board = trpc.leaderboard.get.useQuery(
    { contestId, limit: LEADERBOARD_PAGE_SIZE, offset },
    // Scores move: opening the board reads it again rather than showing an old copy.
    { refetchOnMount: 'always', placeholderData: (previous) => previous },
  );
  return (
    <Stack gap="4">
      <LiveBoardHeading contestId={contestId} heading={heading} board={board} />
      {board.isLoading ? (
        <Center py="8">
          <Spinner aria-label="Loading leaderboard" />
        </Center>
      ) : board.data ? (
        <>
          <LeaderboardList board={board.data} viewer={viewer} label={label} />
          {paginate && board.data.total > LEADERBOARD_PAGE_SIZE ? (
            <Pager
              page={page}
              pageSize={LEADERBOARD_PAGE_SIZE}
              total={board.data.total}
              onPage={setPage}
            />
          ) : null}
        </>
      ) : onUnavailable ? (
        onUnavailable(errorMessage(board.error, 'The leaderboard could not be loaded.'))
      ) : (
        <Text color="fg.muted">
          {errorMessage(board.error, 'The leaderboard could not be loaded.')}
        </Text>
      )}
    </Stack>
  );
}
