// The sections of a MetaTrader report's one table, found by layout rather than by their
// (translated) titles: a row of one non-empty cell, then a row of column headings, then data rows
// until the first row that is not one (a spacer, a totals row, the next title).
import { visible, type Cell, type Row } from './htmlRows';

export interface Section {
  /** The title as the file wrote it (in the terminal's language). */
  title: string;
  /** The column headings, hidden ones left out. */
  columns: Cell[];
  rows: Row[];
  /** A row after the data ended the section; false: the file ended inside it. */
  complete: boolean;
}

export interface Layout {
  /** The rows before the first section (the report's header). */
  preamble: Row[];
  sections: Section[];
}

export function layoutOf(rows: Row[], isData: (row: Row) => boolean, minColumns: number): Layout {
  const sections: Section[] = [];
  let preamble: Row[] | null = null;
  let i = 0;
  while (i < rows.length) {
    const row = rows[i]!;
    const next = rows[i + 1];
    const cells = visible(row);
    const isTitle =
      cells.length === 1 &&
      cells[0]!.text !== '' &&
      next !== undefined &&
      visible(next).length >= minColumns &&
      !isData(next);
    if (!isTitle) {
      i++;
      continue;
    }
    preamble ??= rows.slice(0, i);
    const section: Section = {
      title: cells[0]!.text,
      columns: visible(next),
      rows: [],
      complete: false,
    };
    i += 2;
    while (i < rows.length && isData(rows[i]!) && !rows[i]!.cut) section.rows.push(rows[i++]!);
    section.complete = i < rows.length && !rows[i]!.cut;
    sections.push(section);
  }
  return { preamble: preamble ?? rows, sections };
}
