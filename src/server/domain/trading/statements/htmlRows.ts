// An HTML statement as its table rows, read in one pass of htmlparser2's streaming parser (no
// DOM: a 10 MB report is 100,000 rows). Both MetaTrader reports are one flat table whose rows the
// parsers read by position; what a browser would not show as a cell's text (scripts, styles,
// tags) is not part of it, and entities are decoded (&nbsp; is a space).
import { Parser } from 'htmlparser2';
import { MAX_STATEMENT_ROWS, StatementError, tooManyRows } from './errors';

export interface Cell {
  /** The cell's text, entities decoded, white space collapsed to single spaces. */
  text: string;
  colspan: number;
  /** class="hidden": MT5's hidden columns (a position's order id, a deal's cost). */
  hidden: boolean;
  th: boolean;
  /** The title attribute (MT4 keeps an order's comment there). */
  title: string;
}

export interface Row {
  cells: Cell[];
  /** The file ended inside this row (a report cut in the middle). */
  cut: boolean;
}

/** Elements whose content is not a cell's text. */
const SILENT = new Set(['script', 'style', 'noscript', 'template', 'head', 'title']);

/** The rows of the file's tables, in order. Throws on a table in a cell or too many rows. */
export function htmlRows(html: string): Row[] {
  const rows: Row[] = [];
  let row: Cell[] | null = null;
  let cell: { parts: string[]; attrs: Omit<Cell, 'text'> } | null = null;
  let silent = 0;
  let ending = false;

  const closeCell = () => {
    if (!cell || !row) return;
    const text = cell.parts.join('').replace(/\s+/g, ' ').trim();
    row.push({ text, ...cell.attrs });
    cell = null;
  };
  const closeRow = (implied: boolean) => {
    closeCell();
    if (!row) return;
    rows.push({ cells: row, cut: implied && ending });
    row = null;
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (SILENT.has(name)) silent++;
        if (name === 'table' && cell) {
          throw new StatementError(
            `The file has a table inside a table cell (after row ${rows.length}): MetaTrader does not write its reports so; save it again from the terminal`,
          );
        }
        if (name === 'tr') {
          closeRow(false);
          if (rows.length >= MAX_STATEMENT_ROWS) throw tooManyRows();
          row = [];
        } else if ((name === 'td' || name === 'th') && row) {
          closeCell();
          const span = Number.parseInt(attribs.colspan ?? '1', 10);
          cell = {
            parts: [],
            attrs: {
              colspan: Number.isFinite(span) && span > 0 ? Math.min(span, 100) : 1,
              hidden: /(^|\s)hidden(\s|$)/i.test(attribs.class ?? ''),
              th: name === 'th',
              title: (attribs.title ?? '').replace(/\s+/g, ' ').trim(),
            },
          };
        } else if (name === 'br' && cell) {
          cell.parts.push(' ');
        }
      },
      ontext(text) {
        if (cell && silent === 0) cell.parts.push(text);
      },
      onclosetag(name, implied) {
        if (SILENT.has(name)) silent = Math.max(0, silent - 1);
        if (name === 'td' || name === 'th') closeCell();
        else if (name === 'tr') closeRow(implied);
        else if (name === 'table') closeRow(implied);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  ending = true;
  parser.end();
  closeRow(true);
  return rows;
}

/** The cells a reader sees (MT5's hidden columns left out). */
export const visible = (row: Row) => row.cells.filter((c) => !c.hidden);
