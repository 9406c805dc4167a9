// The organiser's answer key read into compact columns: ids in the key's order, the truth of each
// target column, and which rows are public. A key with problems is refused with all of them (the
// first 100 and a count), each with its line: 'line 17: id 4411 appears twice (first on line 9)'.
import { Buffer } from 'node:buffer';
import { classLookup, sortClasses } from './classes';
import { idInWords, labelCell, labelListCell, numberCell, rowWidthOk } from './cells';
import { type CsvRows } from './csv';
import { type Growing, growingFloat64, growingInt32, growingUint8 } from './growing';
import { findColumns } from './header';
import { IdIndexBuilder } from './idIndex';
import { openCsv } from './open';
import { type ProblemList, refuse, shown } from './problems';
import { isPublicId, splitKey } from './splitHash';
import type { AnswerKeyOptions, AnswerKeyResult, TargetKind, TruthColumn } from './types';

/** What the reading gathers for one target column before it becomes compact. */
type Gathering =
  | { kind: 'number' | 'probability'; column: string; at: number; values: Growing<Float64Array> }
  | {
      kind: 'label';
      column: string;
      at: number;
      codes: Growing<Int32Array>;
      seen: Map<string, number>;
    }
  | { kind: 'probabilities'; columns: string[]; at: number[]; codes: Growing<Int32Array> }
  | { kind: 'label_list'; column: string; at: number; lists: string[][] };

function gathering(
  kind: TargetKind,
  columns: readonly string[],
  at: readonly number[],
): Gathering[] {
  if (kind === 'probabilities') {
    return [{ kind, columns: [...columns], at: [...at], codes: growingInt32() }];
  }
  return columns.map((column, i) => {
    const index = at[i] ?? -1;
    if (kind === 'label') {
      return { kind, column, at: index, codes: growingInt32(), seen: new Map() };
    }
    if (kind === 'label_list') return { kind, column, at: index, lists: [] };
    return { kind, column, at: index, values: growingFloat64() };
  });
}

function readTruth(rows: CsvRows, g: Gathering, problems: ProblemList): void {
  const line = rows.line;
  switch (g.kind) {
    case 'number':
      g.values.push(numberCell(rows, g.at, g.column, problems));
      return;
    case 'probability': {
      const v = numberCell(rows, g.at, g.column, problems);
      if (v !== 0 && v !== 1 && !Number.isNaN(v)) {
        problems.add(
          line,
          `line ${line}: column ${shown(g.column)} must hold 0 or 1 in the answer key, not ${shown(rows.text(g.at))}`,
        );
      }
      g.values.push(v);
      return;
    }
    case 'label': {
      const label = labelCell(rows, g.at, g.column, problems) ?? '';
      let code = g.seen.get(label);
      if (code === undefined) {
        code = g.seen.size;
        g.seen.set(label, code);
      }
      g.codes.push(code);
      return;
    }
    case 'probabilities': {
      let ones = 0;
      let truth = -1;
      let bad = false;
      for (let c = 0; c < g.at.length; c++) {
        const column = g.columns[c] ?? '';
        const v = numberCell(rows, g.at[c] ?? -1, column, problems);
        if (Number.isNaN(v)) bad = true;
        else if (v === 1) {
          ones++;
          truth = c;
        } else if (v !== 0) {
          bad = true;
          problems.add(
            line,
            `line ${line}: column ${shown(column)} must hold 0 or 1 in the answer key (one 1 per row), not ${shown(rows.text(g.at[c] ?? -1))}`,
          );
        }
      }
      if (!bad && ones !== 1) {
        problems.add(
          line,
          `line ${line}: the class columns must hold exactly one 1 (the row's class); this row has ${ones}`,
        );
      }
      g.codes.push(truth);
      return;
    }
    case 'label_list':
      g.lists.push(labelListCell(rows, g.at));
      return;
  }
}

function compact(g: Gathering): TruthColumn {
  switch (g.kind) {
    case 'number':
    case 'probability':
      return { kind: g.kind, column: g.column, values: g.values.finish() };
    case 'label': {
      const classes = sortClasses([...g.seen.keys()]);
      const codeOf = classLookup(classes);
      const remap = new Int32Array(g.seen.size);
      for (const [label, firstCode] of g.seen) remap[firstCode] = codeOf(label);
      const codes = g.codes.finish();
      for (let i = 0; i < codes.length; i++) codes[i] = remap[codes[i] ?? 0] ?? 0;
      return { kind: 'label', column: g.column, codes, classes };
    }
    case 'probabilities':
      return {
        kind: 'probabilities',
        columns: g.columns,
        codes: g.codes.finish(),
        classes: g.columns,
      };
    case 'label_list':
      return { kind: 'label_list', column: g.column, lists: g.lists };
  }
}

