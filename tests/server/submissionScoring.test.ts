// Scoring submissions (issue 31, scoring/): every fixture case and metric read by the real file
// readers and scored on its public and private rows agrees with scikit-learn to 1e-9, and the
// worker's tasks (score, readKey, sample) answer through a real WorkerPool on the source entry.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnswerKey,
  type AnswerKeyOptions,
  checkSubmission,
  readAnswerKey,
  type Submission,
} from '../../src/server/domain/submissions/files';
import { MetricError } from '../../src/server/domain/submissions/metrics';
import {
  type KeySpec,
  type KeyTaskInput,
  type KeyTaskResult,
  metricInputOf,
  SCORING_WORKER_ENTRY,
  type ScoreTaskInput,
  type ScoreTaskResult,
  scoreRows,
} from '../../src/server/domain/submissions/scoring';
import { WorkerJobError, WorkerPool } from '../../src/server/platform/workers';
import { METRIC_INFO, METRICS, type MetricName } from '../../src/shared/submissions';
import { SCORING_FIXTURES, scoringCases } from '../helpers/scoringFixtures';

const MB = 2 ** 20;

type Figures = Record<'all' | 'public' | 'private', number>;

function expectRelative(actual: number | null, expected: number): void {
  expect(actual).not.toBeNull();
  const scale = Math.max(Math.abs(expected), Number.MIN_VALUE);
  expect(Math.abs(actual! - expected) / scale, `${actual} vs ${expected}`).toBeLessThanOrEqual(
    1e-9,
  );
}

function fixtureFile(name: string, file: 'key.csv' | 'submission.csv'): string {
  return path.join(SCORING_FIXTURES, name, file);
}

function expectedOf(name: string): { k?: number } & Partial<Record<MetricName, Figures>> {
  return JSON.parse(fs.readFileSync(path.join(SCORING_FIXTURES, name, 'expected.json'), 'utf8'));
}

/** The kind the fixture's key is read as for this metric. */
function kindFor(name: string, metric: MetricName) {
  return name === 'multiclass_proba' ? 'probabilities' : METRIC_INFO[metric].targets[0]!;
}

function keyOf(bytes: Uint8Array, options: Partial<AnswerKeyOptions> = {}): AnswerKey {
  const result = readAnswerKey(bytes, { kind: 'label', seed: 's', maxBytes: 20 * MB, ...options });
  if (!result.ok) throw new Error(`key refused: ${JSON.stringify(result.problems)}`);
  return result.key;
}

function submissionOf(bytes: Uint8Array, key: AnswerKey): Submission {
  const result = checkSubmission(bytes, key, { maxBytes: 20 * MB });
  if (!result.ok) throw new Error(`submission refused: ${JSON.stringify(result.problems)}`);
  return result.submission;
}

const csv = (...lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);

describe('scoreRows on the scoring fixtures (scikit-learn 1.2)', () => {
  const covered = new Set<MetricName>();
  for (const name of scoringCases()) {
    const expected = expectedOf(name);
    for (const metric of METRICS) {
      const figures = expected[metric];
      if (!figures) continue;
      covered.add(metric);
      it(`${name}: ${metric}, public and private`, () => {
        const key = keyOf(fs.readFileSync(fixtureFile(name, 'key.csv')), {
          kind: kindFor(name, metric),
          targetColumns: name === 'multiclass_proba' ? [] : ['target'],
        });
        const submission = submissionOf(fs.readFileSync(fixtureFile(name, 'submission.csv')), key);
        const scores = scoreRows(key, submission, {
          metric,
          positiveLabel: '1',
          ...(expected.k === undefined ? {} : { k: expected.k }),
        });
        expectRelative(scores.publicScore, figures.public);
        expectRelative(scores.privateScore, figures.private);
      });
    }
  }
  it('cover every metric', () => {
    expect([...covered].sort()).toEqual([...METRICS].sort());
  });
});

