// Leaderboards (SPEC 2.8, PRODUCT.md 'Taking part'): the contests that have one, a contest's
// ranked list in score order (an index range from its rank bucket, however many take part),
// scores entered by the contest's creator, moderators or admins (a form, calls of 500, or a
// whole CSV file in one request), and the history of every score change. Rank buckets are
// written by contestParticipants.ts.
import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import {
  contestParticipants as cp,
  contests,
  rankBuckets,
  scoreHistory,
  teams,
  users,
} from '../../platform/db/schema';
import { caseless, caselessValues, insertMany, type BulkColumn } from '../../platform/db/dialect';
import { normalizeTier } from '../../../shared/constants';
import { TOURNAMENT_MESSAGES } from '../../../shared/tournaments';
import { isOrganiser, type ScoreOrder } from '../../../shared/contests';
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
import type { TScoreHistory } from '../../../shared/schemas/leaderboard';
import type {
  TLeaderboard,
  TLeaderboardContest,
  TSetScoresResponse,
} from '../../../shared/schemas/participation';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../admin';
import { applyScores, rankColumn, ranksOfPage } from './contestParticipants';
import {
  notFound,
  publicContest,
  readForWrite,
  readVisible,
  type ContestRow,
  type Viewer,
} from '../contests';
import { AppError } from '../../platform/errors';
import { notifyScoresChanged } from '../messages';

export const NO_LEADERBOARD = 'This contest has no leaderboard';
export const SCORES_FORBIDDEN =
  "Only the contest's creator, moderators and admins can enter scores";
export const HISTORY_FORBIDDEN =
  "Only the contest's creator, moderators and admins can read the score history";

/** Whether the viewer may enter scores: the contest's creator, moderators and admins. */
export function canScore(contest: Pick<ContestRow, 'createdBy'>, viewer: Viewer): boolean {
  return isOrganiser(contest, viewer);
}

/**
 * A contest whose leaderboard the viewer may read: one they may see, with its leaderboard on
 * (its creator and reviewers read it even when off, to enter scores).
 */
export async function leaderboardContest(
  db: DB,
  viewer: Viewer,
  contestId: number,
): Promise<ContestRow> {
  const contest = await readVisible(db, viewer, contestId);
  if (!contest) throw notFound();
  if (!contest.enableLeaderboard && !canScore(contest, viewer)) {
    throw new AppError('NOT_FOUND', NO_LEADERBOARD);
  }
  return contest;
}

/** Beyond every score (stored units): the open end of the best bucket. */
const TOP = 1e15;

