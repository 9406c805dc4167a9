// Leaderboards (SPEC 2.8, PRODUCT.md 'Taking part'): the contests that have one, a contest's
// ranked list from the stored ranks (an index range, however many take part), and scores entered
// by the contest's creator, moderators or admins. Ranks are written by contestParticipants.ts.
import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DB } from '../db/client';
import { contestParticipants as cp, contests, users } from '../db/schema';
import { normalizeTier } from '../../shared/constants';
import { parseScore, SCORE_MESSAGES, type ScoreRefusal } from '../../shared/leaderboard';
import type {
  TLeaderboard,
  TLeaderboardContest,
  TSetScoresResponse,
} from '../../shared/schemas/participation';
import { isReviewer, type Actor } from './actor';
import { applyScores } from './contestParticipants';
import { isVisible, notFound, readById, type ContestRow, type Viewer } from './contestReads';
import { AppError } from './errors';
import { announceLeaderboardChanges } from './liveEvents';

export const NO_LEADERBOARD = 'This contest has no leaderboard';
export const SCORES_FORBIDDEN =
  "Only the contest's creator, moderators and admins can enter scores";

/** Whether the viewer may enter scores: the contest's creator, moderators and admins. */
export function canScore(contest: Pick<ContestRow, 'createdBy'>, viewer: Viewer): boolean {
  return isReviewer(viewer) || contest.createdBy === viewer.id;
}

/**
 * A contest whose leaderboard the viewer may read: one they may see, with its leaderboard on
 * (its creator and reviewers read it even when off, to enter scores).
 */
export function leaderboardContest(db: DB, viewer: Viewer, contestId: number): ContestRow {
  const contest = readById(db, contestId);
  if (!contest || !isVisible(contest, viewer)) throw notFound();
  if (!contest.enableLeaderboard && !canScore(contest, viewer)) {
    throw new AppError('NOT_FOUND', NO_LEADERBOARD);
  }
  return contest;
}

