// The words and number shapes of a trading contest's screens (issue 34): the server sends money
// and percentages as decimal strings with 2 decimals, 'inf' for a ratio with nothing to divide
// by, null for a figure with no meaning; these say each the way a trader reads it.
import type { BreachRule, ExclusionReason } from '../../../shared/trading/figures';
import type { Ownership, StatementStatus } from '../../../shared/trading/review';
import type { StatementFormat } from '../../../shared/trading/statement';

/** A figure with no meaning (no trades, no positive balance). */
export const NO_FIGURE = '—';

/** '∞' for 'inf', the dash for null, else the decimal as sent. */
export function figureText(value: string | null | undefined): string {
  if (value === null || value === undefined) return NO_FIGURE;
  return value === 'inf' ? '∞' : value;
}

export function percentText(value: string | null | undefined): string {
  const text = figureText(value);
  return text === NO_FIGURE || text === '∞' ? text : `${text} %`;
}

/** An amount with the account's currency when the statement names one. */
export function moneyText(value: string | null | undefined, currency?: string | null): string {
  const text = figureText(value);
  return currency && text !== NO_FIGURE ? `${text} ${currency}` : text;
}

export const STATUS_LABELS: Record<StatementStatus, string> = {
  counted: 'Counted',
  pending: 'Awaiting review',
  approved: 'Approved',
  rejected: 'Rejected',
  disqualified: 'Disqualified',
};

export const STATUS_COLORS: Record<StatementStatus, string> = {
  counted: 'green',
  pending: 'orange',
  approved: 'green',
  rejected: 'gray',
  disqualified: 'red',
};

export const OWNERSHIP_LABELS: Record<Ownership, string> = {
  proven: 'Ownership proven',
  not_proven: 'Ownership not proven — the organiser will review it',
};

/** The short form, for a column of the organiser's list. */
export const OWNERSHIP_SHORT: Record<Ownership, string> = {
  proven: 'Proven',
  not_proven: 'Not proven',
};

export const FORMAT_LABELS: Record<StatementFormat, string> = {
  mt5_html: 'MetaTrader 5 report',
  mt4_html: 'MetaTrader 4 statement',
  csv: 'CSV',
};

export const EXCLUSION_LABELS: Record<ExclusionReason, string> = {
  before_start: 'opened before the start',
  after_end: 'closed after the end',
  symbol: 'symbol not allowed',
  min_hold: 'held less than the minimum time',
  over_max_count: 'over the maximum counted trades',
};

export const BREACH_LABELS: Record<BreachRule, string> = {
  max_drawdown: 'Maximum drawdown',
  max_daily_loss: 'Maximum daily loss',
  min_trades: 'Minimum trades',
  min_trading_days: 'Minimum trading days',
  deposit: 'Deposit or withdrawal',
};

/** 'ticket 1771882106' or 'tickets 1, 2 and 3 more'. */
export function ticketsText(tickets: readonly string[], shown = 5): string {
  if (tickets.length === 0) return '';
  const head = tickets.slice(0, shown).join(', ');
  const more = tickets.length - shown;
  const word = tickets.length === 1 ? 'ticket' : 'tickets';
  return more > 0 ? `${word} ${head} and ${more} more` : `${word} ${head}`;
}

/** An ISO time from a statement, as the statement's own clock says it (UTC, to the minute). */
export function statementTime(iso: string | null): string {
  if (!iso) return NO_FIGURE;
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

/** A breach's or flag's message, with the tickets it names that the message does not say. */
export function noticeText(message: string, tickets: readonly string[]): string {
  const unsaid = tickets.filter((t) => !message.includes(t));
  return unsaid.length > 0 ? `${message} (${ticketsText(unsaid)})` : message;
}

/** The balance curve in words (the chart's text alternative). */
export function curveText(curve: readonly { balance: string }[]): string {
  if (curve.length === 0) return 'No counted trades yet';
  const first = curve[0]!.balance;
  const last = curve[curve.length - 1]!.balance;
  // Compared as numbers to pick the point; the text shows the point's exact decimal.
  const low = curve.reduce((min, p) => (Number(p.balance) < Number(min) ? p.balance : min), first);
  return `Balance from ${first} to ${last}, lowest ${low}`;
}
