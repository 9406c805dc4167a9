// A contest's score history (leaderboard.scoreHistory): every score change, newest first, for
// the contest's creator, moderators and admins.
import { z } from 'zod';
import { SCORE_SOURCES } from '../leaderboard';
import { ZContestId } from './contests';
import { ZPage, ZPageSize } from './paging';

export const ZScoreHistoryRequestSchema = z.object({
  contestId: ZContestId,
  page: ZPage.default(1),
  pageSize: ZPageSize(100).default(20),
});
export type TScoreHistoryRequest = z.input<typeof ZScoreHistoryRequestSchema>;

export const ZScoreHistoryEntrySchema = z.object({
  id: z.number().int(),
  /** The member whose score changed (null once their account is gone; the name stays). */
  userId: z.number().int().nullable(),
  username: z.string(),
  /** Null: the member had no score before. */
  oldScore: z.number().nullable(),
  newScore: z.number(),
  /** Who changed it (null once that account is gone; the name stays). */
  changedBy: z.number().int().nullable(),
  changedByName: z.string(),
  source: z.enum(SCORE_SOURCES),
  createdAt: z.date(),
});
export type TScoreHistoryEntry = z.infer<typeof ZScoreHistoryEntrySchema>;

export const ZScoreHistoryResponseSchema = z.object({
  contestId: z.number().int(),
  /** The decimals the scores are shown with. */
  scoreDecimals: z.number().int(),
  items: z.array(ZScoreHistoryEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TScoreHistory = z.infer<typeof ZScoreHistoryResponseSchema>;
