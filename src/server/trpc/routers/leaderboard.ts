// Leaderboards (SPEC 2.8): the contests that have one, a contest's ranked list, scores, and the
// live subscription (server-sent events) that tells an open leaderboard it changed.
import {
  ZLeaderboardChangeRequestSchema,
  ZLeaderboardContestsRequestSchema,
  ZLeaderboardContestsResponseSchema,
  ZLeaderboardRequestSchema,
  ZLeaderboardSchema,
  ZSetScoresRequestSchema,
  ZSetScoresResponseSchema,
} from '../../../shared/schemas/participation';
import {
  ZScoreHistoryRequestSchema,
  ZScoreHistoryResponseSchema,
} from '../../../shared/schemas/leaderboard';
import * as leaderboard from '../../domain/participation/leaderboard';
import { leaderboardChanges } from '../../platform/events';
import { protectedProcedure, router } from '../trpc';
import { contestChanges } from './resolve';

export const leaderboardRouter = router({
  contests: protectedProcedure
    .input(ZLeaderboardContestsRequestSchema)
    .output(ZLeaderboardContestsResponseSchema)
    .query(({ ctx, input }) =>
      leaderboard.listLeaderboardContests({ db: ctx.db, viewer: ctx.actor, ...input }),
    ),

  get: protectedProcedure
    .input(ZLeaderboardRequestSchema)
    .output(ZLeaderboardSchema)
    .query(({ ctx, input }) =>
      leaderboard.getLeaderboard({ db: ctx.db, viewer: ctx.actor, ...input }),
    ),

  // Creator, moderators, admins: checked per contest in the service (others 403, or 404 when
  // they may not see the contest).
  setScores: protectedProcedure
    .input(ZSetScoresRequestSchema)
    .output(ZSetScoresResponseSchema)
    .mutation(({ ctx, input }) =>
      leaderboard.setScores({ db: ctx.db, actor: ctx.actor, ...input }),
    ),

  // Creator, moderators, admins, as for entering scores (others 403, or 404 when hidden).
  scoreHistory: protectedProcedure
    .input(ZScoreHistoryRequestSchema)
    .output(ZScoreHistoryResponseSchema)
    .query(({ ctx, input }) =>
      leaderboard.getScoreHistory({ db: ctx.db, viewer: ctx.actor, ...input }),
    ),

  /**
   * Emits `{ contestId, version }` (a tracked event) whenever the contest's leaderboard changes:
   * the client reads leaderboard.get again. Who may see the leaderboard is checked before the
   * stream starts; a client that reconnects with its last event id hears of a missed change.
   */
  onChange: protectedProcedure
    .input(ZLeaderboardChangeRequestSchema)
    .subscription(contestChanges(leaderboard.leaderboardContest, leaderboardChanges)),
});
