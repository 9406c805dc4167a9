// Reports of matches (issues 19 and 29): a result as reported (scores, per-game scores in a
// best-of-N match, or a forfeit), the opponent's dispute with their own result and reason, the
// organiser's decision of a dispute, and both sides of a dispute as the reads answer them.
import { z } from 'zod';
import { ZRowId } from './rowId';

export const ZMatchId = ZRowId('match');

export const ZParticipantId = ZRowId('participant');

const ZMatchScore = z
  .number({ error: 'A score is a number' })
  .int('A score is a whole number')
  .min(0, 'A score is at least 0')
  .max(1_000_000, 'A score is at most 1,000,000');

/** Two scores, the first participant's first. */
const ZScorePair = z.tuple([ZMatchScore, ZMatchScore], { error: 'Give both scores' });

/** A best-of-N match's games in order, each with both scores. */
const ZGames = z
  .array(z.tuple([ZMatchScore, ZMatchScore], { error: 'Give both scores of each game' }), {
    error: 'Give the games as a list of score pairs',
  })
  .min(1, 'Give at least one game')
  .max(7, 'A match has at most 7 games');

const gamesNeedScores = {
  message: "Give the match's scores with its games",
  path: ['games'],
};

/**
 * A result: the two scores (the higher wins; equal is a draw where the format allows it) and, in
 * a best-of-N match, each game's scores; or a forfeit.
 */
export const ZMatchReport = z
  .object({
    scores: ZScorePair.optional(),
    games: ZGames.optional(),
    /** The participant who forfeits (or is disqualified); the other wins. */
    forfeit: ZParticipantId.optional(),
  })
  .refine((v) => (v.scores === undefined) !== (v.forfeit === undefined), {
    message: 'Give either the scores or the participant who forfeits',
  })
  .refine((v) => v.games === undefined || v.scores !== undefined, gamesNeedScores);
export const ZReportMatchInput = z.object({ matchId: ZMatchId }).and(ZMatchReport);
export type TReportMatchInput = z.infer<typeof ZReportMatchInput>;

export const ZMatchRef = z.object({ matchId: ZMatchId });

/** A dispute: the result the disputer says it was (scores, and games when best-of-N) and why. */
export const ZDisputeMatchInput = z.object({
  matchId: ZMatchId,
  scores: ZScorePair,
  games: ZGames.optional(),
  reason: z.string().trim().max(500, 'A reason is at most 500 characters').optional(),
});
export type TDisputeMatchInput = z.infer<typeof ZDisputeMatchInput>;

/** Which side of a dispute the organiser accepts. */
export const DISPUTE_SIDES = ['reported', 'disputed'] as const;

/**
 * The organiser's decision of a disputed match: accept the reported result or the disputed one,
 * or enter a third (scores, games, or a forfeit).
 */
export const ZDecideMatchInput = z
  .object({
    matchId: ZMatchId,
    accept: z
      .enum(DISPUTE_SIDES, { error: 'Accept the reported or the disputed result' })
      .optional(),
    scores: ZScorePair.optional(),
    games: ZGames.optional(),
    forfeit: ZParticipantId.optional(),
  })
  .refine((v) => [v.accept, v.scores, v.forfeit].filter((x) => x !== undefined).length === 1, {
    message: 'Accept one of the two results, or give the scores or the participant who forfeits',
  })
  .refine((v) => v.games === undefined || v.scores !== undefined, gamesNeedScores);
export type TDecideMatchInput = z.infer<typeof ZDecideMatchInput>;

/** A participant as a report names them. */
const ZReportParticipant = z.object({ id: z.number().int(), name: z.string() });
const ZScoresOut = z.tuple([z.number(), z.number()]);

/** What a participant reported: scores (and games), or who forfeits; who, and when. */
export const ZReportedSide = z.object({
  by: ZReportParticipant,
  scores: ZScoresOut.nullable(),
  games: z.array(ZScoresOut).nullable(),
  /** The participant who forfeits, when the report is a forfeit. */
  forfeit: z.number().int().nullable(),
  at: z.date(),
});
export type TReportedSide = z.infer<typeof ZReportedSide>;

/** The opponent's dispute: the result they say it was (null on disputes before it was asked). */
export const ZDisputedSide = z.object({
  by: ZReportParticipant,
  scores: ZScoresOut.nullable(),
  games: z.array(ZScoresOut).nullable(),
  reason: z.string().nullable(),
  at: z.date(),
});
export type TDisputedSide = z.infer<typeof ZDisputedSide>;
