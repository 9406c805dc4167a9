// An HTML statement as its table rows, read in one pass of htmlparser2's streaming parser (no
// DOM: a 10 MB report is 100,000 rows). Both MetaTrader reports are one flat table whose rows the
// parsers read by position; what a browser would not show as a cell's text (scripts, styles,
// tags) is not part of it, and entities are decoded (&nbsp; is a space).
import { Tokenizer } from 'htmlparser2';
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

/** Collapses runs of white space (NBSP included) to one space; most cells have none to fold. */
function tidy(text: string): string {
  return /\s\s|[\t\n\r\u00a0]/.test(text) ? text.replace(/\s+/g, ' ').trim() : text.trim();
}

const HIDDEN = /(^|\s)hidden(\s|$)/i;

/**
 * The rows of the file's tables, in order. Throws on a table in a cell or too many rows.
 * htmlparser2's Tokenizer is driven directly (its Parser's tag stack and attribute objects cost
 * twice the time over a 10 MB report); only what the rows need is kept.
 */
export function htmlRows(html: string): Row[] {
  const rows: Row[] = [];
  let row: Cell[] | null = null;
  let cell: Cell | null = null;
  let silent = 0;
  let tag = '';
  let attrName = '';
  let attrValue = '';
  let attrs: { colspan?: string; class?: string; title?: string } = {};

  const closeCell = () => {
    if (!cell) return;
    cell.text = tidy(cell.text);
    row?.push(cell);
    cell = null;
  };
  const closeRow = (cut: boolean) => {
    closeCell();
    if (!row) return;
    rows.push({ cells: row, cut });
    row = null;
  };
  const open = (name: string) => {
    if (name === 'td' || name === 'th') {
      if (!row) return;
      closeCell();
      const span = attrs.colspan === undefined ? 1 : Number.parseInt(attrs.colspan, 10);
      const cls = attrs.class;
      cell = {
        text: '',
        colspan: span > 0 ? Math.min(span, 100) : 1,
        hidden: cls !== undefined && cls !== '' && HIDDEN.test(cls),
        th: name === 'th',
        title: attrs.title ? tidy(attrs.title) : '',
      };
    } else if (name === 'tr') {
      closeRow(false);
      if (rows.length >= MAX_STATEMENT_ROWS) throw tooManyRows();
      row = [];
    } else if (name === 'br') {
      if (cell) cell.text += ' ';
    } else if (name === 'table') {
      if (cell) {
        throw new StatementError(
          `The file has a table inside a table cell (after row ${rows.length}): MetaTrader does not write its reports so; save it again from the terminal`,
        );
      }
    } else if (SILENT.has(name)) silent++;
  };
  const close = (name: string) => {
    if (name === 'td' || name === 'th') closeCell();
    else if (name === 'tr' || name === 'table') closeRow(false);
    else if (SILENT.has(name)) silent = Math.max(0, silent - 1);
  };

  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        tag = html.slice(start, end).toLowerCase();
        attrs = {};
      },
      onattribname(start, end) {
        attrName = html.slice(start, end).toLowerCase();
        attrValue = '';
      },
      onattribdata(start, end) {
        attrValue += html.slice(start, end);
      },
      onattribentity(codepoint) {
        attrValue += String.fromCodePoint(codepoint);
      },
      onattribend() {
        if (attrName === 'colspan' || attrName === 'class' || attrName === 'title')
          attrs[attrName] = attrValue;
      },
      onopentagend() {
        open(tag);
      },
      onselfclosingtag() {
        open(tag);
      },
      onclosetag(start, end) {
        close(html.slice(start, end).toLowerCase());
      },
      ontext(start, end) {
        if (cell && silent === 0) cell.text += html.slice(start, end);
      },
      ontextentity(codepoint) {
        if (cell && silent === 0) cell.text += String.fromCodePoint(codepoint);
      },
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  // A row still open here is where the file was cut.
  closeRow(true);
  return rows;
}

/** The cells a reader sees (MT5's hidden columns left out). */
export const visible = (row: Row) => row.cells.filter((c) => !c.hidden);
