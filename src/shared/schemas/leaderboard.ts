// A contest's score history (leaderboard.scoreHistory): every score change, newest first, for
// the contest's creator, moderators and admins.
import { z } from 'zod';
import { SCORE_SOURCES } from '../leaderboard';
import { ZContestId } from './contests';
import { pageRequestFields, pageResponseFields } from './paging';

export const ZScoreHistoryRequestSchema = z.object({
  contestId: ZContestId,
  ...pageRequestFields(100, 20),
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
  ...pageResponseFields,
});
export type TScoreHistory = z.infer<typeof ZScoreHistoryResponseSchema>;