// Prepared statements per database and score order: these are the hot reads of an open board.
function prepare(db: DB, order: ScoreOrder) {
  const entryColumns = {
    userId: cp.userId,
    username: users.username,
    score: cp.score,
    tier: users.subscriptionTier,
    profileImage: users.profileImage,
    // Team mode: a registered team's row is its captain's, shown by the team's name.
    teamId: cp.teamId,
    teamName: teams.name,
  };
  const higher = order === 'higher';
  return {
    // Scored rows in rank order from a bucket's edge (stored units): below an upper end when
    // higher is better, from a lower end when lower is; ties in join order. The whole board is
    // the same statement with the edge beyond every score.
    page: db
      .select(entryColumns)
      .from(cp)
      .innerJoin(users, eq(users.id, cp.userId))
      .leftJoin(teams, eq(teams.id, cp.teamId))
      .where(
        and(
          eq(cp.contestId, sql.placeholder('contestId')),
          higher
            ? sql`${cp.score} < ${sql.placeholder('edge')}`
            : sql`${cp.score} >= ${sql.placeholder('edge')}`,
        ),
      )
      .orderBy(higher ? desc(cp.score) : asc(cp.score), asc(cp.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
    // The contest's buckets, best first: where a deep page starts without stepping over rows.
    buckets: db
      .select({ lo: rankBuckets.lo, n: rankBuckets.n })
      .from(rankBuckets)
      .where(eq(rankBuckets.contestId, sql.placeholder('contestId')))
      .orderBy(higher ? desc(rankBuckets.lo) : asc(rankBuckets.lo))
      .prepare(),
    // After the ranked rows, the members without a score yet, in the order they joined.
    unranked: db
      .select(entryColumns)
      .from(cp)
      .innerJoin(users, eq(users.id, cp.userId))
      .leftJoin(teams, eq(teams.id, cp.teamId))
      .where(and(eq(cp.contestId, sql.placeholder('contestId')), isNull(cp.score)))
      .orderBy(asc(cp.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
    // The caller's row, or (team mode) their team's.
    me: db
      .select({ rank: rankColumn(order), score: cp.score, teamId: cp.teamId })
      .from(cp)
      .where(
        and(
          eq(cp.contestId, sql.placeholder('contestId')),
          or(
            eq(cp.userId, sql.placeholder('me')),
            sql`${cp.teamId} IN (SELECT tm.team_id FROM team_members tm
              WHERE tm.user_id = ${sql.placeholder('me')} AND tm.state = 'member')`,
          ),
        ),
      )
      .limit(1)
      .prepare(),
  };
}
const statements = new WeakMap<DB, Record<ScoreOrder, ReturnType<typeof prepare>>>();
function statementsFor(db: DB, order: ScoreOrder) {
  let s = statements.get(db);
  if (!s) statements.set(db, (s = { higher: prepare(db, 'higher'), lower: prepare(db, 'lower') }));
  return s[order]!;
}

export async function getLeaderboard({
  db,
  viewer,
  contestId,
  limit,
  offset,
}: {
  db: DB;
  viewer: Viewer;
  contestId: number;
  limit: number;
  offset: number;
}): Promise<TLeaderboard> {
  const contest = await leaderboardContest(db, viewer, contestId);
  const order = contest.scoreOrder;
  const s = statementsFor(db, order);
  // A deep page starts at the bucket holding its first position (the buckets' counts, best
  // first, add up to it) and steps over at most that bucket's rows, not every row before it.
  let edge = order === 'higher' ? TOP : -TOP;
  let before = 0;
  let ranked: number | undefined;
  if (offset > 0) {
    const buckets = await s.buckets.execute({ contestId });
    let upper = TOP;
    for (const b of buckets) {
      if (before + b.n > offset) {
        edge = order === 'higher' ? upper : b.lo;
        break;
      }
      before += b.n;
      upper = b.lo;
    }
    ranked = buckets.reduce((sum, b) => sum + b.n, 0);
    if (offset >= ranked) before = offset;
  }
  const rows =
    ranked !== undefined && offset >= ranked
      ? []
      : await s.page.execute({ contestId, edge, limit, offset: offset - before });
  const ranks = await ranksOfPage(
    db,
    contestId,
    order,
    offset,
    rows.map((r) => r.score),
  );
  const entries: TLeaderboard['entries'] = rows.map((e, i) => ({ rank: ranks[i]!, ...e }));
  if (rows.length < limit) {
    // The page reaches past the ranked rows: the unranked follow.
    ranked ??= offset + rows.length;
    entries.push(
      ...(
        await s.unranked.execute({
          contestId,
          limit: limit - rows.length,
          offset: Math.max(0, offset - ranked),
        })
      ).map((e) => ({ rank: null, ...e })),
    );
  }
  for (const e of entries) e.tier = e.tier === null ? null : normalizeTier(e.tier);
  const me = (await s.me.execute({ contestId, me: viewer.id }))[0] ?? null;
  // The stored count is the number of rows (contestParticipants.ts keeps them equal).
  return {
    contestId,
    scoreDecimals: contest.scoreDecimals,
    scoreOrder: contest.scoreOrder,
    total: contest.participants,
    entries,
    me,
  };
}

/** /leaderboard's cards: contests members can see, with a leaderboard and someone in it. */
export async function listLeaderboardContests({
  db,
  viewer,
  page,
  pageSize,
}: {
  db: DB;
  viewer: Viewer;
  page: number;
  pageSize: number;
}): Promise<{ items: TLeaderboardContest[]; total: number; page: number; pageSize: number }> {
  const where = and(
    // Public contests only, whoever asks: the cards are the same for everyone.
    publicContest,
    eq(contests.enableLeaderboard, true),
    gt(contests.participants, 0),
  );
  const items = await db
    .select({
      id: contests.id,
      slug: contests.slug,
      title: contests.title,
      shortDescription: contests.shortDescription,
      coverImage: contests.coverImage,
      category: contests.category,
      status: contests.status,
      startDate: contests.startDate,
      endDate: contests.endDate,
      participants: contests.participants,
      prize: contests.prize,
      myRank: rankColumn(sql`${contests.scoreOrder}`),
    })
    .from(contests)
    .leftJoin(cp, and(eq(cp.contestId, contests.id), eq(cp.userId, viewer.id)))
    .where(where)
    // Running contests first (their boards move), then the latest.
    .orderBy(asc(contests.status), desc(contests.startDate), desc(contests.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [counted] = await db.select({ n: count() }).from(contests).where(where);
  const total = counted?.n ?? 0;
  return { items, total, page, pageSize };
}

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
      throw new AppError('CONFLICT', TOURNAMENT_MESSAGES.scores_from_matches, {
        reason: 'scores_from_matches',
      });
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
      'BAD_REQUEST',
      `${total === 1 ? 'One line' : `${total.toLocaleString('en-US')} lines`} of the file ` +
        `${total === 1 ? 'is' : 'are'} refused; no score was stored`,
      { reason: 'bad_lines', details: { refused: total } },
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
  const contest = await readVisible(db, actor, contestId);
  if (!contest) throw notFound();
  if (!canScore(contest, actor)) throw new AppError('FORBIDDEN', SCORES_FORBIDDEN);
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

/**
 * A contest's score history, newest first: for its creator, moderators and admins (others who
 * can see the contest 403; a contest they may not see 404).
 */
export async function getScoreHistory({
  db,
  viewer,
  contestId,
  page,
  pageSize,
}: {
  db: DB;
  viewer: Viewer;
  contestId: number;
  page: number;
  pageSize: number;
}): Promise<TScoreHistory> {
  const contest = await readVisible(db, viewer, contestId);
  if (!contest) throw notFound();
  if (!canScore(contest, viewer)) throw new AppError('FORBIDDEN', HISTORY_FORBIDDEN);
  const where = eq(scoreHistory.contestId, contestId);
  const items = await db
    .select({
      id: scoreHistory.id,
      userId: scoreHistory.userId,
      username: scoreHistory.username,
      oldScore: scoreHistory.oldScore,
      newScore: scoreHistory.newScore,
      changedBy: scoreHistory.changedBy,
      changedByName: scoreHistory.changedByName,
      source: scoreHistory.source,
      createdAt: scoreHistory.createdAt,
    })
    .from(scoreHistory)
    .where(where)
    // score_history_contest serves this order.
    .orderBy(desc(scoreHistory.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [counted] = await db.select({ n: count() }).from(scoreHistory).where(where);
  const total = counted?.n ?? 0;
  return { contestId, scoreDecimals: contest.scoreDecimals, items, total, page, pageSize };
}
