// Figures: the member's dashboard and analytics (PRODUCT.md 'Taking part') from their
// participations, and the admin dashboard (SPEC 2.14, 3 'Admin stats') in one pass per table.
import { rankColumn } from '../participation';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { countEducation } from '../education';
import type { DB } from '../../platform/db/client';
import {
  contestParticipants as cp,
  contests,
  paymentProofs,
  users,
} from '../../platform/db/schema';
import { lifecycleColumns } from '../../platform/db/lifecycleColumns';
import { timeValue, utcDay } from '../../platform/db/dialect';
import { PUBLIC_CONTEST_STATUSES } from '../../../shared/contests';
import { placeText, ranksByPlace } from '../../../shared/places';
import type { TTierBreakdown } from '../../../shared/schemas/payments';
import type {
  TAdminStats,
  TAnalytics,
  TContestResult,
  TDashboard,
} from '../../../shared/schemas/stats';

const DAY_MS = 24 * 60 * 60 * 1000;
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The member's participations in contests members can see (a contest sent back is left out):
 * their own rows, and (team mode, issue 19) the rows of the teams they are members of, whose
 * place is theirs too.
 */
function participations(userId: number) {
  return and(
    or(
      eq(cp.userId, userId),
      sql`${cp.teamId} IN (SELECT tm.team_id FROM team_members tm
        WHERE tm.user_id = ${userId} AND tm.state = 'member')`,
    ),
    inArray(contests.status, [...PUBLIC_CONTEST_STATUSES]),
  );
}

/**
 * The member's participations with what the dashboard's recent list and the analytics show of
 * each (the contest, its size, the member's rank and score).
 */
function participationRows(db: DB, userId: number) {
  return db
    .select({
      contestId: contests.id,
      slug: contests.slug,
      title: contests.title,
      ...lifecycleColumns,
      participants: contests.participants,
      rank: rankColumn(sql`${contests.scoreOrder}`),
      score: cp.score,
      scoreDecimals: contests.scoreDecimals,
      joinedAt: cp.joinedAt,
      format: contests.format,
      // How many share the member's score: in a bracket's placement, how many share the place.
      sharing: sql<number>`(SELECT count(*) FROM contest_participants p2
        WHERE p2.contest_id = ${cp.contestId} AND p2.score = ${cp.score})`,
    })
    .from(cp)
    .innerJoin(contests, eq(contests.id, cp.contestId))
    .where(participations(userId));
}

type ParticipationRow = Awaited<ReturnType<typeof participationRows>>[number];

/** A bracket contest's final place in words ('3rd-4th'), where its board is its placement. */
function placeOf(r: ParticipationRow): { place?: string } {
  if (!ranksByPlace(r) || r.score === null || r.rank === null) return {};
  return { place: placeText(r.score, Number(r.sharing)) };
}

/** A member's figures as of `now` (the clock unless a test sets it). */
interface MemberFiguresArgs {
  db: DB;
  userId: number;
  now?: number;
}

export async function memberDashboard({
  db,
  userId,
  now = Date.now(),
}: MemberFiguresArgs): Promise<TDashboard> {
  const at = new Date(now);
  const started = sql`${contests.startDate} <= ${timeValue(at)}`;
  const running = sql`${contests.status} = 'active' AND ${started} AND ${contests.endDate} > ${timeValue(at)}`;
  const [figures] = await db
    .select({
      active: sql<number>`coalesce(sum(CASE WHEN ${running} THEN 1 ELSE 0 END), 0)`,
      bestRank: sql<
        number | null
      >`min(CASE WHEN ${started} THEN ${rankColumn(sql`${contests.scoreOrder}`)} END)`,
    })
    .from(cp)
    .innerJoin(contests, eq(contests.id, cp.contestId))
    .where(participations(userId));
  const recent = (
    await participationRows(db, userId).orderBy(desc(cp.joinedAt), desc(cp.id)).limit(5)
  ).map((row) => {
    const { format: _format, sharing: _sharing, ...r } = row;
    return { ...r, ...placeOf(row) };
  });
  return {
    activeContests: figures?.active ?? 0,
    bestRank: figures?.bestRank ?? null,
    recent,
  };
}

