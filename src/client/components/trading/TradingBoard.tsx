// A trading contest's board (issue 34): the contest's leaderboard with the trading columns, in
// the shared order (ranked first, then those awaiting review, the disqualified last), read again
// whenever the contest's leaderboard channel says it changed (no polling).
import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { METRIC_TEXTS, TIE_BREAK_TEXT } from '../../../shared/trading/rules';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ResponsiveTable } from '../common/ResponsiveTable';
import { LiveBoardHeading } from '../leaderboard/LiveBoardHeading';
import { TRADING_BOARD_COLUMNS, boardCardTitle } from './tradingBoardColumns';

export function TradingBoard({
  contestId,
  label,
  heading,
}: {
  contestId: number;
  /** The table's caption (visually hidden). */
  label: string;
  /** Shown left of the 'Live' mark. */
  heading: ReactNode;
}) {
  const board = trpc.trading.board.useQuery({ contestId }, { refetchOnMount: 'always' });
  return (
    <Stack gap="3">
      <LiveBoardHeading contestId={contestId} heading={heading} board={board} />
      {board.isError ? (
        <Text color="fg.muted">{errorMessage(board.error, 'The board could not be loaded.')}</Text>
      ) : (
        <ResponsiveTable
          caption={label}
          columns={TRADING_BOARD_COLUMNS}
          rows={board.data?.rows ?? []}
          rowKey={(r) => r.participantId}
          cardTitle={boardCardTitle}
          loading={board.isLoading}
          loadingText="Loading the board…"
          emptyText="No statement counted yet."
        />
      )}
      {board.data ? (
        <Text fontSize="sm" color="fg.muted">
          {METRIC_TEXTS[board.data.metric]}. {TIE_BREAK_TEXT}. Money is in each account&apos;s
          currency.
        </Text>
      ) : null}
    </Stack>
  );
}
