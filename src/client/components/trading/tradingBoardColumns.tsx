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

export const TRADING_BOARD_COLUMNS: ResponsiveColumn<Row>[] = [
  {
    key: 'rank',
    header: 'Rank',
    cell: (r) => (r.rank === null ? NO_FIGURE : r.rank),
    hideOnMobile: true,
  },
  { key: 'trader', header: 'Trader', cell: (r) => <TraderCell row={r} />, hideOnMobile: true },
  { key: 'return', header: 'Return', cell: (r) => percentText(r.figures.returnPct), align: 'end' },
  {
    key: 'net',
    header: 'Net profit',
    cell: (r) => figureText(r.figures.netProfit),
    align: 'end',
  },
  {
    key: 'drawdown',
    header: 'Max drawdown',
    cell: (r) => `${figureText(r.figures.maxDrawdown)} (${percentText(r.figures.maxDrawdownPct)})`,
    align: 'end',
  },
  {
    key: 'worstDay',
    header: 'Worst day',
    cell: (r) =>
      r.figures.worstDay
        ? `${r.figures.worstDay.loss} (${percentText(r.figures.worstDay.lossPct)})`
        : NO_FIGURE,
    align: 'end',
  },
  {
    key: 'trades',
    header: 'Trades',
    mobileLabel: 'Trades counted',
    cell: (r) => `${r.figures.countedTrades}/${r.figures.trades}`,
    align: 'end',
  },
  { key: 'win', header: 'Win %', cell: (r) => percentText(r.figures.winRatePct), align: 'end' },
  {
    key: 'pf',
    header: 'Profit factor',
    cell: (r) => figureText(r.figures.profitFactor),
    align: 'end',
  },
  {
    key: 'average',
    header: 'Average trade',
    cell: (r) => figureText(r.figures.averageTrade),
    align: 'end',
  },
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
