// A trading statement as the parsers read it (issue 34): whatever the file was (a MetaTrader 5
// report, a MetaTrader 4 statement, the documented CSV), the figures and rules see only this.
// Money and prices stay decimal strings as the file wrote them, normalised ('-1234.56': no
// thousands separators, '.' as the decimal mark), so no sum ever passes through binary floating
// point; times are ISO 8601 in UTC ('2023-06-23T07:53:00.000Z'), read from the statement's own
// clock (the broker's server time), which the contest's window is compared with.

export const STATEMENT_FORMATS = ['mt5_html', 'mt4_html', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** The account the statement is of, as its header says (null: the format does not say). */
export interface StatementAccount {
  number: string;
  server: string | null;
  currency: string | null;
  /** The owner's name as the broker wrote it. */
  name: string | null;
}

/** One closed position (MT5 'Positions', MT4 'Closed Transactions', a CSV 'trade' row). */
export interface ClosedTrade {
  /** The position's (MT5) or order's (MT4) ticket, as written. */
  ticket: string;
  symbol: string;
  side: 'buy' | 'sell';
  /** Lots, decimal string. */
  volume: string;
  openTime: string;
  closeTime: string;
  openPrice: string;
  closePrice: string;
  /** Each a signed decimal string in the account's currency ('0.00' when the file has none). */
  commission: string;
  swap: string;
  profit: string;
}

/** A deposit (positive) or withdrawal (negative), credit and bonus rows included. */
export interface BalanceOperation {
  ticket: string;
  time: string;
  amount: string;
  comment: string;
}

export interface ParsedStatement {
  format: StatementFormat;
  account: StatementAccount;
  /**
   * Closed positions, in the order they closed: by close time, then (the same second) by the
   * order of their closing deals where the file has them (MT5), then by ticket. The balance
   * walked in this order is the terminal's own (its drawdown figure).
   */
  trades: ClosedTrade[];
  /** Balance operations, in order of time then ticket. */
  balanceOperations: BalanceOperation[];
  /**
   * Every order's and deal's comment the file holds (the ownership code is looked for here),
   * each with its ticket; pending orders placed and cancelled included.
   */
  comments: { ticket: string; comment: string }[];
  /** Positions still open when the statement was made (never counted; said in the summary). */
  openPositions: number;
  /** When the statement was made, if the file says (MT5 'Date', MT4 header date). */
  generatedAt: string | null;
}

/** Tickets are digit strings of any length: a shorter one is smaller (no Number: they overflow). */
export function compareTickets(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