/** How many LF bytes the text holds: at most one row per line, so an upper bound on the rows. */
function lineBreaksIn(bytes: Uint8Array, start: number): number {
  let count = 0;
  for (let at = bytes.indexOf(0x0a, start); at !== -1; at = bytes.indexOf(0x0a, at + 1)) count++;
  return count + 1;
}

export function readAnswerKey(raw: Uint8Array, options: AnswerKeyOptions): AnswerKeyResult {
  const idColumn = options.idColumn ?? 'id';
  const splitColumn = options.splitColumn ?? 'split';
  const fraction = options.publicFraction ?? 0.3;
  if (!(fraction >= 0 && fraction <= 1))
    throw new RangeError('publicFraction must be within [0, 1]');

  const opened = openCsv(raw, options, options.maxProblems);
  if (!opened.ok) return opened;
  const { rows, header, problems } = opened;
  const targetColumns =
    options.targetColumns && options.targetColumns.length > 0
      ? [...options.targetColumns]
      : options.kind === 'probabilities'
        ? header.names.filter((name) => name !== idColumn && name !== splitColumn)
        : ['target'];
  if (targetColumns.includes(idColumn)) {
    return refuse(`The id column ${shown(idColumn)} cannot also be a target column`);
  }
  if (options.kind === 'probabilities' && targetColumns.length < 2) {
    return refuse(
      'line 1: multi-class probabilities need one column per class in the answer key (at least 2 besides the id and split columns)',
      1,
    );
  }
  const at = findColumns(header, [idColumn, ...targetColumns], problems);
  if (!at) return problems.refusal();
  const idAt = at[0] ?? 0;
  const splitAt = header.names.indexOf(splitColumn);
  if (splitAt !== -1 && header.names.indexOf(splitColumn, splitAt + 1) !== -1) {
    return refuse(`line 1: the header names column ${shown(splitColumn)} twice`, 1);
  }
  if (splitAt === -1 && options.seed === undefined) {
    throw new Error('readAnswerKey: a seed is needed to split a key without a split column');
  }
  const hashKey = splitAt === -1 ? splitKey(options.seed ?? '') : null;

  const targets = gathering(options.kind, targetColumns, at.slice(1));
  const ids = new IdIndexBuilder(lineBreaksIn(opened.bytes, opened.start));
  const lineOf = growingFloat64();
  const isPublic = growingUint8();
  const width = header.names.length;
  const bytes = opened.bytes;

  while (rows.next()) {
    if (!rowWidthOk(rows, width, problems)) continue;
    const line = rows.line;
    // an id with doubled quotes ("") is looked up by its text's bytes, any other by its own
    const escaped = rows.hasEscapes(idAt);
    const idBytes = escaped ? Buffer.from(rows.text(idAt), 'utf8') : bytes;
    const from = escaped ? 0 : rows.start(idAt);
    const to = escaped ? idBytes.length : rows.end(idAt);
    if (from === to) {
      problems.add(line, `line ${line}: the id is empty`);
      continue;
    }
    const first = ids.add(idBytes, from, to);
    if (first !== -1) {
      if (problems.wantsMore) {
        const id = idInWords(rows.text(idAt));
        problems.add(
          line,
          `line ${line}: id ${id} appears twice (first on line ${lineOf.at(first)})`,
        );
      } else problems.count();
      continue;
    }
    lineOf.push(line);
    for (const g of targets) readTruth(rows, g, problems);
    if (hashKey) {
      isPublic.push(isPublicId(hashKey, fraction, idBytes, from, to) ? 1 : 0);
    } else {
      const side = rows.text(splitAt).trim().toLowerCase();
      if (side !== 'public' && side !== 'private') {
        problems.add(
          line,
          `line ${line}: column ${shown(splitColumn)} must say "public" or "private", not ${shown(rows.text(splitAt))}`,
        );
      }
      isPublic.push(side === 'public' ? 1 : 0);
    }
  }
  if (rows.stop) problems.add(rows.stop.line, rows.stop.message);
  if (problems.total === 0 && ids.rows === 0) {
    return refuse('The answer key has a header but no rows');
  }
  if (problems.total > 0) return problems.refusal();

  const publicMask = isPublic.finish();
  let publicCount = 0;
  for (const v of publicMask) publicCount += v;
  return {
    ok: true,
    key: {
      kind: options.kind,
      idColumn,
      targetColumns,
      rows: ids.rows,
      ids: ids.finish(),
      truth: targets.map(compact),
      publicMask,
      publicCount,
      split: hashKey ? 'hash' : 'column',
    },
  };
}
