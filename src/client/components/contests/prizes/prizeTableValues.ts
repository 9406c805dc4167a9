// The prize table (issue 30) as the form's inputs hold it, and its conversions: to what the
// shared ZPrizeTable reads (an empty amount or share is absent, so its 'Enter ...' message shows),
// from a stored table (the Edit dialog), and to the one-line preview under the rows. Every row
// keeps all its keys (an empty input is ''), so Formik's submit touches each one and shows its
// message. Pure TypeScript.
import {
  CURRENCY_DECIMALS,
  formatPrize,
  toUnits,
  type PrizeCurrency,
} from '../../../../shared/prizes';
import { ordinal } from '../../../../shared/places';
import {
  POOL_CURRENCIES,
  PRIZE_LIMITS,
  type PrizeKind,
  type TPrizeTable,
} from '../../../../shared/schemas/prizes';

export interface PrizeRowValues {
  /** Number inputs: a number, or '' while empty. */
  from: number | '';
  to: number | '';
  amount: string;
  percent: string;
  currency: string;
}

export interface PrizeTableValues {
  kind: PrizeKind;
  rows: PrizeRowValues[];
  poolPercentOfFees: string;
  poolFixed: string;
}

/** The row 'Add row' appends: the place after the last row's, in its currency. */
export function nextRow(rows: readonly PrizeRowValues[], kind: PrizeKind): PrizeRowValues {
  const last = rows[rows.length - 1];
  const place = typeof last?.to === 'number' ? last.to + 1 : rows.length + 1;
  return {
    from: place,
    to: place,
    amount: '',
    percent: '',
    currency: last?.currency ?? (kind === 'pool' ? 'USDT' : 'USD'),
  };
}

/** A new table of this kind: one row for the 1st place. */
export function newTable(kind: PrizeKind): PrizeTableValues {
  return { kind, rows: [nextRow([], kind)], poolPercentOfFees: '', poolFixed: '' };
}

/**
 * The same rows under another kind (what they hold for the other kind is kept, unsent); a pool
 * is paid in a dollar, so a row in another currency moves to USDT.
 */
export function withKind(table: PrizeTableValues, kind: PrizeKind): PrizeTableValues {
  if (kind === 'fixed') return { ...table, kind };
  const rows = table.rows.map((row) =>
    (POOL_CURRENCIES as readonly string[]).includes(row.currency)
      ? row
      : { ...row, currency: 'USDT' },
  );
  return { ...table, kind, rows };
}

// Formik hands the schema its values with '' already made undefined (prepareDataForValidation).
const blankToUndefined = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value;

/** What the schema checks and the server stores: only the kind's fields, an empty one absent. */
export function prizeTablePayload(table: PrizeTableValues | null | undefined): unknown {
  if (!table) return null;
  const pool = table.kind === 'pool';
  return {
    kind: table.kind,
    rows: table.rows.map((row) => ({
      from: row.from,
      to: row.to,
      currency: row.currency,
      ...(pool
        ? { percent: blankToUndefined(row.percent) }
        : { amount: blankToUndefined(row.amount) }),
    })),
    ...(pool
      ? {
          poolPercentOfFees: blankToUndefined(table.poolPercentOfFees),
          poolFixed: blankToUndefined(table.poolFixed),
        }
      : {}),
  };
}

/** The form's values with the prize table as the schema reads it. */
export function withPrizeTable<T extends { prizeTable?: PrizeTableValues | null }>(
  values: T,
): Omit<T, 'prizeTable'> & { prizeTable: unknown } {
  return { ...values, prizeTable: prizeTablePayload(values.prizeTable) };
}

/** A stored table as the inputs show it. */
export function tableValues(table: TPrizeTable | null | undefined): PrizeTableValues | null {
  if (!table) return null;
  return {
    kind: table.kind,
    rows: table.rows.map((row) => ({
      from: row.from,
      to: row.to,
      amount: row.amount ?? '',
      percent: row.percent ?? '',
      currency: row.currency,
    })),
    poolPercentOfFees: table.poolPercentOfFees ?? '',
    poolFixed: table.poolFixed ?? '',
  };
}

/** '1st', or a range '4th-8th'. */
export function placesText(from: number, to: number): string {
  return from === to ? ordinal(from) : `${ordinal(from)}-${ordinal(to)}`;
}

/** A row's prize per place in words ('50 USDT', '20 %'), or null while it is not a valid one. */
function rowPrize(row: PrizeRowValues, kind: PrizeKind): string | null {
  if (kind === 'pool') {
    const percent = row.percent.trim();
    return percent !== '' && toUnits(percent, 4) !== undefined ? `${percent} %` : null;
  }
  const currency = row.currency as PrizeCurrency;
  const decimals = CURRENCY_DECIMALS[currency];
  if (decimals === undefined || toUnits(row.amount, decimals) === undefined) return null;
  return formatPrize(row.amount.trim(), currency);
}

/**
 * Each valid row's places and prize: { places: '4th-8th', prize: '50 USDT each' } (a pool's rows
 * in shares of it: '2 % each'). Rows not yet valid are left out.
 */
export function prizeLines(table: PrizeTableValues): { places: string; prize: string }[] {
  const lines: { places: string; prize: string }[] = [];
  for (const row of table.rows) {
    if (typeof row.from !== 'number' || typeof row.to !== 'number' || row.to < row.from) continue;
    const prize = rowPrize(row, table.kind);
    if (prize === null) continue;
    lines.push({
      places: placesText(row.from, row.to),
      prize: `${prize}${row.to > row.from ? ' each' : ''}`,
    });
  }
  return lines;
}

/** The live preview: '1st: 1,000 USDT · 2nd: 500 USDT · 4th-8th: 50 USDT each'; '' for none. */
export function previewText(table: PrizeTableValues): string {
  return prizeLines(table)
    .map((line) => `${line.places}: ${line.prize}`)
    .join(' · ');
}

const isPlace = (v: unknown): v is number | '' => v === '' || Number.isFinite(v);
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A table read back from the browser's copy of the wizard: only a well-formed one, else none. */
export function cleanPrizeTable(raw: unknown): PrizeTableValues | null {
  if (!raw || typeof raw !== 'object') return null;
  const source = raw as Record<string, unknown>;
  if (source.kind !== 'fixed' && source.kind !== 'pool') return null;
  if (!Array.isArray(source.rows)) return null;
  const rows: PrizeRowValues[] = [];
  for (const item of source.rows.slice(0, PRIZE_LIMITS.rows) as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const row = item as Record<string, unknown>;
    if (!isPlace(row.from) || !isPlace(row.to) || typeof row.currency !== 'string') continue;
    rows.push({
      from: row.from,
      to: row.to,
      amount: text(row.amount),
      percent: text(row.percent),
      currency: row.currency,
    });
  }
  if (!rows.length) return null;
  return {
    kind: source.kind,
    rows,
    poolPercentOfFees: text(source.poolPercentOfFees),
    poolFixed: text(source.poolFixed),
  };
}
