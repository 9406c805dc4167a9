// The scoring worker's tasks (worker.ts serves them): plain data in and out, files read from
// disk inside the worker, so the server's thread never holds a key or a submission. A file's
// problems come back as data; a metric with no value fails the job with its member-readable
// message (TaskRefusal); anything else is a bug and crashes the job.
import { METRIC_INFO, type MetricName } from '../../../../shared/submissions';
import { checkSubmission, type FileProblem } from '../files';
import { MetricError } from '../metrics';
import { cachedKey, type KeySpec, readFileWithin, readKeyFile } from './disk';
import { classesOf, keyProblems } from './keyCheck';
import { writeSample } from './sample';
import { scoreRows } from './score';
import { TaskRefusal } from '../../../platform/workers';

export type { KeySpec };

export interface ScoreTaskInput {
  keyPath: string;
  /** changes whenever the key file is replaced (its upload time or hash) */
  keyStamp: string;
  key: KeySpec;
  submissionPath: string;
  /** the submission's size limit, unpacked */
  maxBytes: number;
  metric: MetricName;
  k?: number;
  positiveLabel?: string;
}

type Refused = { ok: false; problems: FileProblem[]; total: number };

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
  /** map_at_k: how many labels each row guesses (default 1) */
  k?: number;
}

function refused(problems: FileProblem[]): Refused {
  return { ok: false, problems, total: problems.length };
}

export function score(input: ScoreTaskInput): ScoreTaskResult {
  const key = cachedKey(input.keyPath, input.keyStamp, input.key);
  const raw = readFileWithin(input.submissionPath, input.maxBytes);
  if (!(raw instanceof Uint8Array)) return raw;
  const checked = checkSubmission(raw, key, { maxBytes: input.maxBytes });
  if (!checked.ok) return { ok: false, problems: checked.problems, total: checked.total };
  try {
    const scores = scoreRows(key, checked.submission, input);
    return { ok: true, ...scores, rows: key.rows };
  } catch (error) {
    if (error instanceof MetricError) throw new TaskRefusal(error.message);
    throw error;
  }
}

export function readKey(input: KeyTaskInput): KeyTaskResult {
  const info = METRIC_INFO[input.metric];
  if (!info.targets.includes(input.key.kind)) {
    return refused([
      {
        line: null,
        message: `${info.label} cannot score a target of kind '${input.key.kind}' (it scores ${info.targets.join(' or ')})`,
      },
    ]);
  }
  const result = readKeyFile(input.keyPath, input.key, input.maxBytes);
  if (!result.ok) return { ok: false, problems: result.problems, total: result.total };
  const key = result.key;
  const problems = keyProblems(key, input.metric, input.positiveLabel);
  if (problems.length > 0) return refused(problems);
  return {
    ok: true,
    rows: key.rows,
    publicCount: key.publicCount,
    split: key.split,
    targetColumns: [...key.targetColumns],
    classes: classesOf(key),
  };
}

export async function sample(input: SampleTaskInput): Promise<{ rows: number }> {
  // the key is the current one: no stamp to trust, so it is read afresh
  const result = readKeyFile(input.keyPath, input.key, Number.MAX_SAFE_INTEGER);
  if (!result.ok) {
    throw new TaskRefusal(
      `The answer key does not read: ${result.problems[0]?.message ?? 'unknown problem'}`,
    );
  }
  await writeSample(result.key, input.outPath, input.k);
  return { rows: result.key.rows };
}
