// The evaluation as a caller reads it (issue 31 `GET /api/contests/{id}/evaluation`): members see
// the metric, its direction, the limits and their own remaining count; the organiser also sees
// the key's summary and the re-scoring progress. Never the key's content.
import { and, count, eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { submissions } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { isOrganiser } from '../../../shared/contests';
import { METRIC_INFO } from '../../../shared/submissions';
import type { TEvaluationView } from '../../../shared/schemas/submissions';
import { EVALUATION_DEFAULTS } from '../../../shared/schemas/submissions';
import { readEvaluation, visibleSubmissionContest, type EvaluationRow } from './access';
import { entrantOf } from '../participation';
import { entrantCounts, remaining } from './counts';

async function progress(db: DB, evaluation: EvaluationRow) {
  const of = eq(submissions.contestId, evaluation.contestId);
  const [[total], [scored]] = await Promise.all([
    db.select({ n: count() }).from(submissions).where(of),
    db
      .select({ n: count() })
      .from(submissions)
      .where(and(of, eq(submissions.version, evaluation.version))),
  ]);
  return { total: total?.n ?? 0, scored: scored?.n ?? 0 };
}

export async function readEvaluationView(
  db: DB,
  viewer: Actor,
  input: { contestId: number },
): Promise<TEvaluationView> {
  const contest = await visibleSubmissionContest(db, viewer, input.contestId);
  const evaluation = await readEvaluation(db, contest.id);
  const organiser = isOrganiser(contest, viewer);
  const metric = evaluation?.metric ?? 'accuracy';
  const entrant = await entrantOf(db, contest.id, viewer.id);
  const now = new Date();
  const limits = {
    dailyLimit: evaluation?.dailyLimit ?? EVALUATION_DEFAULTS.dailyLimit,
    totalLimit: evaluation?.totalLimit ?? null,
  };
  return {
    contestId: contest.id,
    metric,
    metricLabel: METRIC_INFO[metric].label,
    direction: METRIC_INFO[metric].direction,
    k: evaluation?.k ?? null,
    positiveLabel: evaluation?.positiveLabel ?? null,
    idColumn: evaluation?.idColumn ?? EVALUATION_DEFAULTS.idColumn,
    targetColumns: evaluation?.targetColumns ?? [...EVALUATION_DEFAULTS.targetColumns],
    publicFraction: evaluation?.publicFraction ?? EVALUATION_DEFAULTS.publicFraction,
    ...limits,
    maxFileMb: evaluation?.maxFileMb ?? EVALUATION_DEFAULTS.maxFileMb,
    selectionLimit: evaluation?.selectionLimit ?? EVALUATION_DEFAULTS.selectionLimit,
    keyReady: !!evaluation?.keyFile,
    published: !!evaluation?.publishedAt,
    publishedAt: evaluation?.publishedAt ?? null,
    mine: entrant === null ? null : remaining(limits, await entrantCounts(db, entrant, now), now),
    key:
      organiser && evaluation
        ? {
            fileName: evaluation.keyName,
            rows: evaluation.keyRows,
            publicRows: evaluation.keyPublicRows,
            split: evaluation.keySplit,
            uploadedAt: evaluation.keyUploadedAt,
            version: evaluation.version,
            ...(await progress(db, evaluation)),
          }
        : null,
  };
}
