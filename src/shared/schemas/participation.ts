// Joining and leaving contests (participation.*), and a contest's leaderboard (leaderboard.*).
import { z } from 'zod';
import { ZRequiredText } from './requiredText';
import { SCORE_DECIMALS_MAX, SCORE_ORDERS } from '../contests';
import { TIERS } from '../constants';
import {
  SCORES_PER_CALL,
  SCORE_REFUSALS,
  SCORE_SOURCES,
  USERNAME_MAX,
  readScore,
  scoreMessage,
} from '../leaderboard';
import { INVITE_CODE_MAX, JOIN_REFUSALS, PARTICIPATION_MESSAGES } from '../participation';
import { ZContestId, ZContestListItemSchema } from './contests';
import { ZPage, ZPageSize, ZPageOf } from './paging';
import { ZLastEventId } from './streams';

/** An invite contest's code as a join (or a team's registration) sends it; ignored otherwise. */
export const ZOptionalInviteCode = z
  .string({ error: 'The invite code must be text' })
  .trim()
  .max(INVITE_CODE_MAX, 'That invite code is not valid for this contest.')
  .optional()
  .nullable();

export const ZJoinContestRequestSchema = z.object({
  contestId: ZContestId,
  inviteCode: ZOptionalInviteCode,
});
export type TJoinContestRequest = z.input<typeof ZJoinContestRequestSchema>;

/** The contest page's invite code field: a code is needed before asking the server. */
export const ZInviteCodeFormSchema = z.object({
  inviteCode: ZRequiredText(
    1,
    INVITE_CODE_MAX,
    'Enter the invite code',
    PARTICIPATION_MESSAGES.invite_wrong,
  ),
});

export const ZContestIdRequestSchema = z.object({ contestId: ZContestId });

/** One member's place in one contest. */
export const ZParticipantSchema = z.object({
  id: z.number().int(),
  contestId: z.number().int(),
  userId: z.number().int(),
  /** Null until a score is entered for them (then unranked too). */
  score: z.number().nullable(),
  /** Standard competition ranking (1, 2, 2, 4) among the contest's participants. */
  rank: z.number().int().nullable(),
  joinedAt: z.date(),
});
export type TParticipant = z.infer<typeof ZParticipantSchema>;

export const ZLeaveContestResponseSchema = z.object({
  contestId: z.number().int(),
  /** The contest's participant count after leaving. */
  participants: z.number().int(),
});

/** The member's latest entry-fee proof of a contest while it is not verified (contest page). */
export const ZFeeProofSchema = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'rejected']),
  /** The reviewer's reason for a rejection. */
  reason: z.string().nullable(),
  createdAt: z.date(),
});
export type TFeeProof = z.infer<typeof ZFeeProofSchema>;

/**
 * Where the caller stands with a contest, for the detail page's button: joined (with their
 * place), or what a join would be refused for right now (`refusal`, with the reason the join
 * itself would give) — without an invite code, so an invite contest says 'invite_required'.
 */
export const ZParticipationStatusSchema = z.object({
  contestId: z.number().int(),
  joined: z.boolean(),
  participant: ZParticipantSchema.nullable(),
  participants: z.number().int(),
  maxParticipants: z.number().int(),
  /** Whether a leave would be accepted now (joined and before the start). */
  canLeave: z.boolean(),
  refusal: z
    .object({
      reason: z.enum([...JOIN_REFUSALS]),
      message: z.string(),
      requiredTier: z.enum(TIERS).optional(),
      contestId: z.number().int().optional(),
    })
    .nullable(),
  /**
   * Paid contests, not joined: the caller's latest entry-fee proof when it awaits review or was
   * rejected (then they may send a new one); null otherwise.
   */
  feeProof: ZFeeProofSchema.nullable(),
  /** Joined a bracket contest that has ended: the caller's final place in words ('3rd-4th'). */
  place: z.string().optional(),
});
export type TParticipationStatus = z.infer<typeof ZParticipationStatusSchema>;

// ---------------------------------------------------------------------------------------------
// Leaderboards

export const ZLeaderboardRequestSchema = z.object({
  contestId: ZContestId,
  limit: z
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(100, 'Limit must be at most 100')
    .default(10),
  offset: z
    .number({ error: 'Offset must be a number' })
    .int('Offset must be a whole number')
    .min(0, 'Offset must be at least 0')
    .max(10_000_000, 'Offset is too large')
    .default(0),
});
export type TLeaderboardRequest = z.input<typeof ZLeaderboardRequestSchema>;

export const ZLeaderboardEntrySchema = z.object({
  rank: z.number().int().nullable(),
  userId: z.number().int(),
  username: z.string(),
  /** Null (and rank null, listed after the ranked) until a score is entered. */
  score: z.number().nullable(),
  /** Premium reads as elite; null for admins (who have no tier). */
  tier: z.enum(TIERS).nullable(),
  profileImage: z.string().nullable(),
  /** Team mode (issue 19): the row is a registered team's (its captain's): shown by its name. */
  teamId: z.number().int().nullable(),
  teamName: z.string().nullable(),
  /** A board of final places (ranksBy 'place'): the place in words ('3rd-4th'); else absent. */
  place: z.string().optional(),
  /** Disqualified by an organiser (issue 29): shown as 'DQ'; absent means not. */
  disqualified: z.boolean().optional(),
});
export type TLeaderboardEntry = z.infer<typeof ZLeaderboardEntrySchema>;

