// The Payouts page's CSV export: the filtered lines, one row each, RFC 4180 (quoted where needed,
// CRLF between rows), and no cell a spreadsheet would run as a formula.
import type { DB } from '../../platform/db/client';
import type { Actor } from '../../platform/actor';
import { getPaymentConfig } from '../settings';
import { filteredPayouts, isAdmin, type PayoutFilters } from './list';
import { toPayout } from './rows';

const HEADER = [
  'id',
  'contest',
  'member',
  'team',
  'place',
  'amount',
  'currency',
  'status',
  'method',
  'network',
  'reference',
  'reason',
  'approved by',
  'approved at',
  'sent by',
  'sent at',
  'created at',
];

/**
 * One cell: a text a spreadsheet would read as a formula (=, +, -, @ first) gets a leading
 * apostrophe; a cell with a comma, a quote or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | Date | null): string {
  if (value === null) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly (string | number | Date | null)[]): string {
  return cells.map(csvCell).join(',');
}

/** The filtered lines as CSV text (admins), newest first, a header row on top. */
export async function payoutsCsv(db: DB, viewer: Actor, input: PayoutFilters): Promise<string> {
  const rows = await filteredPayouts(db, viewer, input);
  const config = await getPaymentConfig({ db });
  const lines = rows.map((row) => {
    const p = toPayout(row, config, isAdmin(viewer));
    return csvRow([
      p.id,
      p.contestTitle,
      p.username,
      p.teamName,
      p.placeText,
      p.amount,
      p.currency,
      p.status,
      p.method,
      p.network,
      p.reference,
      p.reason,
      p.approvedBy,
      p.approvedAt,
      p.sentBy,
      p.sentAt,
      p.createdAt,
    ]);
  });
  return [csvRow(HEADER), ...lines].join('\r\n') + '\r\n';
}
