// What an upload is checked for before it counts (issue 34), pure: tickets already closed in the
// entrant's previous statement that changed, an account in another currency than the rules',
// and the window the file covers.
import type { ClosedTrade, ParsedStatement } from '../../../shared/trading/statement';
import type { StatementFlag } from '../../../shared/trading/review';

/** Changes named in a flag's message. */
const CHANGES_SHOWN = 10;

function changesOf(before: ClosedTrade, after: ClosedTrade): string[] {
  const changes: string[] = [];
  if (before.closeTime !== after.closeTime) {
    changes.push(`close time ${before.closeTime} -> ${after.closeTime}`);
  }
  if (before.profit !== after.profit) changes.push(`profit ${before.profit} -> ${after.profit}`);
  if (before.volume !== after.volume) changes.push(`volume ${before.volume} -> ${after.volume}`);
  return changes;
}

/**
 * Tickets closed in the previous statement that the new one holds with another close time,
 * profit or volume: a statement edited after the fact. A ticket the new one lacks is not a
 * change (a statement of a shorter period leaves it out).
 */
export function changedTickets(
  previous: ParsedStatement,
  next: ParsedStatement,
): StatementFlag | null {
  const before = new Map(previous.trades.map((t) => [t.ticket, t]));
  const lines: string[] = [];
  const tickets: string[] = [];
  for (const trade of next.trades) {
    const old = before.get(trade.ticket);
    const changes = old ? changesOf(old, trade) : [];
    if (!changes.length) continue;
    tickets.push(trade.ticket);
    lines.push(`ticket ${trade.ticket}: ${changes.join(', ')}`);
  }
  if (!tickets.length) return null;
  const more = lines.length > CHANGES_SHOWN ? ` and ${lines.length - CHANGES_SHOWN} more` : '';
  return {
    kind: 'changed_tickets',
    message: `${tickets.length} already-closed ticket${tickets.length === 1 ? '' : 's'} changed since the previous upload: ${lines.slice(0, CHANGES_SHOWN).join('; ')}${more}`,
    tickets,
  };
}

/** An account in another currency than the contest's (none known: not flagged, said so). */
export function currencyFlag(
  account: ParsedStatement['account'],
  wanted: string | undefined,
): StatementFlag | null {
  if (!wanted) return null;
  const currency = account.currency?.toUpperCase() ?? null;
  if (currency === wanted.toUpperCase()) return null;
  return {
    kind: 'currency',
    message: currency
      ? `The account is in ${currency}, the contest's accounts in ${wanted.toUpperCase()}`
      : `The statement names no currency; the contest's accounts are in ${wanted.toUpperCase()}`,
    tickets: [],
  };
}

/** The first and last closed trade's times (trades are in closing order; opens may be earlier). */
export function coversOf(statement: ParsedStatement): { from: Date | null; to: Date | null } {
  if (!statement.trades.length) return { from: null, to: null };
  let from = statement.trades[0]!.openTime;
  for (const t of statement.trades) if (t.openTime < from) from = t.openTime;
  return { from: new Date(from), to: new Date(statement.trades.at(-1)!.closeTime) };
}
