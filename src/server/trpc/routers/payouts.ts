// Payout lines (issue 30): `list` answers admins every line by the filters and members their own;
// an admin takes each step (`update`: approved, sent, failed, forfeited; 409 same_admin,
// already_sent, tx_hash_used), exports the CSV and reads a member's yearly totals; the winner
// confirms a sent payout arrived. The rules are in domain/payouts.
import { z } from 'zod';
import {
  ZForfeitDecision,
  ZForfeitDecisionInput,
  ZListPayoutsInput,
  ZPayout,
  ZPayoutCsvInput,
  ZPayoutList,
  ZPayoutRef,
  ZUpdatePayoutInput,
  ZYearlyTotals,
  ZYearlyTotalsInput,
} from '../../../shared/schemas/payouts';
import * as payouts from '../../domain/payouts';
import * as results from '../../domain/results';
import { adminProcedure, protectedProcedure, router } from '../trpc';
import { inTransaction } from './resolve';

export const payoutsRouter = router({
  list: protectedProcedure
    .input(ZListPayoutsInput)
    .output(ZPayoutList)
    .query(({ ctx, input }) => payouts.listPayouts(ctx.db, ctx.actor, input)),

  update: adminProcedure
    .input(ZUpdatePayoutInput)
    .output(ZPayout)
    .mutation(inTransaction(payouts.updatePayout)),

  confirmReceived: protectedProcedure
    .input(ZPayoutRef)
    .output(ZPayout)
    .mutation(inTransaction(payouts.confirmPayoutReceived)),

  // The organiser (creator, moderators, admins) passes a forfeited prize to the next place or keeps it.
  decideForfeit: protectedProcedure
    .input(ZForfeitDecisionInput)
    .output(ZForfeitDecision)
    .mutation(inTransaction(results.decideForfeit)),

  csv: adminProcedure
    .input(ZPayoutCsvInput)
    .output(z.string())
    .query(({ ctx, input }) => payouts.payoutsCsv(ctx.db, ctx.actor, input)),

  yearly: adminProcedure
    .input(ZYearlyTotalsInput)
    .output(ZYearlyTotals)
    .query(({ ctx, input }) => payouts.yearlyTotals(ctx.db, ctx.actor, input)),
});
