// MetaTrader 4 'Detailed Statement' (HTML): a header row of 'label: value' cells (account, name,
// currency, leverage, then the date), then 'Closed Transactions' (always the first section, 14
// columns: ticket, open time, type, size, item, price, S/L, T/P, close time, price, commission,
// taxes, swap, profit). Its rows are trades (14 cells), balance operations (ticket, time, type,
// a comment spanning the middle, the amount) and cancelled pending orders (a spanning state
// cell at the end). An order's comment is the title of its ticket cell.
import Big from 'big.js';
import type {
  BalanceOperation,
  ParsedStatement,
  StatementAccount,
} from '../../../../shared/trading/statement';
import { StatementError } from './errors';
import { visible, type Cell, type Row } from './htmlRows';
import { sortOperations, sortTrades, withSides, type Unsided } from './order';
import { layoutOf } from './sections';
import { decimalAt, looksLikeTime, timeAt } from './values';

const afterLabel = (cell: Cell | undefined) => {
  const text = cell?.text ?? '';
  const colon = text.search(/[:：]/);
  return (colon < 0 ? text : text.slice(colon + 1)).trim();
};

/** The header row: at least three 'label: value' cells, the first holding the account number. */
function headerOf(preamble: Row[]): Cell[] | null {
  for (const row of preamble) {
    const cells = visible(row);
    if (cells.length >= 3 && cells.slice(0, 3).every((c) => /[:：]/.test(c.text))) {
      if (/\d{3,}/.test(afterLabel(cells[0]))) return cells;
    }
  }
  return null;
}

export const isMt4 = (preamble: Row[]) => headerOf(preamble) !== null;

const isData = (row: Row) => {
  const c = visible(row);
  return c.length >= 4 && /^\d+$/.test(c[0]!.text) && looksLikeTime(c[1]!.text);
};

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** '2026 August 18, 19:44' (English terminals) → ISO; other languages say nothing. */
function headerDate(text: string): string | null {
  const m = /^(\d{4}) ([A-Za-z]+) (\d{1,2}), (\d{1,2}):(\d{2})$/.exec(text);
  const month = m ? MONTHS.indexOf(m[2]!.toLowerCase()) : -1;
  if (!m || month < 0) return null;
  return new Date(Date.UTC(+m[1]!, month, +m[3]!, +m[4]!, +m[5]!)).toISOString();
}

function tradeOf(c: string[], ticket: string): Unsided {
  const at = (field: string) => `order ${ticket}'s ${field}`;
  const prices = {
    openPrice: decimalAt(c[5]!, at('open price')),
    closePrice: decimalAt(c[9]!, at('close price')),
    profit: decimalAt(c[13]!, at('profit')),
  };
  // Taxes are a cost like the commission: the contract has one field for both.
  const commission = new Big(decimalAt(c[10]!, at('commission'), '0.00'))
    .plus(decimalAt(c[11]!, at('taxes'), '0.00'))
    .toFixed(2);
  return {
    ticket,
    symbol: c[4]!,
    type: c[2]!,
    where: `order ${ticket}`,
    volume: decimalAt(c[3]!, at('size')),
    openTime: timeAt(c[1]!, at('open time')),
    closeTime: timeAt(c[8]!, at('close time')),
    ...prices,
    commission,
    swap: decimalAt(c[12]!, at('swap'), '0.00'),
  };
}

export function parseMt4(rows: Row[], preamble: Row[]): ParsedStatement {
  const header = headerOf(preamble);
  if (!header) throw new StatementError('The statement has no account row in its header');
  const currency = /\b[A-Z]{3}\b/.exec(afterLabel(header[2]))?.[0] ?? null;
  const account: StatementAccount = {
    number: /\d{3,}/.exec(afterLabel(header[0]))![0],
    server: null,
    currency,
    name: afterLabel(header[1]) || null,
  };
  const { sections } = layoutOf(rows, isData, 13);
  const closed = sections[0];
  if (!closed) {
    throw new StatementError(
      'The statement ends before its Closed Transactions table: save it again from the terminal (Account History, right-click, Save as Detailed Report)',
    );
  }
  if (closed.columns.length !== 14) {
    throw new StatementError(
      `The statement's Closed Transactions table has ${closed.columns.length} columns where MetaTrader 4 writes 14: the file may be damaged; save it again from the terminal`,
    );
  }
  if (!closed.complete) {
    throw new StatementError(
      'The statement ends in the middle of its Closed Transactions table: save it again from the terminal',
    );
  }
  const trades: Unsided[] = [];
  const balanceOperations: BalanceOperation[] = [];
  const comments: ParsedStatement['comments'] = [];
  for (const row of closed.rows) {
    const cells = visible(row);
    const c = cells.map((cell) => cell.text);
    const ticket = c[0]!;
    if (cells[0]!.title) comments.push({ ticket, comment: cells[0]!.title });
    if (c.length === 14) trades.push(tradeOf(c, ticket));
    else if (c.length === 5 && cells[3]!.colspan > 1) {
      // balance, credit...: the comment spans the middle columns, the amount is last.
      const amount = decimalAt(c[4]!, `balance row ${ticket}'s amount`);
      if (c[3]) comments.push({ ticket, comment: c[3] });
      if (!new Big(amount).eq(0))
        balanceOperations.push({
          ticket,
          time: timeAt(c[1]!, `balance row ${ticket}'s time`),
          amount,
          comment: c[3]!,
        });
    } else if (c.length >= 10 && cells[cells.length - 1]!.colspan > 1) {
      // A pending order cancelled or expired ('cancelled' spanning the money columns): no trade.
    } else {
      throw new StatementError(
        `The Closed Transactions row of ticket ${ticket} has ${c.length} cells, which is none of a trade, a balance row or a cancelled order: the file may be damaged`,
      );
    }
  }
  const open = sections[1];
  const openPositions = open ? open.rows.filter((r) => visible(r).length >= 10).length : 0;
  return {
    format: 'mt4_html',
    account,
    trades: sortTrades(withSides(trades)),
    balanceOperations: sortOperations(balanceOperations),
    comments,
    openPositions,
    generatedAt: headerDate(header[header.length - 1]!.text),
  };
}
