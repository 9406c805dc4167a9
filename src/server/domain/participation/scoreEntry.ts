// Scores entered by a contest's creator, moderators or admins (SPEC 2.8): a form, calls of up to
// 500, or a whole CSV file in one request, all through setScores: one transaction that stores
// and ranks the accepted lines (contestParticipants.ts, which tells open boards), records each
// change in the score history and the batch in the audit log, and tells each member whose
// score changed.
import { and, eq, inArray } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { contestParticipants as cp, contests, users } from '../../platform/db/schema';
import { caseless, caselessValues, insertMany, type BulkColumn } from '../../platform/db/dialect';
import { TOURNAMENT_MESSAGES } from '../../../shared/tournaments';
import {
  CSV_LINES_MAX,
  CSV_PROBLEMS_LISTED,
  parseScoresCsv,
  readScore,
  scoreMessage,
  toScoreUnits,
  type ScoreRefusal,
  type ScoreSource,
} from '../../../shared/leaderboard';
import type { TSetScoresResponse } from '../../../shared/schemas/participation';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../audit';
import { applyScores } from './contestParticipants';
import { notFound, readForWrite } from '../contests';
import { AppError } from '../../platform/errors';
import { notifyScoresChanged } from '../messages';
import { canScore, scorableContest, SCORES_FORBIDDEN } from './scoreRights';

/** score_history's columns as setScores writes them (created_at: its default, now). */
const HISTORY_COLUMNS: BulkColumn[] = [
  { name: 'contest_id', pgType: 'integer' },
  { name: 'user_id', pgType: 'integer' },
  { name: 'username', pgType: 'text' },
  { name: 'old_score', pgType: 'bigint' },
  { name: 'new_score', pgType: 'bigint' },
  { name: 'changed_by', pgType: 'integer' },
  { name: 'changed_by_name', pgType: 'text' },
  { name: 'source', pgType: 'text' },
];

/**
 * Enters scores by username. Each line is accepted or refused with its reason (unknown member,
 * not a participant, not a number in range, more decimals than the contest takes, listed again
 * later); in one transaction the accepted ones are stored and ranked, every change goes into
 * the score history, and the batch into the audit log. Open leaderboards hear of it.
 */
export async function setScores({
  db,
  actor,
  contestId,
  scores,
  source = 'form',
  incrementalLimit,
  strict = false,
  refuseAnyway = false,
}: {
  db: DB;
  actor: Actor;
  contestId: number;
  scores: readonly { username: string; score: unknown }[];
  source?: ScoreSource;
  incrementalLimit?: number;
  /** All or nothing: any refused line throws ScoreLinesRefused and nothing is stored. */
  strict?: boolean;
  /** With strict: other lines of the same file were refused already, so store nothing at all. */
  refuseAnyway?: boolean;
}): Promise<TSetScoresResponse> {
  const result = await db.transaction(async (tx) => {
    const contest = await readForWrite(tx, contestId, { visibleTo: actor });
    if (!contest) throw notFound();
    if (!canScore(contest, actor)) throw new AppError('FORBIDDEN', SCORES_FORBIDDEN);
    // Once a contest's bracket exists its scores are its placement (domain/tournaments): no
    // form, batch, file or call enters them.
    const [bracket] = await tx
      .select({ at: contests.bracketGeneratedAt })
      .from(contests)
      .where(eq(contests.id, contestId));
    if (bracket?.at) {
      throw new AppError('scores_from_matches', TOURNAMENT_MESSAGES.scores_from_matches);
    }
    const decimals = contest.scoreDecimals;

    const refused: TSetScoresResponse['refused'] = [];
    const refuse = (index: number, username: string, reason: ScoreRefusal) =>
      refused.push({ index, username, reason, message: scoreMessage(reason, decimals) });

    // The last valid line of a username counts; earlier ones are reported as duplicates.
    const read = scores.map((s) => readScore(s.score, decimals));
    const lastIndex = new Map<string, number>();
    scores.forEach((s, index) => {
      if ('score' in read[index]!) lastIndex.set(s.username.trim().toLowerCase(), index);
    });
    let names = [...lastIndex.keys()];
    const members = new Map<string, { id: number; username: string }>();
    const participants = new Map<number, number>();
    if (names.length > 2000) {
      // A whole file: the contest's participants and their names in one read, rather than 400
      // lookups; only the names left over are looked up (unknown, or not taking part).
      const wanted = new Set(names);
      for (const p of await tx
        .select({ id: cp.id, userId: cp.userId, username: users.username })
        .from(cp)
        .innerJoin(users, eq(users.id, cp.userId))
        .where(eq(cp.contestId, contestId))) {
        const key = p.username.toLowerCase();
        if (!wanted.has(key)) continue;
        members.set(key, { id: p.userId, username: p.username });
        participants.set(p.userId, p.id);
      }
      names = names.filter((name) => !members.has(name));
    }
    for (let i = 0; i < names.length; i += 500) {
      const chunk = names.slice(i, i + 500);
      // The username index is caseless (NOCASE, lower()): this lookup uses it.
      const found = await tx
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(caseless(users.username), caselessValues(chunk)));
      for (const m of found) members.set(m.username.toLowerCase(), m);
      const ids = found.map((m) => m.id);
      if (ids.length) {
        for (const p of await tx
          .select({ id: cp.id, userId: cp.userId })
          .from(cp)
          .where(and(eq(cp.contestId, contestId), inArray(cp.userId, ids)))) {
          participants.set(p.userId, p.id);
        }
      }
    }

    const accepted: { participantId: number; score: number }[] = [];
    const memberOf = new Map<number, { id: number; username: string }>();
    scores.forEach((line, index) => {
      const username = line.username.trim();
      const key = username.toLowerCase();
      const score = read[index]!;
      if ('refusal' in score) return refuse(index, username, score.refusal);
      const member = members.get(key);
      if (member === undefined) return refuse(index, username, 'unknown_user');
      const participantId = participants.get(member.id);
      if (participantId === undefined) return refuse(index, username, 'not_participant');
      if (lastIndex.get(key) !== index) return refuse(index, username, 'duplicate');
      accepted.push({ participantId, score: score.score });
      memberOf.set(participantId, member);
    });
    if (strict && (refused.length || refuseAnyway)) throw new ScoreLinesRefused(refused);

    // In the order of the lines, so the history reads as they were entered.
    const position = new Map(accepted.map((a, i) => [a.participantId, i]));
    const changes = accepted.length
      ? (await applyScores({ db: tx, contestId, scores: accepted, incrementalLimit })).sort(
          (x, y) => position.get(x.participantId)! - position.get(y.participantId)!,
        )
      : [];
    // In bulk: a file's 100,000 rows through the query builder would cost seconds.
    await insertMany(
      tx,
      'score_history',
      HISTORY_COLUMNS,
      changes.map((change) => {
        const member = memberOf.get(change.participantId)!;
        return [
          contestId,
          member.id,
          member.username,
          change.before === null ? null : toScoreUnits(change.before),
          toScoreUnits(change.after),
          actor.id,
          actor.username,
          source,
        ];
      }),
    );
    if (accepted.length) {
      // One entry per call: how many scores, how many of them changed, and how they came.
      await writeAudit({
        db: tx,
        actor,
        action: 'contest.scores',
        targetType: 'contest',
        targetId: contestId,
        after: { scores: accepted.length, changed: changes.length, source },
      });
    }
    // Each member whose score changed hears of it (the form, calls and CSV files alike).
    await notifyScoresChanged(
      tx,
      {
        contest,
        decimals,
        changes: changes.map((change) => ({
          userId: memberOf.get(change.participantId)!.id,
          before: change.before,
          after: change.after,
        })),
      },
      { origin: actor.origin },
    );
    return { updated: accepted.length, refused, changed: changes.length };
  });
  return { updated: result.updated, refused: result.refused };
}

