// The documented CSV of closed trades and balance operations (docs/trading.md), for every other
// platform: a header row naming the columns (any order), ',' or ';' between fields, optional
// '# account: …' lines before the header for the account's number, server, currency and name.
import { parse } from 'csv-parse/sync';
import Big from 'big.js';
import type {
  BalanceOperation,
  ClosedTrade,
  ParsedStatement,
  StatementAccount,
} from '../../../../shared/trading/statement';
import { MAX_STATEMENT_ROWS, StatementError, tooManyRows } from './errors';
import { sortOperations, sortTrades } from './order';
import { decimalAt, timeAt } from './values';
import { CSV_COLUMNS } from '../../../../shared/trading/csvTemplate';

// The layout and its template are shared: the contest page offers the template for download.
export { CSV_COLUMNS, CSV_TEMPLATE } from '../../../../shared/trading/csvTemplate';

const LAYOUT = `the columns ${CSV_COLUMNS.join(',')} in a header row (see the template)`;

/** Does the text look like the documented CSV (its header row names the columns)? */
export function csvHeader(text: string): { at: number; delimiter: ',' | ';' } | null {
  const lines = text.slice(0, 64 * 1024).split(/\r?\n/);
  let at = 0;
  for (const line of lines) {
    const trimmed = line.trim().replace(/^\ufeff/, '');
    if (trimmed.startsWith('#') || trimmed === '') {
      at += line.length + 1;
      continue;
    }
    const delimiter = trimmed.split(';').length > trimmed.split(',').length ? ';' : ',';
    const names = trimmed.split(delimiter).map((n) => n.trim().replace(/^"|"$/g, '').toLowerCase());
    return names.includes('type') && names.includes('ticket') && names.includes('profit')
      ? { at, delimiter }
      : null;
  }
  return null;
}

function accountOf(text: string, headerAt: number): StatementAccount {
  const meta: Record<string, string> = {};
  for (const line of text.slice(0, headerAt).split(/\r?\n/)) {
    const m = /^\s*#\s*(account|server|currency|name)\s*[:=]\s*(.*?)\s*$/i.exec(line);
    if (m) meta[m[1]!.toLowerCase()] = m[2]!;
  }
  return {
    number: meta.account ?? '',
    server: meta.server || null,
    currency: meta.currency ? meta.currency.toUpperCase() : null,
    name: meta.name || null,
  };
}

function countLines(text: string, from: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

export function parseCsv(text: string): ParsedStatement {
  const header = csvHeader(text);
  if (!header) throw new StatementError(`The CSV has no header row: it needs ${LAYOUT}`);
  // Counted before parsing: a million rows are refused in milliseconds.
  if (countLines(text, header.at) > MAX_STATEMENT_ROWS + 1) throw tooManyRows();
  let records: string[][];
  try {
    records = parse(text.slice(header.at), {
      delimiter: header.delimiter,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_quotes: false,
      // A short row is refused below, with its number.
      relax_column_count: true,
    }) as string[][];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new StatementError(
      `The CSV could not be read (${message.slice(0, 160)}): it needs ${LAYOUT}`,
    );
  }
  const names = records[0]!.map((n) => n.toLowerCase());
  const missing = CSV_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) {
    throw new StatementError(`The CSV has no column ${missing.join(', ')}: it needs ${LAYOUT}`);
  }
  const col = Object.fromEntries(CSV_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<
    (typeof CSV_COLUMNS)[number],
    number
  >;
  const trades: ClosedTrade[] = [];
  const balanceOperations: BalanceOperation[] = [];
  const comments: ParsedStatement['comments'] = [];
  records.slice(1).forEach((record, i) => {
    const line = `CSV row ${i + 1}`;
    if (record.length !== names.length) {
      throw new StatementError(
        `${line} has ${record.length} fields where the header has ${names.length}`,
      );
    }
    const get = (c: (typeof CSV_COLUMNS)[number]) => record[col[c]] ?? '';
    const type = get('type').toLowerCase();
    const ticket = get('ticket');
    const where = (field: string) => `${line} (ticket ${ticket.slice(0, 30)}) ${field}`;
    if (!ticket) throw new StatementError(`${line} has no ticket`);
    if (get('comment')) comments.push({ ticket, comment: get('comment') });
    if (type === 'balance') {
      const amount = decimalAt(get('profit'), where('profit (the amount)'));
      balanceOperations.push({
        ticket,
        time: timeAt(get('close_time'), where('close_time')),
        amount,
        comment: get('comment'),
      });
      return;
    }
    if (type !== 'trade') {
      throw new StatementError(
        `${line} has the type '${type.slice(0, 20)}': it must be trade or balance`,
      );
    }
    if (!get('symbol')) throw new StatementError(`${where('symbol')} is empty`);
    const prices = {
      openPrice: decimalAt(get('open_price'), where('open_price')),
      closePrice: decimalAt(get('close_price'), where('close_price')),
      profit: decimalAt(get('profit'), where('profit')),
    };
    const side = get('side').toLowerCase();
    if (side !== 'buy' && side !== 'sell') {
      throw new StatementError(
        `${where('side')} is '${side.slice(0, 20)}': it must be buy or sell`,
      );
    }
    const volume = decimalAt(get('volume'), where('volume'));
    if (new Big(volume).lte(0)) throw new StatementError(`${where('volume')} is not positive`);
    trades.push({
      ticket,
      symbol: get('symbol'),
      side,
      volume,
      openTime: timeAt(get('open_time'), where('open_time')),
      closeTime: timeAt(get('close_time'), where('close_time')),
      ...prices,
      commission: decimalAt(get('commission'), where('commission'), '0.00'),
      swap: decimalAt(get('swap'), where('swap'), '0.00'),
    });
  });
  return {
    format: 'csv',
    account: accountOf(text, header.at),
    trades: sortTrades(trades),
    balanceOperations: sortOperations(balanceOperations),
    comments,
    openPositions: 0,
    generatedAt: null,
  };
}
