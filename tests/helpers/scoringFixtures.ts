// Reads the scoring fixtures (tests/fixtures/scoring, made by scikit-learn): each case's key and
// submission aligned by id into the metrics' input, and the rows of each split. The fixtures are
// plain CSV without quotes, so a split on commas reads them; the real submission checker is
// another matter.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { METRIC_INFO, type MetricName } from '../../src/shared/submissions';
import type { MetricInput, MetricOptions } from '../../src/server/domain/submissions/metrics';

export const SCORING_FIXTURES = fileURLToPath(new URL('../fixtures/scoring', import.meta.url));

export type Part = 'all' | 'public' | 'private';

interface Table {
  header: string[];
  rows: string[][];
}

function readCsv(file: string): Table {
  const [head = '', ...lines] = fs.readFileSync(file, 'utf8').split(/\r?\n/).filter(Boolean);
  return { header: head.split(','), rows: lines.map((line) => line.split(',')) };
}

export interface ScoringCase {
  name: string;
  /** Each metric's figures over all rows and each split, as scikit-learn gives them. */
  expected: Partial<Record<MetricName, Record<Part, number>>>;
  /** The rows (in key order) of each part. */
  rows: Record<Part, Int32Array>;
  input(metric: MetricName): MetricInput;
  options: MetricOptions;
}

export function scoringCases(): string[] {
  return fs
    .readdirSync(SCORING_FIXTURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export function loadScoringCase(name: string): ScoringCase {
  const dir = path.join(SCORING_FIXTURES, name);
  const key = readCsv(path.join(dir, 'key.csv'));
  const submission = readCsv(path.join(dir, 'submission.csv'));
  const raw = JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const expected: ScoringCase['expected'] = {};
  for (const [metric, figures] of Object.entries(raw)) {
    if (metric in METRIC_INFO) expected[metric as MetricName] = figures as Record<Part, number>;
  }

  const splitAt = key.header.indexOf('split');
  const targets = key.header.filter((column) => column !== 'id' && column !== 'split');
  const byId = new Map(submission.rows.map((row) => [row[0]!, row]));
  // Submission rows in key order, with the submission's columns in the key's order.
  const aligned = key.rows.map((row) => {
    const found = byId.get(row[0]!);
    if (!found) throw new Error(`${name}: id ${row[0]} is not in the submission`);
    return targets.map((column) => found[submission.header.indexOf(column)]!);
  });
  const truthOf = (row: string[]) => targets.map((column) => row[key.header.indexOf(column)]!);
  const truths = key.rows.map(truthOf);

  const part = (wanted: string | null) =>
    Int32Array.from(
      key.rows.flatMap((row, i) => (wanted === null || row[splitAt] === wanted ? [i] : [])),
    );
  const rows = { all: part(null), public: part('public'), private: part('private') };

  const input = (metric: MetricName): MetricInput => {
    const kind = targets.length > 1 ? 'probabilities' : METRIC_INFO[metric].targets[0]!;
    switch (kind) {
      case 'label': {
        const classes = [...new Set(truths.map((t) => t[0]!))].sort();
        return {
          kind,
          classes,
          truth: Int32Array.from(truths, (t) => classes.indexOf(t[0]!)),
          predicted: Int32Array.from(aligned, (p) => classes.indexOf(p[0]!)),
        };
      }
      case 'probability':
        // The positive class is the greater label, '1', as scikit-learn takes it.
        return {
          kind,
          truth: Uint8Array.from(truths, (t) => (t[0] === '1' ? 1 : 0)),
          predicted: Float64Array.from(aligned, (p) => Number(p[0])),
        };
      case 'probabilities':
        return {
          kind,
          classes: targets,
          truth: Int32Array.from(truths, (t) => t.indexOf('1')),
          predicted: Float64Array.from(aligned.flat(), Number),
        };
      case 'number':
        return {
          kind,
          truth: Float64Array.from(truths, (t) => Number(t[0])),
          predicted: Float64Array.from(aligned, (p) => Number(p[0])),
        };
      case 'label_list': {
        const split = (text: string) => text.split(' ').filter(Boolean);
        return {
          kind,
          truth: truths.map((t) => split(t[0]!)),
          predicted: aligned.map((p) => split(p[0]!)),
        };
      }
    }
  };

  const options: MetricOptions = { positiveLabel: '1' };
  if (typeof raw.k === 'number') options.k = raw.k;
  return { name, expected, rows, input, options };
}
