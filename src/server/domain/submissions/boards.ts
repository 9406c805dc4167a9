// The boards of a submission contest (issue 31 'Boards'). Public: each entrant's best public
// score, ties broken by the earlier submission. Private: each entrant's selected submissions
// (none selected: their best public ones, up to the selection limit) scored on the private part,
// the best of them ranked the same way, with each entrant's public rank beside it (the
// 'shake-up'). Members read the private board only once it is published; organisers at once.
import { and, asc, eq } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { submissions } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { ParticipantNames } from '../tournaments';
import { isOrganiser } from '../../../shared/contests';
import {
  METRIC_INFO,
  SUBMISSION_MESSAGES as M,
  scoreBeats,
  type MetricName,
} from '../../../shared/submissions';
import type { Board, TBoard, TBoardEntry } from '../../../shared/schemas/submissions';
import { readEvaluation, visibleSubmissionContest, type EvaluationRow } from './access';

interface Scored {
  id: number;
  participantId: number;
  publicScore: number;
  privateScore: number | null;
  selected: boolean;
  createdAt: Date;
}

export interface Ranked {
  participantId: number;
  submissionId: number;
  score: number;
  submittedAt: Date;
  rank: number;
  entries: number;
}

async function scoredOf(db: DbOrTx, contestId: number): Promise<Scored[]> {
  const rows = await db
    .select({
      id: submissions.id,
      participantId: submissions.participantId,
      publicScore: submissions.publicScore,
      privateScore: submissions.privateScore,
      selected: submissions.selected,
      createdAt: submissions.createdAt,
    })
    .from(submissions)
    .where(and(eq(submissions.contestId, contestId), eq(submissions.status, 'scored')))
    .orderBy(asc(submissions.createdAt), asc(submissions.id));
  return rows.filter((r): r is Scored => r.publicScore !== null);
}

type Entry = Omit<Ranked, 'rank'>;
type Standing = { score: number; at: Date; id: number };

/** Whether a beats b: the better score, or the same score sent earlier. */
function better(metric: MetricName, a: Standing, b: Standing) {
  if (scoreBeats(metric, a.score, b.score)) return true;
  if (scoreBeats(metric, b.score, a.score)) return false;
  return a.at < b.at || (a.at.getTime() === b.at.getTime() && a.id < b.id);
}

/** A sort's comparator putting the better first, each item standing as `standing` reads it. */
function bestFirst<T>(metric: MetricName, standing: (item: T) => Standing) {
  return (a: T, b: T) => (better(metric, standing(a), standing(b)) ? -1 : 1);
}

const entryStanding = (e: Entry): Standing => ({
  score: e.score,
  at: e.submittedAt,
  id: e.submissionId,
});

/** A submission as its entrant's entry, standing with `score` (its public or private one). */
function entryOf(r: Scored, score: number, counts: Map<number, number>): Entry {
  return {
    participantId: r.participantId,
    submissionId: r.id,
    score,
    submittedAt: r.createdAt,
    entries: counts.get(r.participantId)!,
  };
}

/** Keeps `entry` as its entrant's when it beats the one kept so far. */
function keepBest(metric: MetricName, best: Map<number, Entry>, entry: Entry): void {
  const current = best.get(entry.participantId);
  if (!current || better(metric, entryStanding(entry), entryStanding(current))) {
    best.set(entry.participantId, entry);
  }
}

function rankEntries(metric: MetricName, best: Map<number, Entry>): Ranked[] {
  const list = [...best.values()].sort(bestFirst(metric, entryStanding));
  return list.map((e, i) => ({ ...e, rank: i + 1 }));
}

function entriesPer(rows: readonly Scored[]): Map<number, number> {
  const n = new Map<number, number>();
  for (const r of rows) n.set(r.participantId, (n.get(r.participantId) ?? 0) + 1);
  return n;
}

export function publicRanking(metric: MetricName, rows: readonly Scored[]): Ranked[] {
  const counts = entriesPer(rows);
  const best = new Map<number, Entry>();
  for (const r of rows) keepBest(metric, best, entryOf(r, r.publicScore, counts));
  return rankEntries(metric, best);
}

/** Each entrant's submissions that count for the final board. */
export function finalCandidates(
  metric: MetricName,
  selectionLimit: number,
  rows: readonly Scored[],
): Map<number, Scored[]> {
  const byEntrant = new Map<number, Scored[]>();
  for (const r of rows)
    byEntrant.set(r.participantId, [...(byEntrant.get(r.participantId) ?? []), r]);
  const chosen = new Map<number, Scored[]>();
  for (const [entrant, list] of byEntrant) {
    const selected = list.filter((r) => r.selected);
    if (selected.length) {
      chosen.set(entrant, selected.slice(0, selectionLimit));
      continue;
    }
    const bestPublic = [...list].sort(
      bestFirst(metric, (r: Scored) => ({ score: r.publicScore, at: r.createdAt, id: r.id })),
    );
    chosen.set(entrant, bestPublic.slice(0, selectionLimit));
  }
  return chosen;
}

export function privateRanking(
  metric: MetricName,
  selectionLimit: number,
  rows: readonly Scored[],
): Ranked[] {
  const counts = entriesPer(rows);
  const best = new Map<number, Entry>();
  for (const list of finalCandidates(metric, selectionLimit, rows).values()) {
    for (const r of list) {
      if (r.privateScore !== null) keepBest(metric, best, entryOf(r, r.privateScore, counts));
    }
  }
  return rankEntries(metric, best);
}

/** The private board's ranking of a contest (publish writes it as the final places). */
export async function privateBoardOf(db: DbOrTx, evaluation: EvaluationRow): Promise<Ranked[]> {
  return privateRanking(
    evaluation.metric,
    evaluation.selectionLimit,
    await scoredOf(db, evaluation.contestId),
  );
}

export async function readBoard(
  db: DB,
  viewer: Actor,
  input: { contestId: number; board: Board },
): Promise<TBoard> {
  const contest = await visibleSubmissionContest(db, viewer, input.contestId);
  const evaluation = await readEvaluation(db, contest.id);
  const published = !!evaluation?.publishedAt;
  if (input.board === 'private' && !published && !isOrganiser(contest, viewer)) {
    throw new AppError('board_not_published', M.boardNotPublished);
  }
  const metric = evaluation?.metric ?? 'accuracy';
  const base = {
    board: input.board,
    metric,
    direction: METRIC_INFO[metric].direction,
    published,
  };
  if (!evaluation) return { ...base, entries: [] };
  const rows = await scoredOf(db, contest.id);
  const publicRanks = publicRanking(metric, rows);
  const ranking =
    input.board === 'public'
      ? publicRanks
      : privateRanking(metric, evaluation.selectionLimit, rows);
  const publicRankOf = new Map(publicRanks.map((r) => [r.participantId, r.rank]));
  const names = await ParticipantNames.of(
    db,
    contest.id,
    ranking.map((r) => r.participantId),
  );
  return {
    ...base,
    entries: ranking.map((r): TBoardEntry => ({
      rank: r.rank,
      participantId: r.participantId,
      userId: names.userId(r.participantId) ?? 0,
      teamId: names.teamId(r.participantId),
      name: names.name(r.participantId),
      score: r.score,
      submissionId: r.submissionId,
      submittedAt: r.submittedAt,
      publicRank: input.board === 'private' ? (publicRankOf.get(r.participantId) ?? null) : null,
      entries: r.entries,
    })),
  };
}
