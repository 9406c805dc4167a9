// A contest's final results (issue 30): its standings frozen from its format when it ends, what
// still blocks the freeze, the organiser's confirmation or reopening, and each place's prize.
// `GET /api/contests/{id}/results`, `POST .../results/freeze`, `.../confirm`, `.../reopen`.
import { z } from 'zod';
import { PRIZE_CURRENCIES } from '../prizes';
import { FORFEIT_DECISIONS } from '../payouts';
import { ZContestId } from './contestId';
import { ZRequiredText } from './requiredText';

export const RESULT_STATUSES = ['open', 'frozen', 'confirmed'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

export const RESULT_STATUS_LABELS: Record<ResultStatus, string> = {
  open: 'Not final yet',
  frozen: 'Frozen: awaiting confirmation',
  confirmed: 'Confirmed',
};

/**
 * What keeps standings from being frozen: the contest has not ended; a match is still to be
 * played; a reported result waits for the opponent; a result is disputed.
 */
export const RESULT_BLOCKERS = [
  'not_ended',
  'unfinished_match',
  'unreviewed_match',
  'open_dispute',
] as const;
export type ResultBlockerKind = (typeof RESULT_BLOCKERS)[number];

export const ZResultBlocker = z.object({
  kind: z.enum(RESULT_BLOCKERS),
  /** 'Round 2, match 3: alice vs bob is disputed' */
  message: z.string(),
  matchId: z.number().int().nullable(),
});
export type TResultBlocker = z.infer<typeof ZResultBlocker>;

export const ZPrizeAmount = z.object({ amount: z.string(), currency: z.enum(PRIZE_CURRENCIES) });

/** One entrant of the standings: a member, or a team (its members share its prize). */
export const ZResultStanding = z.object({
  /** The place after the disqualified are taken out (competition ranking); null: unplaced. */
  place: z.number().int().nullable(),
  /** '2nd', '3rd-4th' */
  placeText: z.string().nullable(),
  userId: z.number().int().nullable(),
  teamId: z.number().int().nullable(),
  name: z.string(),
  /** The board's score (scored boards) or the bracket's place; null without one. */
  score: z.number().nullable(),
  disqualified: z.boolean(),
  /** The prize of this place (a tie: its equal share); null: none. */
  prize: ZPrizeAmount.nullable(),
  /** A team's members with each one's share of the prize (empty for a member). */
  members: z.array(
    z.object({ userId: z.number().int(), name: z.string(), prize: ZPrizeAmount.nullable() }),
  ),
});
export type TResultStanding = z.infer<typeof ZResultStanding>;

export const ZResults = z.object({
  contestId: z.number().int(),
  status: z.enum(RESULT_STATUSES),
  /** Frozen or confirmed: as frozen; open: as they stand now. */
  standings: z.array(ZResultStanding),
  /** What keeps an open contest's standings from being frozen (empty when nothing does). */
  blockers: z.array(ZResultBlocker),
  /** What rounding down left unpaid, per currency. */
  remainder: z.array(ZPrizeAmount),
  frozenAt: z.date().nullable(),
  confirmedAt: z.date().nullable(),
  confirmedBy: z.string().nullable(),
  /** The reason of the last reopening, while the results are open again. */
  reopenReason: z.string().nullable(),
  /** Whether the viewer may freeze, confirm and reopen (the organiser). */
  canManage: z.boolean(),
  /**
   * The organiser's view only (empty for others): the confirmed results' forfeited prizes, each
   * with the decision taken (null: still to decide whether it passes to the next place).
   */
  forfeits: z.array(
    z.object({
      payoutId: z.number().int(),
      username: z.string(),
      placeText: z.string(),
      amount: z.string(),
      currency: z.enum(PRIZE_CURRENCIES),
      decision: z.enum(FORFEIT_DECISIONS).nullable(),
    }),
  ),
});
export type TResults = z.infer<typeof ZResults>;

export const RESULT_LIMITS = { reasonMin: 3, reasonMax: 500 } as const;

export const ZReopenResultsInput = z.object({
  contestId: ZContestId,
  reason: ZRequiredText(
    RESULT_LIMITS.reasonMin,
    RESULT_LIMITS.reasonMax,
    `Give a reason of at least ${RESULT_LIMITS.reasonMin} characters`,
    `A reason has at most ${RESULT_LIMITS.reasonMax} characters`,
  ),
});
export type TReopenResultsInput = z.infer<typeof ZReopenResultsInput>;

export const RESULT_MESSAGES = {
  notOrganiser: "Only the contest's creator, moderators and admins can manage its results",
  results_blocked: 'The standings cannot be frozen yet: see what still blocks them',
  not_frozen: 'Freeze the standings before confirming them',
  already_confirmed: 'These results are already confirmed',
  payouts_started: 'A payout of these results has been approved: they can no longer be reopened',
  not_final: 'These results are open: there is nothing to reopen',
  not_started: 'The contest has not started: there are no results to freeze',
} as const;
