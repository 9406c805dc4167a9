// The key and submission files as the scoring worker reads them from disk, and the last key read
// kept in memory: the jobs of one contest come one after another, and a million-row key takes
// about a second to read again.
import fs from 'node:fs';
import { TaskRefusal } from '../../../platform/workers';
import type { MetricTarget } from '../../../../shared/submissions';
import {
  bytesInWords,
  type AnswerKey,
  type AnswerKeyResult,
  type FileRefusal,
  MAX_UNPACKED_BYTES,
  readAnswerKey,
} from '../files';

/** How an answer key is read: the evaluation settings of its contest. */
export interface KeySpec {
  kind: MetricTarget;
  idColumn: string;
  /** empty for 'probabilities': every column but the id and split columns is a class */
  targetColumns: string[];
  publicFraction: number;
  seed: string;
}

/**
 * The file's bytes, or a refusal when it is too large to hold `maxBytes` once unpacked (gzip can
 * grow incompressible data by a few bytes per 16 KB block, hence the margin), before any byte is
 * read: readInput refuses it anyway, but only after reading it all.
 */
export function readFileWithin(file: string, maxBytes: number): Uint8Array | FileRefusal {
  const cap = Math.min(maxBytes, MAX_UNPACKED_BYTES);
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (error) {
    // PRIVATE_DIR lost the file (a restore without it, a volume not shared): the person is told.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new TaskRefusal('A stored file is missing on the server: upload it again');
    }
    throw error;
  }
  if (size > cap + Math.ceil(cap / 1000) + 1024) {
    const message = `The file is larger than ${bytesInWords(cap)}, the limit for this contest`;
    return { ok: false, problems: [{ line: null, message }], total: 1 };
  }
  return fs.readFileSync(file);
}

export function readKeyFile(file: string, spec: KeySpec, maxBytes: number): AnswerKeyResult {
  const raw = readFileWithin(file, maxBytes);
  if (!(raw instanceof Uint8Array)) return raw;
  return readAnswerKey(raw, {
    kind: spec.kind,
    idColumn: spec.idColumn,
    targetColumns: spec.targetColumns,
    publicFraction: spec.publicFraction,
    seed: spec.seed,
    maxBytes,
  });
}

let last: { id: string; key: AnswerKey } | null = null;

/**
 * A key the organiser's upload already passed (readKey), read once per file version: `stamp`
 * changes when the file is replaced, and the spec is part of the identity since the seed and the
 * public fraction decide the split.
 */
export function cachedKey(file: string, stamp: string, spec: KeySpec): AnswerKey {
  const id = JSON.stringify([
    file,
    stamp,
    spec.kind,
    spec.idColumn,
    spec.targetColumns,
    spec.publicFraction,
    spec.seed,
  ]);
  if (last?.id === id) return last.key;
  last = null; // the old key's memory is free before the new one is read
  const result = readKeyFile(file, spec, MAX_UNPACKED_BYTES);
  if (!result.ok) {
    // the key passed when it was uploaded: a refusal now means the file changed under its stamp
    const first = result.problems[0];
    throw new Error(`The answer key no longer reads: ${first?.message ?? 'unknown problem'}`);
  }
  last = { id, key: result.key };
  return result.key;
}
