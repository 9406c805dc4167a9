// The cells' numbers and times as the contract keeps them: decimal strings ('-1234.56') and ISO
// UTC times. A cell that cannot be read exactly is refused with where it was; a figure is never
// guessed.
import { StatementError } from './errors';

/** Spaces MetaTrader and spreadsheets put between thousands (plain, no-break, thin, narrow). */
const GROUPING_SPACES = /[\s\u00a0\u2007\u2009\u202f]/g;
const PLAIN = /^-?\d+(\.\d+)?$/;

function grouped(integer: string, separator: string): string | null {
  const groups = integer.split(separator);
  if (groups.length === 1) return integer;
  const [first = '', ...rest] = groups;
  if (!/^\d{1,3}$/.test(first) || rest.some((g) => !/^\d{3}$/.test(g))) return null;
  return groups.join('');
}

/** '10 000.00', '1 234,56', '1,234.56', '1.234,56', '−5.00' → a plain decimal, or null. */
export function readDecimal(raw: string): string | null {
  let s = raw.replace(GROUPING_SPACES, '').replace(/^[\u2212\u2013]/, '-');
  if (s.startsWith('+')) s = s.slice(1);
  const negative = s.startsWith('-');
  if (negative) s = s.slice(1);
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  let integer = s;
  let fraction = '';
  if (comma >= 0 && dot >= 0) {
    // Both: the last one is the decimal mark, the other only groups thousands.
    const mark = comma > dot ? ',' : '.';
    const at = Math.max(comma, dot);
    const int = grouped(s.slice(0, at), mark === ',' ? '.' : ',');
    if (int === null) return null;
    integer = int;
    fraction = s.slice(at + 1);
  } else if (comma >= 0) {
    // One comma is a decimal mark ('1 234,56'); several group thousands ('1,234,567').
    if (s.indexOf(',') === comma) {
      integer = s.slice(0, comma);
      fraction = s.slice(comma + 1);
    } else {
      const int = grouped(s, ',');
      if (int === null) return null;
      integer = int;
    }
  } else if (dot >= 0) {
    integer = s.slice(0, dot);
    fraction = s.slice(dot + 1);
  }
  const plain = fraction ? `${integer}.${fraction}` : integer;
  if (!PLAIN.test(plain)) return null;
  const trimmed = plain.replace(/^0+(?=\d)/, '');
  const zero = /^[0.]+$/.test(trimmed);
  return negative && !zero ? `-${trimmed}` : trimmed;
}

/** A number the statement must have; `where` names the row ('position 1771882106, profit'). */
export function decimalAt(raw: string, where: string, fallback?: string): string {
  if (raw.trim() === '' && fallback !== undefined) return fallback;
  const value = readDecimal(raw);
  if (value === null) {
    throw new StatementError(
      `The ${where} is '${raw.slice(0, 40)}', which is not a number: the file may be damaged; save it again from the terminal`,
    );
  }
  return value;
}

const TIME =
  /^(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?Z?$/;

/** Does the cell look like a statement time (a row's first cell), valid or not? */
export const looksLikeTime = (raw: string) => /^\d{4}[.\-/]\d{1,2}[.\-/]\d{1,2}\b/.test(raw);

/** 'yyyy.MM.dd HH:mm[:ss]' (also '-' or '/' between the date's parts, or ISO) → ISO UTC. */
export function readTime(raw: string): string | null {
  const m = TIME.exec(raw.trim());
  if (!m) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((v) => (v === undefined ? 0 : +v));
  const ms = Date.UTC(y!, mo! - 1, d, h, mi, s);
  const date = new Date(ms);
  // Date.UTC rolls 2023.13.45 over into 2024; a real time reads back the same.
  if (
    date.getUTCFullYear() !== y ||
    date.getUTCMonth() !== mo! - 1 ||
    date.getUTCDate() !== d ||
    date.getUTCHours() !== h ||
    date.getUTCMinutes() !== mi ||
    date.getUTCSeconds() !== s
  )
    return null;
  return date.toISOString();
}

export function timeAt(raw: string, where: string): string {
  const value = readTime(raw);
  if (value === null) {
    throw new StatementError(
      `The ${where} is '${raw.slice(0, 40)}', which is not a date and time (yyyy.MM.dd HH:mm:ss): the file may be damaged; save it again from the terminal`,
    );
  }
  return value;
}
