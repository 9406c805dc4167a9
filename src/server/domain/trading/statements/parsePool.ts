// Statements are parsed and scored off the request thread (issue 34): one worker, a time and a
// heap limit,
// so a hostile 20 MB file costs a worker, never the event loop. A refusal comes back as the
// parser's StatementError; a worker past its limits is the file's fault too (bad_statement).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParsedStatement } from '../../../../shared/trading/statement';
import { WorkerJobError, WorkerPool } from '../../../platform/workers';
import { StatementError } from './errors';
import type { ParseTaskInput, ScoreTaskInput } from './task';
import type { ScoredStatement } from '../figures';

export const PARSE_TIMEOUT_MS = 20_000;
export const PARSE_MEMORY_MB = 512;

const here = fileURLToPath(import.meta.url);

/**
 * This folder's worker.ts from source (tsx, tests); from the bundle (this module is then part of
 * dist/server/index.js) the statementWorker.js scripts/build.mjs writes beside it.
 */
export const STATEMENT_WORKER_ENTRY = here.endsWith('.ts')
  ? path.join(path.dirname(here), 'worker.ts')
  : path.join(path.dirname(here), 'statementWorker.js');

let pool: WorkerPool | null = null;

function parsePool(): WorkerPool {
  pool ??= new WorkerPool({
    entry: STATEMENT_WORKER_ENTRY,
    size: 1,
    timeoutMs: PARSE_TIMEOUT_MS,
    memoryMb: PARSE_MEMORY_MB,
    maxQueue: 50,
  });
  return pool;
}

/** The parsed statement, read in the worker; rejects with a StatementError for a bad file. */
export async function parseInWorker(
  bytes: Uint8Array,
  fileName?: string,
): Promise<ParsedStatement> {
  // A copy the worker owns (an upload's Buffer may be a view of a shared pool).
  const own = new Uint8Array(bytes);
  const input: ParseTaskInput = { bytes: own, fileName };
  try {
    return await parsePool().run<ParsedStatement>('parse', input, { transfer: [own.buffer] });
  } catch (error) {
    if (!(error instanceof WorkerJobError)) throw error;
    if (error.failure === 'failed') throw new StatementError(error.message);
    if (error.failure === 'timeout' || error.failure === 'memory') {
      throw new StatementError(
        `The file could not be read within the limits (${PARSE_TIMEOUT_MS / 1000} s, ${PARSE_MEMORY_MB} MB): it is not a statement as the terminals save them`,
      );
    }
    throw error;
  }
}

/**
 * The statements scored in the worker under the rules and window (an upload's one, or a whole
 * board's after a rule or a date changed): the request thread only copies them there and back.
 */
export function scoreInWorker(input: ScoreTaskInput): Promise<ScoredStatement[]> {
  return parsePool().run<ScoredStatement[]>('score', input);
}

/** Ends the worker (tests, shutdown). */
export async function closeParsePool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.close();
}
