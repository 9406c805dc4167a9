// The scoring worker's tasks (issue 31): plain data in and out, run by the one WorkerPool
// (platform/workers) off the request thread. `score` reads a key and a submission from disk
// (gzip or not), checks the file against the key and computes both parts' scores; the last key
// read stays in memory under its stamp, so the next job of the same contest skips re-reading a
// million rows. `readKey` checks a key the organiser sends (and that the metric can score it);
// `sample` writes a sample submission from the key's ids. A metric without a value on the rows
// (one class, a constant truth) is a TaskRefusal: its message reaches the member.
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { METRIC_INFO, type MetricName, type MetricTarget } from '../../../../shared/submissions';
import { TaskRefusal } from '../../../platform/workers';
import { checkSubmission, idAt, readAnswerKey, type AnswerKey, type FileProblem } from '../files';
import { MetricError } from '../metrics';
import { partsOf, scoreRows, type Parts } from './score';

export interface KeySpec {
  kind: MetricTarget;
  idColumn: string;
  targetColumns: string[];
  publicFraction: number;
  seed: string;
}

export interface ScoreTaskInput {
  keyPath: string;
  /** Names this version of the key: a kept key is used again only under the same stamp. */
  keyStamp: string;
  key: KeySpec;
  submissionPath: string;
  /** The most bytes either file may unpack to. */
  maxBytes: number;
  metric: MetricName;
  k?: number;
  positiveLabel?: string;
}

export type Refused = { ok: false; problems: FileProblem[]; total: number };

export type ScoreTaskResult =
  { ok: true; publicScore: number; privateScore: number | null; rows: number } | Refused;

export interface KeyTaskInput {
  keyPath: string;
  key: KeySpec;
  maxBytes: number;
  metric: MetricName;
  positiveLabel?: string;
}

export type KeyTaskResult =
  | {
      ok: true;
      rows: number;
      publicCount: number;
      split: 'column' | 'hash';
      targetColumns: string[];
      classes: string[] | null;
    }
  | Refused;

export interface SampleTaskInput {
  keyPath: string;
  key: KeySpec;
  outPath: string;
}

let kept: { stamp: string; key: AnswerKey; parts: Parts } | null = null;

function readKey(path: string, spec: KeySpec, maxBytes: number) {
  return readAnswerKey(fs.readFileSync(path), {
    kind: spec.kind,
    idColumn: spec.idColumn,
    targetColumns: spec.targetColumns,
    publicFraction: spec.publicFraction,
    seed: spec.seed,
    maxBytes,
  });
}

function keyFor(input: ScoreTaskInput): { key: AnswerKey; parts: Parts } {
  const stamp = `${input.keyPath}\n${input.keyStamp}\n${JSON.stringify(input.key)}`;
  if (kept?.stamp === stamp) return kept;
  kept = null;
  const read = readKey(input.keyPath, input.key, input.maxBytes);
  if (!read.ok) {
    throw new TaskRefusal('The answer key can no longer be read: the organiser must replace it');
  }
  kept = { stamp, key: read.key, parts: partsOf(read.key) };
  return kept;
}

function refusalOf(error: unknown): never {
  if (error instanceof MetricError) throw new TaskRefusal(error.message);
  throw error;
}

export function score(input: ScoreTaskInput): ScoreTaskResult {
  const { key, parts } = keyFor(input);
  const checked = checkSubmission(fs.readFileSync(input.submissionPath), key, {
    maxBytes: input.maxBytes,
  });
  if (!checked.ok) return { ok: false, problems: checked.problems, total: checked.total };
  try {
    const scores = scoreRows(key, checked.submission, input, parts);
    return { ok: true, ...scores, rows: key.rows };
  } catch (error) {
    return refusalOf(error);
  }
}

function classesOf(key: AnswerKey): string[] | null {
  const truth = key.truth[0];
  if (!truth || !('classes' in truth)) return null;
  return [...truth.classes];
}

export function checkKey(input: KeyTaskInput): KeyTaskResult {
  const info = METRIC_INFO[input.metric];
  if (!info.targets.includes(input.key.kind)) {
    return {
      ok: false,
      problems: [{ line: null, message: `${info.label} cannot score this key's targets` }],
      total: 1,
    };
  }
  const read = readKey(input.keyPath, input.key, input.maxBytes);
  if (!read.ok) return { ok: false, problems: read.problems, total: read.total };
  const { key } = read;
  const classes = classesOf(key);
  if (info.options.includes('positiveLabel') && classes && input.positiveLabel !== undefined) {
    if (!classes.includes(input.positiveLabel)) {
      return {
        ok: false,
        problems: [
          {
            line: null,
            message: `The positive label '${input.positiveLabel}' is not a class of the key (${classes.slice(0, 10).join(', ')})`,
          },
        ],
        total: 1,
      };
    }
  }
  if (key.publicCount === 0) {
    return {
      ok: false,
      problems: [
        { line: null, message: 'No row of the key is public: the public board needs some' },
      ],
      total: 1,
    };
  }
  return {
    ok: true,
    rows: key.rows,
    publicCount: key.publicCount,
    split: key.split,
    targetColumns: [...key.targetColumns],
    classes,
  };
}

/** A prediction valid for the key's kind, the same on every row (it tells nothing of the key). */
function constantCells(key: AnswerKey): string[] {
  return key.truth.flatMap((truth) => {
    switch (truth.kind) {
      case 'number':
        return ['0'];
      case 'probability':
        return ['0.5'];
      case 'probabilities':
        return truth.columns.map(() => String(1 / truth.columns.length));
      case 'label':
        return [truth.classes[0] ?? ''];
      case 'label_list':
        return [''];
    }
  });
}

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function sample(input: SampleTaskInput): { rows: number } {
  const read = readKey(input.keyPath, input.key, 2 ** 31 - 1);
  if (!read.ok) throw new TaskRefusal('The answer key cannot be read');
  const { key } = read;
  const header = [
    key.idColumn,
    ...key.truth.flatMap((t) => (t.kind === 'probabilities' ? t.columns : [t.column])),
  ];
  const tail = constantCells(key).map(csvCell).join(',');
  const lines = [header.map(csvCell).join(',')];
  for (let row = 0; row < key.rows; row++) lines.push(`${csvCell(idAt(key.ids, row))},${tail}`);
  fs.writeFileSync(input.outPath, gzipSync(Buffer.from(`${lines.join('\n')}\n`)));
  return { rows: key.rows };
}
