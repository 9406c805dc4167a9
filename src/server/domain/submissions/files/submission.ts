// A member's submission checked against the answer key before it counts: the header names the id
// column and the key's target columns; every id of the key appears exactly once; each value is
// what its column needs. All problems are listed at once (the first 100 and a count), in words a
// member can act on; a file that passes becomes predictions aligned to the key's rows.
// Nothing here tells a member which rows are public or private: the messages speak of ids and
// values only, and a label outside the key's classes is refused without listing the classes.
import { classLookup } from './classes';
import { idInWords, labelCell, labelListCell, numberCell, rowWidthOk } from './cells';
import { type CsvRows } from './csv';
import { findColumns } from './header';
import { findId, findIdText, idAt } from './idIndex';
import { openCsv } from './open';
import { type ProblemList, shown } from './problems';
import type {
  AnswerKey,
  PredictionColumn,
  SubmissionOptions,
  SubmissionResult,
  TruthColumn,
} from './types';

/** Where one target column's predictions go while the rows are read. */
type Filling =
  | { kind: 'number' | 'probability'; column: string; at: number; values: Float64Array }
  | {
      kind: 'label';
      column: string;
      at: number;
      codes: Int32Array;
      classes: readonly string[];
      codeOf: (label: string) => number;
    }
  | {
      kind: 'probabilities';
      columns: readonly string[];
      at: number[];
      values: Float64Array;
      classes: readonly string[];
    }
  | { kind: 'label_list'; column: string; at: number; lists: string[][] };

/** The submission's columns each truth column needs. */
function columnsOf(truth: TruthColumn): readonly string[] {
  return truth.kind === 'probabilities' ? truth.columns : [truth.column];
}

function filling(truth: TruthColumn, at: number[], rows: number): Filling {
  switch (truth.kind) {
    case 'number':
    case 'probability':
      return {
        kind: truth.kind,
        column: truth.column,
        at: at[0] ?? -1,
        values: new Float64Array(rows),
      };
    case 'label':
      return {
        kind: 'label',
        column: truth.column,
        at: at[0] ?? -1,
        codes: new Int32Array(rows),
        classes: truth.classes,
        codeOf: classLookup(truth.classes),
      };
    case 'probabilities':
      return {
        kind: 'probabilities',
        columns: truth.columns,
        at,
        values: new Float64Array(rows * truth.classes.length),
        classes: truth.classes,
      };
    case 'label_list':
      return {
        kind: 'label_list',
        column: truth.column,
        at: at[0] ?? -1,
        lists: new Array<string[]>(rows),
      };
  }
}

function fill(
  rows: CsvRows,
  f: Filling,
  row: number,
  problems: ProblemList,
  sumTolerance: number,
): void {
  const line = rows.line;
  switch (f.kind) {
    case 'number':
      f.values[row] = numberCell(rows, f.at, f.column, problems);
      return;
    case 'probability': {
      const p = numberCell(rows, f.at, f.column, problems);
      if (p < 0 || p > 1) {
        problems.add(
          line,
          `line ${line}: ${shown(rows.text(f.at))} in column ${shown(f.column)} is not a probability (it must be within 0 and 1)`,
        );
      }
      f.values[row] = p;
      return;
    }
    case 'label': {
      const label = labelCell(rows, f.at, f.column, problems);
      if (label === null) return;
      const code = f.codeOf(label);
      if (code === -1) {
        problems.add(
          line,
          `line ${line}: ${shown(label)} in column ${shown(f.column)} is not a class of this contest`,
        );
      }
      f.codes[row] = code;
      return;
    }
    case 'probabilities': {
      const width = f.classes.length;
      let sum = 0;
      let allNumbers = true;
      for (let c = 0; c < width; c++) {
        const column = f.columns[c] ?? '';
        const at = f.at[c] ?? -1;
        const p = numberCell(rows, at, column, problems);
        if (Number.isNaN(p)) allNumbers = false;
        else if (p < 0 || p > 1) {
          allNumbers = false;
          problems.add(
            line,
            `line ${line}: ${shown(rows.text(at))} in column ${shown(column)} is not a probability (it must be within 0 and 1)`,
          );
        }
        f.values[row * width + c] = p;
        sum += p;
      }
      if (allNumbers && Math.abs(sum - 1) > sumTolerance) {
        problems.add(
          line,
          `line ${line}: the probabilities of this row sum to ${Number(sum.toFixed(6))}, not 1 (within ${sumTolerance})`,
        );
      }
      return;
    }
    case 'label_list':
      f.lists[row] = labelListCell(rows, f.at);
      return;
  }
}

function prediction(f: Filling): PredictionColumn {
  switch (f.kind) {
    case 'number':
    case 'probability':
      return { kind: f.kind, column: f.column, values: f.values };
    case 'label':
      return { kind: 'label', column: f.column, codes: f.codes, classes: f.classes };
    case 'probabilities':
      return { kind: 'probabilities', columns: f.columns, values: f.values, classes: f.classes };
    case 'label_list':
      return { kind: 'label_list', column: f.column, lists: f.lists };
  }
}

export function checkSubmission(
  raw: Uint8Array,
  key: AnswerKey,
  options: SubmissionOptions,
): SubmissionResult {
  const sumTolerance = options.sumTolerance ?? 1e-3;
  const opened = openCsv(raw, options, options.maxProblems);
  if (!opened.ok) return opened;
  const { rows, header, problems } = opened;
  const wanted = [key.idColumn, ...key.truth.flatMap(columnsOf)];
  const at = findColumns(header, wanted, problems);
  if (!at) return problems.refusal();
  const idColumnAt = at[0] ?? 0;
  const n = key.rows;
  let next = 1;
  const fillings = key.truth.map((truth) => {
    const width = columnsOf(truth).length;
    const f = filling(truth, at.slice(next, next + width), n);
    next += width;
    return f;
  });

  // lineOf[row]: the line the key's row appeared on in this file, 0 while not seen
  const lineOf = new Float64Array(n);
  const width = header.names.length;
  while (rows.next()) {
    if (!rowWidthOk(rows, width, problems)) continue;
    const line = rows.line;
    const row = rows.hasEscapes(idColumnAt)
      ? findIdText(key.ids, rows.text(idColumnAt))
      : findId(key.ids, rows.source, rows.start(idColumnAt), rows.end(idColumnAt));
    if (row === -1) {
      const id = rows.text(idColumnAt);
      if (!problems.wantsMore) problems.count();
      else if (id.trim() === '') problems.add(line, `line ${line}: the id is empty`);
      else problems.add(line, `line ${line}: id ${idInWords(id)} is not one of this contest's ids`);
      continue;
    }
    const first = lineOf[row] ?? 0;
    if (first !== 0) {
      if (!problems.wantsMore) problems.count();
      else {
        const id = idInWords(rows.text(idColumnAt));
        problems.add(line, `line ${line}: id ${id} appears twice (first on line ${first})`);
      }
      continue;
    }
    lineOf[row] = line;
    for (const f of fillings) fill(rows, f, row, problems, sumTolerance);
  }
  if (rows.stop) {
    // the rest of the file could not be read: its ids are not missing, only unread
    problems.add(rows.stop.line, rows.stop.message);
    return problems.refusal();
  }
  for (let row = 0; row < n; row++) {
    if (lineOf[row] !== 0) continue;
    if (!problems.wantsMore) problems.count();
    else problems.add(null, `id ${idInWords(idAt(key.ids, row))} is missing`);
  }
  if (problems.total > 0) return problems.refusal();
  return { ok: true, submission: { predictions: fillings.map(prediction), rows: n } };
}