/** The lines of a score batch refused in all-or-nothing mode (index: position in the batch). */
export class ScoreLinesRefused extends Error {
  constructor(readonly refused: TSetScoresResponse['refused']) {
    super('Some score lines were refused');
    this.name = 'ScoreLinesRefused';
  }
}

/** One bad line of an uploaded CSV file (1-based line of the file). */
export interface CsvLineProblem {
  line: number;
  username: string;
  reason: ScoreRefusal;
  message: string;
}

/**
 * A file of bad lines refused whole: 400 with the first CSV_PROBLEMS_LISTED of them (in the
 * order of the file) and how many there are, so the uploader can fix them all in one go.
 */
export class CsvScoresRefused extends AppError {
  constructor(
    readonly lines: CsvLineProblem[],
    total: number = lines.length,
  ) {
    super(
      'bad_lines',
      `${total === 1 ? 'One line' : `${total.toLocaleString('en-US')} lines`} of the file ` +
        `${total === 1 ? 'is' : 'are'} refused; no score was stored`,
      { details: { refused: total } },
    );
  }
}

/**
 * Applies a CSV file of `username,score` lines (the contest page's format, parseScoresCsv) in one
 * transaction, all or nothing: any bad line (not two fields, a bad score or too many decimals,
 * an unknown member, one who has not joined, a username listed twice) refuses the whole file
 * with every bad line and its reason. Up to CSV_LINES_MAX lines; the history records 'csv'.
 */
export async function importScoresCsv({
  db,
  actor,
  contestId,
  text,
}: {
  db: DB;
  actor: Actor;
  contestId: number;
  text: string;
}): Promise<{ updated: number }> {
  // Read first for its decimals (and to refuse early); setScores checks everything again in
  // its transaction.
  const contest = await scorableContest(db, actor, contestId, SCORES_FORBIDDEN);
  const { rows, problems } = parseScoresCsv(text, contest.scoreDecimals);
  if (rows.length + problems.length > CSV_LINES_MAX) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `A file takes at most ${CSV_LINES_MAX.toLocaleString('en-US')} lines`,
    );
  }
  if (!rows.length && !problems.length) {
    throw new AppError('BAD_REQUEST', 'The file has no score lines (username,score)');
  }
  const lines: CsvLineProblem[] = problems.map((p) => ({
    line: p.line,
    username: p.text
      .split(/[,;\t]/)[0]!
      .trim()
      .slice(0, 50),
    reason: p.reason,
    message: p.message,
  }));
  // The rows are checked (who exists, who has joined, duplicates) even when some lines are
  // refused already, so the answer names every bad line of the file at once.
  if (rows.length) {
    try {
      const result = await setScores({
        db,
        actor,
        contestId,
        scores: rows.map((r) => ({ username: r.username, score: r.score })),
        source: 'csv',
        strict: true,
        refuseAnyway: lines.length > 0,
      });
      return { updated: result.updated };
    } catch (error) {
      if (!(error instanceof ScoreLinesRefused)) throw error;
      for (const r of error.refused) {
        lines.push({
          line: rows[r.index]!.line,
          username: r.username,
          reason: r.reason,
          message: r.message,
        });
      }
    }
  }
  lines.sort((a, b) => a.line - b.line);
  throw new CsvScoresRefused(lines.slice(0, CSV_PROBLEMS_LISTED), lines.length);
}