export const ZLeaderboardSchema = z.object({
  contestId: z.number().int(),
  /** The decimals every score is shown with, and whether lower scores rank first. */
  scoreDecimals: z.number().int(),
  scoreOrder: z.enum(SCORE_ORDERS),
  /**
   * 'place': a bracket contest's final placement (shared/places.ts), shown as places, not
   * points; absent: ranked by score.
   */
  ranksBy: z.literal('place').optional(),
  /** Every participant, not only this page. */
  total: z.number().int(),
  entries: z.array(ZLeaderboardEntrySchema),
  /** The caller's own place, wherever it is (null when they do not take part). */
  me: z
    .object({
      rank: z.number().int().nullable(),
      score: z.number().nullable(),
      /** Team mode: the caller's place is their team's (this row of the board). */
      teamId: z.number().int().nullable(),
      /** As an entry's place. */
      place: z.string().optional(),
    })
    .nullable(),
});
export type TLeaderboard = z.infer<typeof ZLeaderboardSchema>;

export const ZLeaderboardContestsRequestSchema = z
  .object({ page: ZPage.default(1), pageSize: ZPageSize(50).default(12) })
  .default({ page: 1, pageSize: 12 });

/** A contest of the leaderboards page: part of a list item, with the caller's rank there. */
export const ZLeaderboardContestSchema = ZContestListItemSchema.pick({
  id: true,
  slug: true,
  title: true,
  shortDescription: true,
  coverImage: true,
  category: true,
  status: true,
  startDate: true,
  endDate: true,
  participants: true,
  prize: true,
}).extend({
  /** The caller's rank there, when they take part. */
  myRank: z.number().int().nullable(),
});
export type TLeaderboardContest = z.infer<typeof ZLeaderboardContestSchema>;

export const ZLeaderboardContestsResponseSchema = ZPageOf(ZLeaderboardContestSchema);

/** A score as sent: a number, or text as a CSV holds it; each is checked line by line. */
const ZScoreLine = z.object({
  username: ZRequiredText(
    1,
    USERNAME_MAX,
    'Each score needs a username',
    `A username is at most ${USERNAME_MAX} characters`,
  ),
  score: z.union([z.number(), z.string().max(30)], {
    error: 'Each score needs a score (a number)',
  }),
});

/**
 * The contest page's one-by-one score form for a contest taking `decimals` decimals: a username
 * and a score (typed as text), checked with the same rules as a CSV line.
 */
export function scoreEntryFormSchema(decimals: number = SCORE_DECIMALS_MAX) {
  return z.object({
    username: ZScoreLine.shape.username,
    score: z
      .union([z.number(), z.string()], { error: 'Enter a score' })
      .refine((value) => String(value).trim() !== '', 'Enter a score')
      .superRefine((value, ctx) => {
        if (String(value).trim() === '') return;
        const read = readScore(value, decimals);
        if ('refusal' in read) {
          ctx.addIssue({ code: 'custom', message: scoreMessage(read.refusal, decimals) });
        }
      }),
  });
}
export const ZScoreEntryFormSchema = scoreEntryFormSchema();
export type TScoreEntryForm = z.input<typeof ZScoreEntryFormSchema>;

export const ZSetScoresRequestSchema = z.object({
  contestId: ZContestId,
  /** How the scores were entered, for the score history (REST calls are recorded as 'rest'). */
  source: z
    .enum(SCORE_SOURCES, { error: `Source must be one of ${SCORE_SOURCES.join(', ')}` })
    .default('form'),
  scores: z
    .array(ZScoreLine, { error: 'Send the scores as a list of { username, score }' })
    .min(1, 'Send at least one score')
    .max(SCORES_PER_CALL, `Send at most ${SCORES_PER_CALL} scores at a time`),
});
export type TSetScoresRequest = z.input<typeof ZSetScoresRequestSchema>;

export const ZSetScoresResponseSchema = z.object({
  /** How many lines were accepted (their scores are now stored and ranked). */
  updated: z.number().int(),
  refused: z.array(
    z.object({
      /** The position of the line in `scores` (0-based). */
      index: z.number().int(),
      username: z.string(),
      reason: z.enum(SCORE_REFUSALS),
      message: z.string(),
    }),
  ),
});
export type TSetScoresResponse = z.infer<typeof ZSetScoresResponseSchema>;

export const ZLeaderboardChangeRequestSchema = z.object({
  contestId: ZContestId,
  lastEventId: ZLastEventId,
});

/** What the live subscription emits: "this leaderboard changed, read it again". */
export interface TLeaderboardChange {
  contestId: number;
  version: number;
}