describe('scoreRows and metricInputOf', () => {
  it('gives no private score for a key that is all public', () => {
    const key = keyOf(csv('id,target,split', 'a,1,public', 'b,2,public', 'c,4,public'), {
      kind: 'number',
    });
    const submission = submissionOf(csv('id,target', 'c,4', 'a,1', 'b,3'), key);
    const scores = scoreRows(key, submission, { metric: 'mae' });
    expect(scores).toEqual({ publicScore: 1 / 3, privateScore: null });
  });

  it('refuses a key with no public rows, in words', () => {
    const key = keyOf(csv('id,target,split', 'a,1,private', 'b,2,private'), { kind: 'number' });
    const submission = submissionOf(csv('id,target', 'a,1', 'b,2'), key);
    let caught: unknown;
    try {
      scoreRows(key, submission, { metric: 'rmse' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MetricError);
    expect((caught as MetricError).code).toBe('empty');
    expect((caught as MetricError).message).toMatch(/no public rows/);
  });

  it('scores exact_match over every target column, with each column its own classes', () => {
    const key = keyOf(
      csv(
        'id,colour,size,split',
        'a,red,1,public',
        'b,blue,2,public',
        'c,red,10,private',
        'd,blue,2,private',
      ),
      { targetColumns: ['colour', 'size'] },
    );
    // '2.0' is class '2' of a numeric column
    const submission = submissionOf(
      csv('id,size,colour', 'a,1,red', 'b,2.0,red', 'c,10,red', 'd,2,blue'),
      key,
    );
    const input = metricInputOf(key, submission, 'exact_match');
    expect(input.kind === 'label' && input.columns).toBe(2);
    expect(scoreRows(key, submission, { metric: 'exact_match' })).toEqual({
      publicScore: 0.5,
      privateScore: 1,
    });
    // a metric of one column refuses two
    expect(() => scoreRows(key, submission, { metric: 'accuracy' })).toThrow(
      /scores one target column; this answer key has 2/,
    );
  });

  it('finds a numeric positive label however it is written', () => {
    const key = keyOf(csv('id,target,split', 'a,0,public', 'b,1,public', 'c,1,private'));
    const submission = submissionOf(csv('id,target', 'a,1', 'b,1', 'c,1'), key);
    const scores = scoreRows(key, submission, { metric: 'f1_binary', positiveLabel: '1.0' });
    expect(scores).toEqual({ publicScore: 2 / 3, privateScore: 1 });
  });

  it('refuses a metric of another kind of target', () => {
    const key = keyOf(csv('id,target,split', 'a,x,public'));
    const submission = submissionOf(csv('id,target', 'a,x'), key);
    expect(() => scoreRows(key, submission, { metric: 'rmse' })).toThrow(MetricError);
  });
});

describe('the scoring worker', () => {
  let pool: WorkerPool;
  let dir: string;
  const file = (name: string, content: string | Uint8Array): string => {
    const at = path.join(dir, name);
    fs.writeFileSync(at, content);
    return at;
  };
  const spec = (kind: KeySpec['kind'], more: Partial<KeySpec> = {}): KeySpec => ({
    kind,
    idColumn: 'id',
    targetColumns: kind === 'probabilities' ? [] : ['target'],
    publicFraction: 0.3,
    seed: 'contest seed',
    ...more,
  });
  const score = (input: Partial<ScoreTaskInput> & Pick<ScoreTaskInput, 'metric' | 'key'>) =>
    pool.run<ScoreTaskResult>('score', {
      keyPath: fixtureFile('binary_proba', 'key.csv'),
      keyStamp: '1',
      submissionPath: fixtureFile('binary_proba', 'submission.csv'),
      maxBytes: 20 * MB,
      ...input,
    });
  const readKey = (input: Partial<KeyTaskInput> & Pick<KeyTaskInput, 'metric' | 'key'>) =>
    pool.run<KeyTaskResult>('readKey', {
      keyPath: fixtureFile('binary_labels', 'key.csv'),
      maxBytes: 20 * MB,
      ...input,
    });

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoring-'));
    pool = new WorkerPool({
      entry: SCORING_WORKER_ENTRY,
      size: 1,
      timeoutMs: 20_000,
      memoryMb: 256,
    });
  });
  afterAll(async () => {
    await pool.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is found beside the scoring module when running from source', () => {
    expect(SCORING_WORKER_ENTRY).toMatch(/scoring[/\\]worker\.ts$/);
    expect(fs.existsSync(SCORING_WORKER_ENTRY)).toBe(true);
  });

  it('scores a submission, gzip or not, with both parts', async () => {
    const expected = expectedOf('binary_proba').roc_auc!;
    const plain = await score({ metric: 'roc_auc', key: spec('probability') });
    const gz = file(
      'submission.csv.gz',
      gzipSync(fs.readFileSync(fixtureFile('binary_proba', 'submission.csv'))),
    );
    const packed = await score({ metric: 'roc_auc', key: spec('probability'), submissionPath: gz });
    for (const result of [plain, packed]) {
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      expectRelative(result.publicScore, expected.public);
      expectRelative(result.privateScore, expected.private);
      expect(result.rows).toBeGreaterThan(1000);
    }
  });

  it('keeps the key read for the next job of the same stamp, and reads a new stamp afresh', async () => {
    const keyPath = file('key.csv', 'id,target,split\na,1,public\nb,2,private\n');
    const submissionPath = file('sub.csv', 'id,target\na,1\nb,1\n');
    const job = (keyStamp: string) =>
      score({ metric: 'mae', key: spec('number'), keyPath, keyStamp, submissionPath });
    expect(await job('v1')).toEqual({ ok: true, publicScore: 0, privateScore: 1, rows: 2 });
    // the file changes under the same stamp: the kept key still answers
    file('key.csv', 'id,target,split\na,3,public\nb,2,private\n');
    expect(await job('v1')).toMatchObject({ publicScore: 0 });
    expect(await job('v2')).toMatchObject({ publicScore: 2, privateScore: 1 });
  });

  it("refuses a submission with its problems' lines", async () => {
    const submissionPath = file(
      'bad.csv',
      'id,target\nr017034,0.5\nr017034,0.5\nr039063,1.5\nnope,0.1\n',
    );
    const result = await score({ metric: 'logloss', key: spec('probability'), submissionPath });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const lines = result.problems.map((p) => p.line);
    expect(lines.slice(0, 3)).toEqual([3, 4, 5]);
    expect(result.problems[0]!.message).toMatch(/line 3: id r017034 appears twice/);
    expect(result.problems.at(-1)!.message).toMatch(/is missing/);
    expect(result.total).toBeGreaterThan(1000);
  });

  it('refuses a file over the size limit before reading it', async () => {
    const result = await score({ metric: 'logloss', key: spec('probability'), maxBytes: 1000 });
    expect(result).toMatchObject({ ok: false, total: 1 });
    expect(!result.ok && result.problems[0]!.message).toMatch(/larger than 1000 bytes/);
  });

  it("fails a job with the metric's own words when it has no value", async () => {
    const submission = fs
      .readFileSync(fixtureFile('ordinal', 'submission.csv'), 'utf8')
      .replace(/,0\r?\n/, ',2.5\n');
    const error = await score({
      metric: 'quadratic_weighted_kappa',
      key: spec('number'),
      keyPath: fixtureFile('ordinal', 'key.csv'),
      keyStamp: 'ordinal',
      submissionPath: file('ordinal.csv', submission),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerJobError);
    expect((error as WorkerJobError).failure).toBe('failed');
    expect((error as WorkerJobError).message).toBe(
      'Quadratic weighted kappa needs whole-number ratings',
    );
  });

  it("reads an organiser's key into its summary", async () => {
    expect(
      await readKey({ metric: 'f1_binary', key: spec('label'), positiveLabel: '1' }),
    ).toMatchObject({
      ok: true,
      split: 'column',
      targetColumns: ['target'],
      classes: ['0', '1'],
    });
    const multi = await readKey({
      metric: 'logloss',
      key: spec('probabilities'),
      keyPath: fixtureFile('multiclass_proba', 'key.csv'),
    });
    expect(multi).toMatchObject({
      ok: true,
      targetColumns: ['bird', 'cat', 'dog', 'fish'],
      classes: ['bird', 'cat', 'dog', 'fish'],
    });
    // without a split column, the seed's hash decides, near the public fraction
    const keyPath = file(
      'hashed.csv',
      `id,target\n${Array.from({ length: 1000 }, (_, i) => `r${i},${i % 7}.5`).join('\n')}\n`,
    );
    const hashed = await readKey({ metric: 'rmse', key: spec('number'), keyPath });
    expect(hashed).toMatchObject({ ok: true, rows: 1000, split: 'hash', classes: null });
    if (hashed.ok) expect(hashed.publicCount).toBeGreaterThan(240);
    if (hashed.ok) expect(hashed.publicCount).toBeLessThan(360);
  });

  it('refuses a key the metric cannot score, saying why', async () => {
    const message = async (input: Parameters<typeof readKey>[0]) => {
      const result = await readKey(input);
      expect(result.ok).toBe(false);
      return result.ok ? '' : result.problems.map((p) => p.message).join(' | ');
    };
    expect(await message({ metric: 'rmse', key: spec('label') })).toMatch(
      /RMSE cannot score a target of kind 'label'/,
    );
    expect(
      await message({ metric: 'f1_binary', key: spec('label'), positiveLabel: 'yes' }),
    ).toMatch(/positive label "yes" is not one of the answer key's classes \("0", "1"\)/);
    expect(await message({ metric: 'f1_binary', key: spec('label') })).toMatch(
      /needs the positive label/,
    );
    const constant = file('constant.csv', 'id,target,split\na,1,public\nb,2,public\nc,5,private\n');
    expect(await message({ metric: 'r2', key: spec('number'), keyPath: constant })).toMatch(
      /R² has no value on the private rows/,
    );
    const hidden = file('hidden.csv', 'id,target,split\na,1,private\nb,2,private\n');
    expect(await message({ metric: 'rmse', key: spec('number'), keyPath: hidden })).toMatch(
      /No row of the answer key is public/,
    );
    const twice = file('twice.csv', 'id,target,split\na,1,public\na,2,private\n');
    const result = await readKey({ metric: 'rmse', key: spec('number'), keyPath: twice });
    expect(result).toMatchObject({
      ok: false,
      problems: [{ line: 3, message: 'line 3: id a appears twice (first on line 2)' }],
    });
  });

  it('writes a sample submission that passes the checker and scores', async () => {
    const cases: [string, MetricName, KeySpec, number?][] = [
      ['binary_proba', 'roc_auc', spec('probability')],
      ['multiclass_proba', 'logloss', spec('probabilities')],
      ['multiclass_labels', 'f1_macro', spec('label')],
      ['regression', 'rmse', spec('number')],
      ['ordinal', 'quadratic_weighted_kappa', spec('number')],
      ['ranking', 'map_at_k', spec('label_list'), 5],
    ];
    for (const [name, metric, key, k] of cases) {
      const outPath = path.join(dir, `${name}-sample.csv.gz`);
      const keyPath = fixtureFile(name, 'key.csv');
      const written = await pool.run<{ rows: number }>('sample', { keyPath, key, outPath, k });
      const text = gunzipSync(fs.readFileSync(outPath)).toString('utf8');
      const lines = text.trimEnd().split('\n');
      expect(lines.length - 1).toBe(written.rows);
      if (name === 'ranking') expect(lines[1]!.split(',')[1]!.split(' ')).toHaveLength(5);
      const result = await score({
        metric,
        key,
        keyPath,
        keyStamp: name,
        submissionPath: outPath,
        ...(k === undefined ? {} : { k }),
      });
      expect(result.ok, `${name}: ${JSON.stringify(result)}`).toBe(true);
    }
  });
});
