// Figures: the member's dashboard and analytics (me.*), and the admin dashboard (admin.stats,
// SPEC 3 'Admin stats' plus what an operator needs).
import { z } from 'zod';
import { CONTEST_STATUSES } from '../contests';
import { ZTierBreakdownSchema } from './payments';

/** The contest a figure is about, as a link to it needs (/contests/<slug>). */
const contestLinkFields = { contestId: z.number().int(), slug: z.string(), title: z.string() };

export const ZRecentParticipationSchema = z.object({
  ...contestLinkFields,
  status: z.enum(CONTEST_STATUSES),
  registrationDeadline: z.date().nullable(),
  startDate: z.date().nullable(),
  endDate: z.date().nullable(),
  /** When its bracket was generated (bracket formats): the lifecycle reads it. */
  bracketGeneratedAt: z.date().nullable(),
  participants: z.number().int(),
  rank: z.number().int().nullable(),
  /** Null until a score is entered (rank null too). */
  score: z.number().nullable(),
  /** The decimals the contest's scores are shown with. */
  scoreDecimals: z.number().int(),
  /** A bracket contest that has ended: the final place in words ('3rd-4th'), shown for the score. */
  place: z.string().optional(),
  joinedAt: z.date(),
});
export type TRecentParticipation = z.infer<typeof ZRecentParticipationSchema>;

export const ZDashboardSchema = z.object({
  /** Running contests (active, started, not ended) the member takes part in. */
  activeContests: z.number().int(),
  /** Their best rank in a contest that has started (running or over); null = '-'. */
  bestRank: z.number().int().nullable(),
  /** Their latest participations, newest first (at most 5). */
  recent: z.array(ZRecentParticipationSchema),
});
export type TDashboard = z.infer<typeof ZDashboardSchema>;

export const ZContestResultSchema = z.object({
  ...contestLinkFields,
  endDate: z.date().nullable(),
  rank: z.number().int(),
  participants: z.number().int(),
  /** Share of the field at or below the member: 100 × (participants − rank + 1) / participants,
   * one decimal (first of 10 = 100, last of 10 = 10). */
  percentile: z.number(),
  score: z.number(),
  /** The decimals the contest's scores are shown with. */
  scoreDecimals: z.number().int(),
  /** A bracket contest: the final place in words ('3rd-4th'), shown for the score. */
  place: z.string().optional(),
});
export type TContestResult = z.infer<typeof ZContestResultSchema>;

export const ZAnalyticsSchema = z.object({
  /** Contests joined (that members can see). */
  joined: z.number().int(),
  /** Of those, the ones that are over (completed, or past their end date). */
  completed: z.number().int(),
  /** Over the results in `history`; null when there is none. */
  bestRank: z.number().int().nullable(),
  /** One decimal. */
  averageRank: z.number().nullable(),
  /** The average of the results' percentiles, one decimal. */
  percentile: z.number().nullable(),
  /** Results of contests that are over, oldest first (for the chart over time). */
  history: z.array(ZContestResultSchema),
});
export type TAnalytics = z.infer<typeof ZAnalyticsSchema>;

export const ZAdminStatsSchema = z.object({
  users: z.object({
    total: z.number().int(),
    /** Members by tier (admins have none and are not counted; premium counts as elite). */
    subscriptions: ZTierBreakdownSchema,
  }),
  contests: z.object({
    active: z.number().int(),
    draft: z.number().int(),
    completed: z.number().int(),
    pending: z.number().int(),
    rejected: z.number().int(),
  }),
  education: z.object({ total: z.number().int() }),
  /** Contests awaiting review (/admin/contests?tab=pending). */
  pendingContests: z.number().int(),
  /** Payment proofs awaiting review (/admin/subscriptions). */
  pendingProofs: z.number().int(),
  /** Accounts created per UTC day, the last 30 days, oldest first, days without any as 0. */
  signupsPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type TAdminStats = z.infer<typeof ZAdminStatsSchema>;
