// Payout lines (issue 30): one per winner and currency, made when results are confirmed. Admins
// list, filter, total and export them and take each step (approve, sent, failed, forfeited);
// members read their own. `GET /api/payouts`, `PATCH /api/payouts/{id}`, `GET /api/payouts.csv`.
import { z } from 'zod';
import { PRIZE_CURRENCIES } from '../prizes';
import { PAYMENT_NETWORKS, isValidTxHash, txHashFormatMessage } from '../payments';
import {
  FORFEIT_DECISIONS,
  PAYOUT_ADMIN_STEPS,
  PAYOUT_LIMITS,
  PAYOUT_MESSAGES,
  PAYOUT_STATUSES,
} from '../payouts';
import { pageRequestFields, ZPageOf } from './paging';
import { ZRowId } from './rowId';
import { ZPrizeAmount } from './results';

export const ZPayoutId = ZRowId('payout');

export const ZPayout = z.object({
  id: z.number().int(),
  contestId: z.number().int().nullable(),
  contestTitle: z.string(),
  contestSlug: z.string().nullable(),
  userId: z.number().int().nullable(),
  /** The member as they were named ('Deleted user' once the account is gone). */
  username: z.string(),
  teamName: z.string().nullable(),
  place: z.number().int(),
  placeText: z.string(),
  amount: z.string(),
  currency: z.enum(PRIZE_CURRENCIES),
  status: z.enum(PAYOUT_STATUSES),
  /** The payout method in words: whole for admins, masked for the member ('USDT to 0x12…cdef'). */
  method: z.string().nullable(),
  network: z.enum(PAYMENT_NETWORKS).nullable(),
  /** The transaction hash as its network writes it, or the bank/PayPal reference. */
  reference: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  reason: z.string().nullable(),
  /** A forfeited line: the organiser's decision (null while undecided). */
  forfeitDecision: z.enum(FORFEIT_DECISIONS).nullable(),
  /** A line passed on from a forfeited one: that line's id. */
  passedFromId: z.number().int().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.date().nullable(),
  sentBy: z.string().nullable(),
  sentAt: z.date().nullable(),
  confirmedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TPayout = z.infer<typeof ZPayout>;

export const ZListPayoutsInput = z.object({
  status: z.enum(PAYOUT_STATUSES).optional(),
  contestId: ZRowId('contest').optional(),
  userId: ZRowId('user').optional(),
  ...pageRequestFields(100, 25),
});
export type TListPayoutsInput = z.input<typeof ZListPayoutsInput>;

export const ZPayoutList = ZPageOf(ZPayout).extend({
  /** The filtered lines' totals per currency (every page, not this one alone). */
  totals: z.array(ZPrizeAmount),
});
export type TPayoutList = z.infer<typeof ZPayoutList>;

/** An admin's step on a line: a sent crypto line names its network and hash. */
export const ZUpdatePayoutInput = z
  .object({
    id: ZPayoutId,
    status: z.enum(PAYOUT_ADMIN_STEPS, {
      error: `Status must be one of ${PAYOUT_ADMIN_STEPS.join(', ')}`,
    }),
    reference: z
      .string()
      .trim()
      .max(PAYOUT_LIMITS.referenceMax, PAYOUT_MESSAGES.referenceLength)
      .optional(),
    network: z.enum(PAYMENT_NETWORKS).optional(),
    reason: z.string().trim().max(PAYOUT_LIMITS.reasonMax, PAYOUT_MESSAGES.reasonMax).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'sent') {
      if (!v.reference) {
        ctx.addIssue({
          code: 'custom',
          path: ['reference'],
          message: PAYOUT_MESSAGES.referenceRequired,
        });
      } else if (v.network && !isValidTxHash(v.network, v.reference)) {
        ctx.addIssue({
          code: 'custom',
          path: ['reference'],
          message: txHashFormatMessage(v.network),
        });
      } else if (!v.network && v.reference.length < PAYOUT_LIMITS.referenceMin) {
        ctx.addIssue({
          code: 'custom',
          path: ['reference'],
          message: PAYOUT_MESSAGES.referenceLength,
        });
      }
    }
    if (v.status === 'failed' && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: PAYOUT_MESSAGES.reasonRequired });
    }
  });
export type TUpdatePayoutInput = z.infer<typeof ZUpdatePayoutInput>;

export const ZPayoutRef = z.object({ id: ZPayoutId });

/** The organiser's decision on a forfeited line (POST /api/payouts/{id}/forfeit-decision). */
export const ZForfeitDecisionInput = z.object({
  id: ZPayoutId,
  decision: z.enum(FORFEIT_DECISIONS, {
    error: `Decision must be one of ${FORFEIT_DECISIONS.join(', ')}`,
  }),
});
export type TForfeitDecisionInput = z.infer<typeof ZForfeitDecisionInput>;

/** What a decision did: the line decided, and the lines it made for the next place. */
export const ZForfeitDecision = z.object({
  payout: ZPayout,
  passedTo: z.array(ZPayout),
});
export type TForfeitDecision = z.infer<typeof ZForfeitDecision>;

/** A member's totals paid per year and currency (sent or confirmed lines), for tax reporting. */
export const ZYearlyTotals = z.object({
  userId: z.number().int(),
  username: z.string(),
  years: z.array(z.object({ year: z.number().int(), totals: z.array(ZPrizeAmount) })),
});
export type TYearlyTotals = z.infer<typeof ZYearlyTotals>;

export const ZYearlyTotalsInput = z.object({ userId: ZRowId('user') });

/** The CSV of the filtered lines (every page), as `GET /api/payouts.csv` sends it. */
export const ZPayoutCsvInput = ZListPayoutsInput.omit({ page: true, pageSize: true });
