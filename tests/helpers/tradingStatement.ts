// Synthetic parsed statements for the figures engine's tests: trades written as compactly as a
// hand calculation, every figure worked out in the test beside it.
import type {
  BalanceOperation,
  ClosedTrade,
  ParsedStatement,
} from '../../src/shared/trading/statement';
import { ZTradingRulesSchema, type TradingRulesInput } from '../../src/shared/trading/rules';

/** June 2023, the whole month (inclusive end). */
export const JUNE = {
  startsAt: new Date('2023-06-01T00:00:00.000Z'),
  endsAt: new Date('2023-06-30T23:59:00.000Z'),
};

/** '06-05 08:00' -> 2023-06-05T08:00:00.000Z; a full ISO string passes through. */
export function at(time: string): string {
  if (time.includes('T')) return new Date(time).toISOString();
  const [day, clock] = time.split(' ');
  return new Date(`2023-${day}T${clock}:00.000Z`).toISOString();
}

export interface TradeSpec {
  ticket: string;
  open: string;
  close: string;
  profit: string;
  commission?: string;
  swap?: string;
  symbol?: string;
}

export function trade(spec: TradeSpec): ClosedTrade {
  return {
    ticket: spec.ticket,
    symbol: spec.symbol ?? 'EURUSD',
    side: 'buy',
    volume: '0.10',
    openTime: at(spec.open),
    closeTime: at(spec.close),
    openPrice: '1.09000',
    closePrice: '1.09100',
    commission: spec.commission ?? '0.00',
    swap: spec.swap ?? '0.00',
    profit: spec.profit,
  };
}

export function operation(ticket: string, time: string, amount: string): BalanceOperation {
  return {
    ticket,
    time: at(time),
    amount,
    comment: Number(amount) >= 0 ? 'Deposit' : 'Withdrawal',
  };
}

export function statement(
  trades: TradeSpec[],
  balanceOperations: BalanceOperation[] = [],
): ParsedStatement {
  const closed = trades
    .map(trade)
    .sort((a, b) => a.closeTime.localeCompare(b.closeTime) || a.ticket.localeCompare(b.ticket));
  return {
    format: 'csv',
    account: { number: '5012345', server: 'Demo-Server', currency: 'USD', name: 'Test Trader' },
    trades: closed,
    balanceOperations: [...balanceOperations].sort((a, b) => a.time.localeCompare(b.time)),
    comments: [],
    openPositions: 0,
    generatedAt: null,
  };
}

export const rules = (input: TradingRulesInput = {}) => ZTradingRulesSchema.parse(input);

/**
 * `count` traders' statements of `tradesEach` trades each (the speed test and
 * `npm run bench:trading`): deterministic wins and losses, commissions and swaps, a 10,000
 * deposit on 1 June, trades 80 minutes apart through June.
 */
export function manyTraders(count: number, tradesEach: number): ParsedStatement[] {
  return Array.from({ length: count }, (_, s) => {
    const trades: TradeSpec[] = Array.from({ length: tradesEach }, (_, i) => {
      const open = Date.UTC(2023, 5, 1) + i * 80 * 60_000 + s * 1000;
      return {
        ticket: String(s * 1000 + i),
        open: new Date(open).toISOString(),
        close: new Date(open + 30 * 60_000).toISOString(),
        profit: ((((i * 7919 + s) % 200) - 95) / 10).toFixed(2),
        commission: '-0.70',
        swap: i % 10 === 0 ? '-0.12' : '0.00',
      };
    });
    return statement(trades, [operation('D', '06-01 00:00', '10000.00')]);
  });
}

/** Rules that make every part of the engine work (the speed test and the bench). */
export const busyRules = () =>
  rules({ maxDrawdownPct: 10, maxDailyLossPct: 5, minTradingDays: 3, minHoldSeconds: 60 });
