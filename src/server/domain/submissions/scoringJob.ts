// The scoring job (issue 31 'Scoring'): every server takes submissions to score and scores them
// in its workers. It takes, in one claim (PostgreSQL: FOR UPDATE SKIP LOCKED, so one row goes to
// exactly one server): queued ones (no worker was free at upload), ones whose take lapsed (their
// server died mid-job), and ones scored under an older version of the evaluation (a new key or
// metric: the re-score). A row taken too often is failed with the reason, so nothing stays
// 'scoring'. A published contest's submissions are no longer re-scored.
import { inArray, sql } from 'drizzle-orm';
import { contests } from '../../platform/db/schema';
import type { DB } from '../../platform/db/client';
import { rows, skipLocked, timeValue } from '../../platform/db/dialect';
import type { Job } from '../../platform/jobs';
import { readEvaluation, type EvaluationRow } from './access';
import { recordOutcome, scoreFile, type ClaimedSubmission } from './scoringRun';
import { LEASE_MS } from './submit';

/** Takes beyond this fail the row: a file that kills its worker each time is not retried forever. */
export const MAX_ATTEMPTS = 3;
/** Rows one server takes per round (its workers take them in turn). */
const BATCH = 8;

interface ClaimRow {
  id: number;
  contest_id: number;
  user_id: number;
  stored_file: string;
  attempts: number;
  scored_at: number | string | Date | null;
}

async function claim(db: DB, now: Date): Promise<ClaimRow[]> {
  const lease = new Date(now.getTime() + LEASE_MS);
  return db.transaction((tx) =>
    rows<ClaimRow>(
      tx,
      sql`UPDATE submissions SET status = 'scoring', attempts = attempts + 1,
          lease_until = ${timeValue(lease)}
        WHERE id IN (
          SELECT s.id FROM submissions s
          JOIN contest_evaluations e ON e.contest_id = s.contest_id
          WHERE e.published_at IS NULL AND (
            s.status = 'queued'
            OR (s.status = 'scoring' AND s.lease_until < ${timeValue(now)})
            OR (s.status IN ('scored', 'failed') AND s.version < e.version)
          )
          ORDER BY s.id
          LIMIT ${BATCH}
          ${skipLocked()}
        )
        RETURNING id, contest_id, user_id, stored_file, attempts, scored_at`,
    ),
  );
}

export interface ScoringRound {
  scored: number;
  failed: number;
  /** Written by another server meanwhile, or left queued (no worker free). */
  skipped: number;
}

/** One round: takes what is due and scores it (rounds of BATCH until nothing is due). */
export async function scoreDueSubmissions(
  { db, privateDir }: { db: DB; privateDir: string },
  signal?: AbortSignal,
): Promise<ScoringRound> {
  const round: ScoringRound = { scored: 0, failed: 0, skipped: 0 };
  for (let batches = 0; batches < 100 && !signal?.aborted; batches++) {
    const taken = await claim(db, new Date());
    if (!taken.length) break;
    const contexts = await contextsOf(db, taken);
    await Promise.all(
      taken.map((row) => scoreTaken(db, privateDir, row, contexts.get(row.contest_id), round)),
    );
  }
  return round;
}

interface ScoringContext {
  evaluation: EvaluationRow;
  contest: { slug: string; title: string };
}

/** Each taken contest's evaluation and names, read once per batch (a batch is mostly one contest). */
async function contextsOf(db: DB, taken: ClaimRow[]): Promise<Map<number, ScoringContext>> {
  const ids = [...new Set(taken.map((row) => row.contest_id))];
  const names = await db
    .select({ id: contests.id, slug: contests.slug, title: contests.title })
    .from(contests)
    .where(inArray(contests.id, ids));
  const contexts = new Map<number, ScoringContext>();
  for (const { id, slug, title } of names) {
    const evaluation = await readEvaluation(db, id);
    if (evaluation) contexts.set(id, { evaluation, contest: { slug, title } });
  }
  return contexts;
}

async function scoreTaken(
  db: DB,
  privateDir: string,
  row: ClaimRow,
  context: ScoringContext | undefined,
  round: ScoringRound,
) {
  if (!context) return;
  const { evaluation, contest } = context;
  const claimed: ClaimedSubmission = {
    id: row.id,
    contestId: row.contest_id,
    userId: row.user_id,
    attempts: row.attempts,
    scoredAt: row.scored_at === null ? null : new Date(row.scored_at),
  };
  const outcome =
    row.attempts > MAX_ATTEMPTS
      ? {
          kind: 'failed' as const,
          reason: `Scoring stopped ${MAX_ATTEMPTS} times on this file; the organiser can re-score it`,
        }
      : await scoreFile(privateDir, evaluation, row.stored_file);
  const written = await recordOutcome(db, claimed, evaluation, outcome, contest);
  if (!written || outcome.kind === 'busy') round.skipped++;
  else if (outcome.kind === 'scored') round.scored++;
  else round.failed++;
}

export function scoringJob(deps: {
  db: DB;
  privateDir: string;
  everyMs?: number;
  onDone?: (round: ScoringRound) => void;
}): Job<ScoringRound> {
  return {
    name: 'submission-scoring',
    everyMs: deps.everyMs ?? 5_000,
    run: (signal) => scoreDueSubmissions(deps, signal),
    onDone: deps.onDone,
  };
}
