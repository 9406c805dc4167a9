// A CSV reader over bytes (RFC 4180: comma-separated, fields quoted with " and "" inside, commas
// and line breaks inside quotes, CRLF or LF). Hand-written rather than a library because it must
// (1) read a million rows in a fraction of a second without a string or an object per field: a
// row is a set of byte offsets, and only the fields a caller asks for become strings or numbers;
// (2) give each row its exact line in the file (a quoted field spanning lines counts its lines)
// for the messages members act on; (3) stop at once, with a message, at a row longer than the
// limit or a header wider than the limit, without building the huge string first.
// UTF-8 needs no care here: every byte the reader looks for (" , CR LF) is ASCII, and a byte of a
// multi-byte character is never ASCII.
import type { Buffer } from 'node:buffer';
import { bytesInWords } from './problems';

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

export const DEFAULT_MAX_COLUMNS = 10_000;
export const DEFAULT_MAX_ROW_BYTES = 2 ** 20;

/** A problem that stops the reading: what follows cannot be split into rows reliably. */
export interface CsvStop {
  line: number;
  message: string;
}

export class CsvRows {
  /** the line the current row starts on (1-based) */
  line = 0;
  /** how many fields the current row has (may exceed what is kept: see `kept`) */
  count = 0;
  /** set when reading stopped on a broken row (next() then returns false) */
  stop: CsvStop | null = null;

  private pos: number;
  private nextLine = 1;
  private readonly starts: Float64Array;
  private readonly ends: Float64Array;
  private readonly escaped: Uint8Array;

  constructor(
    private readonly bytes: Buffer,
    start: number,
    private readonly maxColumns = DEFAULT_MAX_COLUMNS,
    private readonly maxRowBytes = DEFAULT_MAX_ROW_BYTES,
  ) {
    this.pos = start;
    this.starts = new Float64Array(maxColumns);
    this.ends = new Float64Array(maxColumns);
    this.escaped = new Uint8Array(maxColumns);
  }

  /** How many fields of the current row are kept (at most maxColumns). */
  get kept(): number {
    return Math.min(this.count, this.maxColumns);
  }

  /** Moves to the next row that is not blank; false at the end or when reading stopped. */
  next(): boolean {
    const b = this.bytes;
    const end = b.length;
    let pos = this.pos;
    // Blank lines (a trailing line break, an empty line between rows) are skipped.
    for (;;) {
      if (pos >= end || this.stop) {
        this.pos = pos;
        return false;
      }
      const c = b[pos];
      if (c === LF) {
        pos++;
        this.nextLine++;
      } else if (c === CR) {
        pos += b[pos + 1] === LF ? 2 : 1;
        this.nextLine++;
      } else break;
    }
    this.line = this.nextLine;
    const limit = Math.min(end, pos + this.maxRowBytes);
    let count = 0;
    for (;;) {
      let fieldStart: number;
      let fieldEnd: number;
      let escaped = 0;
      if (b[pos] === QUOTE) {
        fieldStart = pos + 1;
        let from = fieldStart;
        let close: number;
        for (;;) {
          close = b.indexOf(QUOTE, from);
          if (close === -1 || close >= limit) {
            return this.halt(
              limit < end
                ? this.tooLong()
                : `line ${this.line}: a quoted field opened on this line is never closed`,
            );
          }
          if (b[close + 1] !== QUOTE) break;
          escaped = 1;
          from = close + 2;
        }
        fieldEnd = close;
        this.nextLine += lineBreaks(b, fieldStart, fieldEnd);
        pos = close + 1;
        if (pos < end) {
          const c = b[pos];
          if (c !== COMMA && c !== LF && c !== CR) {
            return this.halt(
              `line ${this.nextLine}: text follows a closing quote in field ${count + 1}; a field with quotes must be all quoted, its quotes doubled ("")`,
              this.nextLine,
            );
          }
        }
      } else {
        fieldStart = pos;
        while (pos < limit) {
          const c = b[pos];
          if (c === COMMA || c === LF || c === CR) break;
          pos++;
        }
        if (pos === limit && limit < end) {
          const c = b[pos];
          if (c !== COMMA && c !== LF && c !== CR) return this.halt(this.tooLong());
        }
        fieldEnd = pos;
      }
      if (count < this.maxColumns) {
        this.starts[count] = fieldStart;
        this.ends[count] = fieldEnd;
        this.escaped[count] = escaped;
      }
      count++;
      if (count > this.maxColumns) {
        return this.halt(
          `line ${this.line}: more than ${this.maxColumns.toLocaleString('en-US')} columns, the limit`,
        );
      }
      if (pos >= end) break;
      const c = b[pos];
      if (c === COMMA) {
        pos++;
        continue;
      }
      // end of the row: CR LF, LF or CR
      pos += c === CR && b[pos + 1] === LF ? 2 : 1;
      this.nextLine++;
      break;
    }
    this.count = count;
    this.pos = pos;
    return true;
  }

  /** Field i of the current row as text (quotes removed, "" made "). */
  text(i: number): string {
    const s = this.bytes.toString('utf8', this.starts[i], this.ends[i]);
    return this.escaped[i] ? s.replaceAll('""', '"') : s;
  }

  /** Field i's bytes: [start, end) of the current row's field in `bytes`, and whether it holds "". */
  start(i: number): number {
    return this.starts[i] ?? 0;
  }

  end(i: number): number {
    return this.ends[i] ?? 0;
  }

  hasEscapes(i: number): boolean {
    return this.escaped[i] === 1;
  }

  get source(): Buffer {
    return this.bytes;
  }

  private tooLong(): string {
    return `line ${this.line}: this row is longer than ${bytesInWords(this.maxRowBytes)}, the limit per row (or a quote opened on it is never closed)`;
  }

  private halt(message: string, line = this.line): false {
    this.stop = { line, message };
    this.count = 0;
    return false;
  }
}

/** How many line breaks (CR LF, LF or a lone CR) lie in bytes [from, to). */
function lineBreaks(b: Buffer, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = b[i];
    if (c === LF) n++;
    else if (c === CR && b[i + 1] !== LF) n++;
  }
  return n;
}
