// MetaTrader 5 'Trade History Report' (HTML), in any terminal language: the header's account row
// ('70358000 (EUR, MetaQuotes-Demo, demo, Hedge)') tells the report, and its first three sections
// are always Positions, Orders and Deals, read by column position (13, 11 and 13 or 14 visible
// columns). Balance operations are the deals with no symbol and no direction.
import Big from 'big.js';
import type {
  BalanceOperation,
  ParsedStatement,
  StatementAccount,
} from '../../../../shared/trading/statement';
import { StatementError } from './errors';
import { visible, type Row } from './htmlRows';
import { sortOperations, sortTrades, withSides, type Unsided } from './order';
import { layoutOf, type Section } from './sections';
import { decimalAt, looksLikeTime, readTime, timeAt } from './values';

const ACCOUNT = /^(\d{3,})\s*\(\s*([^,()]+?)\s*,\s*([^,()]+?)\s*[,)]/;
const LABEL = /[:：]$/;

const headerPairs = (preamble: Row[]) =>
  preamble
    .map(visible)
    .filter((c) => c.length === 2 && c[0]!.th && c[1]!.th && LABEL.test(c[0]!.text))
    .map((c) => c[1]!.text);

/** The header's account, or null: the file is not an MT5 report. */
function accountOf(values: string[]): (StatementAccount & { at: number }) | null {
  const at = values.findIndex((v) => ACCOUNT.test(v));
  if (at < 0) return null;
  const [, number, currency, server] = ACCOUNT.exec(values[at]!)!;
  return {
    number: number!,
    currency: /^[A-Za-z]{3,4}$/.test(currency!) ? currency!.toUpperCase() : null,
    server: server ?? null,
    name: at > 0 ? values[at - 1]! : null,
    at,
  };
}

/** A deal's or position's symbol, time and profit, to find a position's closing deal. */
const closingKey = (symbol: string, time: string, profit: string) =>
  `${symbol}\u0000${time}\u0000${new Big(profit).toFixed()}`;

const isData = (row: Row) => looksLikeTime(visible(row)[0]?.text ?? '');

/** Is this the MT5 report's layout (the header's account row)? */
export function isMt5(preamble: Row[]): boolean {
  return accountOf(headerPairs(preamble)) !== null;
}

const NAMES = ['Positions', 'Orders', 'Deals'] as const;
const WIDTHS: Record<(typeof NAMES)[number], number[]> = {
  Positions: [13],
  Orders: [11],
  // Older builds have no Fee column.
  Deals: [14, 13],
};

function sectionsOf(rows: Row[]): Section[] {
  const { sections } = layoutOf(rows, isData, 10);
  NAMES.forEach((name, i) => {
    const section = sections[i];
    if (!section) {
      throw new StatementError(
        `The report ends before its ${name} table: save it again from the terminal (History, right-click, Report, HTML)`,
      );
    }
    if (!WIDTHS[name].includes(section.columns.length)) {
      throw new StatementError(
        `The report's ${name} table has ${section.columns.length} columns where MetaTrader 5 writes ${WIDTHS[name].join(' or ')}: the file may be damaged; save it again from the terminal`,
      );
    }
    if (!section.complete) {
      throw new StatementError(
        `The report ends in the middle of its ${name} table: save it again from the terminal`,
      );
    }
  });
  return sections;
}

function cellsOf(row: Row, width: number, where: string): string[] {
  const cells = visible(row).map((c) => c.text);
  if (cells.length !== width) {
    throw new StatementError(
      `The ${where} has ${cells.length} cells where the table has ${width}: the file may be damaged; save it again from the terminal`,
    );
  }
  return cells;
}

function positionOf(row: Row, index: number): Unsided {
  const c = cellsOf(row, 13, `row ${index + 1} of the Positions table`);
  const ticket = c[1]!;
  if (!/^\d+$/.test(ticket)) {
    throw new StatementError(
      `Row ${index + 1} of the Positions table has the position '${ticket.slice(0, 30)}', which is not a ticket number: the file may be damaged`,
    );
  }
  const at = (field: string) => `position ${ticket}'s ${field}`;
  const prices = {
    openPrice: decimalAt(c[5]!, at('open price')),
    closePrice: decimalAt(c[9]!, at('close price')),
    profit: decimalAt(c[12]!, at('profit')),
  };
  return {
    ticket,
    symbol: c[2]!,
    type: c[3]!,
    where: `position ${ticket}`,
    volume: decimalAt(c[4]!, at('volume')),
    openTime: timeAt(c[0]!, at('open time')),
    closeTime: timeAt(c[8]!, at('close time')),
    ...prices,
    commission: decimalAt(c[10]!, at('commission'), '0.00'),
    swap: decimalAt(c[11]!, at('swap'), '0.00'),
  };
}

export function parseMt5(rows: Row[], preamble: Row[]): ParsedStatement {
  const values = headerPairs(preamble);
  const found = accountOf(values);
  if (!found) throw new StatementError('The report has no account row in its header');
  const { at, ...account } = found;
  const [positions, orders, deals, open] = sectionsOf(rows);
  const trades = withSides(positions!.rows.map(positionOf));
  const comments: ParsedStatement['comments'] = [];
  orders!.rows.forEach((row, i) => {
    const c = cellsOf(row, 11, `row ${i + 1} of the Orders table`);
    if (c[10]) comments.push({ ticket: c[1]!, comment: c[10] });
  });
  const balanceOperations: BalanceOperation[] = [];
  const width = deals!.columns.length;
  // The deals' rows that may close a position, by symbol, time and profit (the Positions table
  // names no closing deal; its close time and profit are the closing deal's), in deal order.
  const closings = new Map<string, number[]>();
  deals!.rows.forEach((row, i) => {
    const c = cellsOf(row, width, `row ${i + 1} of the Deals table`);
    const ticket = c[1]!;
    const comment = c[width - 1]!;
    if (comment) comments.push({ ticket, comment });
    if (c[2]) {
      const profit = decimalAt(c[width - 3]!, `deal ${ticket}'s profit`, '0');
      const key = closingKey(c[2], timeAt(c[0]!, `deal ${ticket}'s time`), profit);
      const rows = closings.get(key);
      if (rows) rows.push(i);
      else closings.set(key, [i]);
    }
    // A deposit, withdrawal, credit, bonus, charge...: no symbol, no direction, an amount.
    if (c[2] || c[4]) return;
    const amount = decimalAt(c[width - 3]!, `deal ${ticket}'s profit`, '0');
    if (new Big(amount).eq(0)) return;
    balanceOperations.push({
      ticket,
      time: timeAt(c[0]!, `deal ${ticket}'s time`),
      amount,
      comment,
    });
  });
  // Each position's closing deal: the first unused deal of its symbol, close time and profit.
  const closedAt = new Map<string, number>();
  for (const trade of trades) {
    const row = closings.get(closingKey(trade.symbol, trade.closeTime, trade.profit))?.shift();
    if (row !== undefined) closedAt.set(trade.ticket, row);
  }
  const openPositions = open?.columns.length === 12 ? open.rows.length : 0;
  return {
    format: 'mt5_html',
    account,
    trades: sortTrades(trades, (trade) => closedAt.get(trade.ticket) ?? 0),
    balanceOperations: sortOperations(balanceOperations),
    comments,
    openPositions,
    generatedAt:
      values
        .slice(at + 1)
        .map(readTime)
        .find((t) => t !== null) ?? null,
  };
}