// One set of prepared statements per database: these are the hot reads of an open leaderboard.
function prepare(db: DB) {
  return {
    page: db
      .select({
        rank: cp.rank,
        userId: cp.userId,
        username: users.username,
        score: cp.score,
        tier: users.subscriptionTier,
        profileImage: users.profileImage,
      })
      .from(cp)
      .innerJoin(users, eq(users.id, cp.userId))
      .where(eq(cp.contestId, sql.placeholder('contestId')))
      // Ties in join order: stable pages, read straight off the (contest_id, rank) index.
      .orderBy(asc(cp.rank), asc(cp.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
    // The stored rank at which a page starting at a position begins (see getLeaderboard).
    seek: db
      .select({ rank: cp.rank })
      .from(cp)
      .where(
        and(
          eq(cp.contestId, sql.placeholder('contestId')),
          lte(cp.rank, sql.placeholder('position')),
        ),
      )
      .orderBy(desc(cp.rank))
      .limit(1)
      .prepare(),
    fromRank: db
      .select({
        rank: cp.rank,
        userId: cp.userId,
        username: users.username,
        score: cp.score,
        tier: users.subscriptionTier,
        profileImage: users.profileImage,
      })
      .from(cp)
      .innerJoin(users, eq(users.id, cp.userId))
      .where(
        and(eq(cp.contestId, sql.placeholder('contestId')), gte(cp.rank, sql.placeholder('rank'))),
      )
      .orderBy(asc(cp.rank), asc(cp.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
    me: db
      .select({ rank: cp.rank, score: cp.score })
      .from(cp)
      .where(
        and(eq(cp.contestId, sql.placeholder('contestId')), eq(cp.userId, sql.placeholder('me'))),
      )
      .prepare(),
  };
}
const statements = new WeakMap<DB, ReturnType<typeof prepare>>();
function statementsFor(db: DB) {
  let s = statements.get(db);
  if (!s) statements.set(db, (s = prepare(db)));
  return s;
}

export function getLeaderboard({
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
}): TLeaderboard {
  const contest = leaderboardContest(db, viewer, contestId);
  const s = statementsFor(db);
  // A deep page starts by seeking its rank instead of stepping over every row before it: with
  // competition ranks, the row at 1-based position p has the greatest rank <= p, and exactly
  // rank - 1 rows come before its group of ties. Only the ties before p are stepped over.
  const start = offset > 0 ? s.seek.get({ contestId, position: offset + 1 })?.rank : undefined;
  const rows = start
    ? s.fromRank.all({ contestId, rank: start, limit, offset: offset - (start - 1) })
    : s.page.all({ contestId, limit, offset });
  const entries = rows.map((e) => ({ ...e, tier: e.tier === null ? null : normalizeTier(e.tier) }));
  const me = s.me.get({ contestId, me: viewer.id }) ?? null;
  // The stored count is the number of rows (contestParticipants.ts keeps them equal).
  return { contestId, total: contest.participants, entries, me };
}

/** /leaderboard's cards: contests members can see, with a leaderboard and someone in it. */
export function listLeaderboardContests({
  db,
  viewer,
  page,
  pageSize,
}: {
  db: DB;
  viewer: Viewer;
  page: number;
  pageSize: number;
}): { items: TLeaderboardContest[]; total: number; page: number; pageSize: number } {
  const where = and(
    inArray(contests.status, ['active', 'completed']),
    eq(contests.enableLeaderboard, true),
    gt(contests.participants, 0),
  );
  const items = db
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
      myRank: cp.rank,
    })
    .from(contests)
    .leftJoin(cp, and(eq(cp.contestId, contests.id), eq(cp.userId, viewer.id)))
    .where(where)
    // Running contests first (their boards move), then the latest.
    .orderBy(asc(contests.status), desc(contests.startDate), desc(contests.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  const total = db.select({ n: count() }).from(contests).where(where).get()?.n ?? 0;
  return { items, total, page, pageSize };
}

/**
 * Enters scores by username. Each line is accepted or refused with its reason (unknown member,
 * not a participant, not a whole number in range, listed again later); the accepted ones are
 * stored and ranked in one transaction, and open leaderboards hear of it.
 */
export function setScores({
  db,
  actor,
  contestId,
  scores,
  incrementalLimit,
}: {
  db: DB;
  actor: Actor;
  contestId: number;
  scores: readonly { username: string; score: unknown }[];
  incrementalLimit?: number;
}): TSetScoresResponse {
  const contest = readById(db, contestId);
  if (!contest || !isVisible(contest, actor)) throw notFound();
  if (!canScore(contest, actor)) throw new AppError('FORBIDDEN', SCORES_FORBIDDEN);

  const refused: TSetScoresResponse['refused'] = [];
  const refuse = (index: number, username: string, reason: ScoreRefusal) =>
    refused.push({ index, username, reason, message: SCORE_MESSAGES[reason] });

  // The last valid line of a username counts; earlier ones are reported as duplicates.
  const lastIndex = new Map<string, number>();
  scores.forEach((s, index) => {
    if (parseScore(s.score) !== null) lastIndex.set(s.username.trim().toLowerCase(), index);
  });
  const names = [...lastIndex.keys()];
  const members = new Map<string, number>();
  const participants = new Map<number, number>();
  for (let i = 0; i < names.length; i += 500) {
    const chunk = names.slice(i, i + 500);
    // The username index is NOCASE: this lookup uses it.
    const found = db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(sql`${users.username} COLLATE NOCASE`, chunk))
      .all();
    for (const m of found) members.set(m.username.toLowerCase(), m.id);
    const ids = found.map((m) => m.id);
    if (ids.length) {
      for (const p of db
        .select({ id: cp.id, userId: cp.userId })
        .from(cp)
        .where(and(eq(cp.contestId, contestId), inArray(cp.userId, ids)))
        .all()) {
        participants.set(p.userId, p.id);
      }
    }
  }

  const accepted: { participantId: number; score: number }[] = [];
  scores.forEach((line, index) => {
    const username = line.username.trim();
    const key = username.toLowerCase();
    const score = parseScore(line.score);
    if (score === null) return refuse(index, username, 'bad_score');
    const userId = members.get(key);
    if (userId === undefined) return refuse(index, username, 'unknown_user');
    const participantId = participants.get(userId);
    if (participantId === undefined) return refuse(index, username, 'not_participant');
    if (lastIndex.get(key) !== index) return refuse(index, username, 'duplicate');
    accepted.push({ participantId, score });
  });

  const changed = accepted.length
    ? applyScores({ db, contestId, scores: accepted, incrementalLimit })
    : 0;
  if (changed) announceLeaderboardChanges({ db, contestIds: [contestId] });
  return { updated: accepted.length, refused };
}
