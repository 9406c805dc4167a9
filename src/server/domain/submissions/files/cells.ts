// One field of a row read as what its column holds, with the message a member or an organiser
// can act on when it is not: 'line 5: "abc" is not a number in column target'.
import { type CsvRows } from './csv';
import { looksInfinite, parseDecimal } from './numbers';
import { type ProblemList, shown } from './problems';

/** The number in field i, or NaN after adding the problem. */
export function numberCell(
  rows: CsvRows,
  i: number,
  column: string,
  problems: ProblemList,
): number {
  const value = parseDecimal(rows.source, rows.start(i), rows.end(i));
  if (Number.isFinite(value)) return value;
  if (!problems.wantsMore) {
    problems.count();
    return NaN;
  }
  const text = rows.text(i);
  const line = rows.line;
  if (text.trim() === '') problems.add(line, `line ${line}: column ${shown(column)} is empty`);
  else if (looksInfinite(text)) {
    problems.add(
      line,
      `line ${line}: ${shown(text)} is not a finite number in column ${shown(column)}`,
    );
  } else {
    problems.add(line, `line ${line}: ${shown(text)} is not a number in column ${shown(column)}`);
  }
  return NaN;
}

/** The text of field i, or null after adding the problem when it is empty. */
export function labelCell(
  rows: CsvRows,
  i: number,
  column: string,
  problems: ProblemList,
): string | null {
  const text = rows.text(i).trim();
  if (text !== '') return text;
  const line = rows.line;
  problems.add(line, `line ${line}: column ${shown(column)} is empty`);
  return null;
}

/** Space-separated labels (any run of spaces or tabs between them; none is an empty list). */
export function labelListCell(rows: CsvRows, i: number): string[] {
  const text = rows.text(i).trim();
  return text === '' ? [] : text.split(/\s+/);
}

/** An id as a message shows it: bare when plain ('r0042'), quoted otherwise. */
export function idInWords(id: string): string {
  return /^[\w.:-]{1,40}$/.test(id) ? id : shown(id);
}

/** The row has as many fields as the header, or a problem is added. */
export function rowWidthOk(rows: CsvRows, width: number, problems: ProblemList): boolean {
  if (rows.count === width) return true;
  const line = rows.line;
  problems.add(
    line,
    `line ${line}: the row has ${rows.count} field${rows.count === 1 ? '' : 's'} where the header has ${width}`,
  );
  return false;
}
