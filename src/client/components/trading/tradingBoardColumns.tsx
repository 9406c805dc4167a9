// The trading board's columns (issue 34): rank, trader, the figures the rules rank by and
// explain, and the balance curve.
import { Skeleton, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { TTradingBoardRow } from '../../../shared/schemas/trading';
import type { ResponsiveColumn } from '../common/ResponsiveTable';
import { TraderCell } from './TraderCell';
import { NO_FIGURE, figureText, percentText } from './tradingDisplay';

// recharts is big: it loads with a trading board only.
const BalanceCurve = lazy(() => import('./BalanceCurve'));

type Row = TTradingBoardRow;

/** One of the row's figures, as text, right-aligned. */
function figureColumn(
  key: string,
  header: string,
  text: (figures: Row['figures']) => string,
): ResponsiveColumn<Row> {
  return { key, header, cell: (r) => text(r.figures), align: 'end' };
}

export const TRADING_BOARD_COLUMNS: ResponsiveColumn<Row>[] = [
  {
    key: 'rank',
    header: 'Rank',
    cell: (r) => (r.rank === null ? NO_FIGURE : r.rank),
    hideOnMobile: true,
  },
  { key: 'trader', header: 'Trader', cell: (r) => <TraderCell row={r} />, hideOnMobile: true },
  figureColumn('return', 'Return', (f) => percentText(f.returnPct)),
  figureColumn('net', 'Net profit', (f) => figureText(f.netProfit)),
  figureColumn(
    'drawdown',
    'Max drawdown',
    (f) => `${figureText(f.maxDrawdown)} (${percentText(f.maxDrawdownPct)})`,
  ),
  figureColumn('worstDay', 'Worst day', (f) =>
    f.worstDay ? `${f.worstDay.loss} (${percentText(f.worstDay.lossPct)})` : NO_FIGURE,
  ),
  {
    ...figureColumn('trades', 'Trades', (f) => `${f.countedTrades}/${f.trades}`),
    mobileLabel: 'Trades counted',
  },
  figureColumn('win', 'Win %', (f) => percentText(f.winRatePct)),
  figureColumn('pf', 'Profit factor', (f) => figureText(f.profitFactor)),
  figureColumn('average', 'Average trade', (f) => figureText(f.averageTrade)),
  {
    key: 'curve',
    header: 'Balance',
    cell: (r) => (
      <Suspense fallback={<Skeleton h="32px" w="120px" />}>
        <BalanceCurve curve={r.curve} />
      </Suspense>
    ),
  },
];

/** A card's heading on a phone: the place (or the mark) and the trader. */
export function boardCardTitle(r: Row) {
  return (
    <>
      {r.rank !== null ? <Text as="span">{r.rank}. </Text> : null}
      <TraderCell row={r} />
    </>
  );
}
