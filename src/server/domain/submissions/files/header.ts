// The first line of a key or a submission: the column names, and the plain mistakes spotted there
// (no header at all, another delimiter, a column named twice, a column missing).
import { type CsvRows } from './csv';
import { type ProblemList, refuse, shown } from './problems';
import type { FileRefusal } from './types';

export interface Header {
  names: string[];
}

export function readHeader(rows: CsvRows): Header | FileRefusal {
  if (!rows.next()) {
    if (rows.stop) return refuse(rows.stop.message, rows.stop.line);
    return refuse('The file is empty: it has no header line');
  }
  const names: string[] = [];
  for (let i = 0; i < rows.kept; i++) names.push(rows.text(i).trim());
  if (names.length === 1) {
    const only = names[0] ?? '';
    const other = only.includes(';') ? 'semicolons' : only.includes('\t') ? 'tabs' : null;
    if (other) {
      return refuse(`line 1: the file must be comma-separated (this one uses ${other})`, 1);
    }
  }
  return { names };
}

/** The header's names shown in a message: the first few, quoted. */
function namesInWords(names: readonly string[]): string {
  const first = names.slice(0, 5).map(shown).join(', ');
  return names.length > 5 ? `${first} and ${names.length - 5} more` : first;
}

/**
 * The position of each wanted column in the header, or a problem (line 1) for each column that
 * is missing or named twice.
 */
export function findColumns(
  header: Header,
  wanted: readonly string[],
  problems: ProblemList,
): number[] | null {
  const found: number[] = [];
  let ok = true;
  for (const name of wanted) {
    const at = header.names.indexOf(name);
    if (at === -1) {
      ok = false;
      problems.add(
        1,
        `line 1: the header has no column ${shown(name)} (the first line must name the columns; it holds ${namesInWords(header.names)})`,
      );
    } else if (header.names.indexOf(name, at + 1) !== -1) {
      ok = false;
      problems.add(1, `line 1: the header names column ${shown(name)} twice`);
    }
    found.push(at);
  }
  return ok ? found : null;
}
