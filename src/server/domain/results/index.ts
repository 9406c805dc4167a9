// What other areas may use of results (issue 30): a contest's final standings, read, frozen from
// its format, confirmed by its organiser (payout lines and certificates follow) or reopened.
import type { DB, DbOrTx } from '../../platform/db/client';
import type { Actor } from '../../platform/actor';
import type { Job } from '../../platform/jobs';
import type { TReopenResultsInput, TResults } from '../../../shared/schemas/results';

const todo = (): never => {
  throw new Error('results: not built yet');
};

/** The results as the viewer sees them (hidden contest: 404); open ones read live with blockers. */
export async function readResults(
  _db: DB,
  _viewer: Actor,
  _input: { contestId: number },
): Promise<TResults> {
  return todo();
}

/** The organiser freezes the standings (an active contest that has started is completed early). */
export async function freezeResults(
  _tx: DbOrTx,
  _actor: Actor,
  _input: { contestId: number },
): Promise<TResults> {
  return todo();
}

/** The organiser confirms frozen results: payout lines, certificates, each participant told. */
export async function confirmResults(
  _tx: DbOrTx,
  _actor: Actor,
  _input: { contestId: number },
): Promise<TResults> {
  return todo();
}

/** The organiser reopens frozen or confirmed results with a reason (audited). */
export async function reopenResults(
  _tx: DbOrTx,
  _actor: Actor,
  _input: TReopenResultsInput,
): Promise<TResults> {
  return todo();
}

/**
 * The freeze as a background job (one server of many, by its lease): every completed contest
 * without results yet is frozen once nothing blocks it, within a minute of its completion.
 */
export function resultsFreezeJob(_deps: { db: DB }): Job<number[]> {
  return { name: 'resultsFreeze', everyMs: 60_000, lease: 'resultsFreeze', run: async () => [] };
}