export async function memberAnalytics({
  db,
  userId,
  now = Date.now(),
}: MemberFiguresArgs): Promise<TAnalytics> {
  const rows = await participationRows(db, userId);
  const over = rows.filter(
    (r) => r.status === 'completed' || (r.endDate !== null && r.endDate.getTime() <= now),
  );
  const history: TContestResult[] = over
    // A rank needs a score: a member never scored has no result.
    .filter((r) => r.rank !== null && r.score !== null && r.participants > 0)
    .map((r) => ({
      contestId: r.contestId,
      slug: r.slug,
      title: r.title,
      endDate: r.endDate,
      rank: r.rank!,
      participants: r.participants,
      percentile: round1((100 * (r.participants - r.rank! + 1)) / r.participants),
      score: r.score!,
      scoreDecimals: r.scoreDecimals,
      ...placeOf(r),
    }))
    .sort(
      (a, b) =>
        (a.endDate?.getTime() ?? 0) - (b.endDate?.getTime() ?? 0) || a.contestId - b.contestId,
    );
  const ranks = history.map((h) => h.rank);
  const mean = (values: number[]) =>
    values.length ? round1(values.reduce((sum, v) => sum + v, 0) / values.length) : null;
  return {
    joined: rows.length,
    completed: over.length,
    bestRank: ranks.length ? Math.min(...ranks) : null,
    averageRank: mean(ranks),
    percentile: mean(history.map((h) => h.percentile)),
    history,
  };
}

// ---------------------------------------------------------------------------------------------
// The admin dashboard

/** The tier a stored value reads as (premium as elite, none or unknown as free), in SQL. */
const tierOf = sql`CASE
  WHEN ${users.subscriptionTier} IN ('elite', 'premium') THEN 'elite'
  WHEN ${users.subscriptionTier} = 'pro' THEN 'pro'
  WHEN ${users.subscriptionTier} = 'standard' THEN 'standard'
  ELSE 'free' END`;

interface UsersPass {
  total: number;
  subscriptions: TTierBreakdown;
  /** Sign-ups per UTC day ('YYYY-MM-DD') since the given instant. */
  signups: Map<string, number>;
}

/**
 * Every figure about accounts in one pass over users: grouped by the sign-up day for the last
 * days and one group for everything older, each group counting members per tier (admins have
 * no tier and are not members of one).
 */
async function usersPass(db: DB, since: number): Promise<UsersPass> {
  const member = (tier: string) =>
    sql<number>`coalesce(sum(CASE WHEN ${users.role} <> 'admin' AND ${tierOf} = ${tier} THEN 1 ELSE 0 END), 0)`;
  const day = sql<
    string | null
  >`CASE WHEN ${users.createdAt} >= ${timeValue(new Date(since))} THEN ${utcDay(users.createdAt)} END`;
  const groups = await db
    .select({
      day,
      total: sql<number>`count(*)`,
      free: member('free'),
      standard: member('standard'),
      pro: member('pro'),
      elite: member('elite'),
    })
    .from(users)
    // By position: the day expression carries a bound value, and PostgreSQL would not see the
    // GROUP BY's copy of it (another parameter) as the same expression.
    .groupBy(sql`1`);
  const result: UsersPass = {
    total: 0,
    subscriptions: { free: 0, standard: 0, pro: 0, elite: 0 },
    signups: new Map(),
  };
  for (const g of groups) {
    result.total += g.total;
    for (const tier of ['free', 'standard', 'pro', 'elite'] as const) {
      result.subscriptions[tier] += g[tier];
    }
    if (g.day) result.signups.set(g.day, g.total);
  }
  return result;
}

/** Members per tier (Subscriptions & Payments). */
export async function tierBreakdown({ db }: { db: DB }): Promise<TTierBreakdown> {
  return (await usersPass(db, Date.now())).subscriptions;
}

export const SIGNUP_DAYS = 30;

export async function adminStats({
  db,
  now = Date.now(),
}: {
  db: DB;
  now?: number;
}): Promise<TAdminStats> {
  const today = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate(),
  );
  const since = today - (SIGNUP_DAYS - 1) * DAY_MS;
  const people = await usersPass(db, since);

  const byStatus = Object.fromEntries(
    (
      await db
        .select({ status: contests.status, n: sql<number>`count(*)` })
        .from(contests)
        .groupBy(contests.status)
    ).map((r) => [r.status, r.n]),
  ) as Partial<Record<string, number>>;
  const [proofs] = await db
    .select({ n: sql<number>`count(*)` })
    .from(paymentProofs)
    .where(eq(paymentProofs.status, 'pending'));
  const pendingProofs = proofs?.n ?? 0;
  const education = await countEducation({ db });

  const signupsPerDay = Array.from({ length: SIGNUP_DAYS }, (_, i) => {
    const date = new Date(since + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: people.signups.get(date) ?? 0 };
  });
  const status = (s: string) => byStatus[s] ?? 0;
  return {
    users: { total: people.total, subscriptions: people.subscriptions },
    contests: {
      active: status('active'),
      draft: status('draft'),
      completed: status('completed'),
      pending: status('pending'),
      rejected: status('rejected'),
    },
    education: { total: education },
    pendingContests: status('pending'),
    pendingProofs,
    signupsPerDay,
  };
}
