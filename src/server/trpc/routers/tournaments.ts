// Tournaments (issue 19): generating a contest's bracket, reading it (bracket, standings,
// matches, the caller's next match), results (report, confirm, dispute, schedule), the
// moderators' queue of disputes and the live news of a bracket. The rules and their refusals
// (error data `reason`) are in domain/tournaments.
import { tracked } from '@trpc/server';
import { z } from 'zod';
import {
  ZBracket,
  ZContestRef,
  ZDisputedMatch,
  ZGenerateBracketInput,
  ZGenerateBracketResponse,
  ZMatch,
  ZDisputeMatchInput,
  ZMatchRef,
  ZMatchesInput,
  ZReportMatchInput,
  ZScheduleMatchInput,
  ZNextMatch,
  ZStandings,
} from '../../../shared/schemas/tournaments';
import { ZEntrants } from '../../../shared/schemas/tournamentEntrants';
import * as tournaments from '../../domain/tournaments';
import { bracketChanges } from '../../platform/events';
import { moderatorProcedure, protectedProcedure, router } from '../trpc';

export const tournamentsRouter = router({
  // Creator, moderators, admins (others 403 not_organiser; a hidden contest 404).
  generate: protectedProcedure
    .input(ZGenerateBracketInput)
    .output(ZGenerateBracketResponse)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction((tx) => tournaments.generateBracket(tx, ctx.actor, input)),
    ),

  /** Who would be seeded, best score first (the generate dialog's manual order); organiser only. */
  entrants: protectedProcedure
    .input(ZContestRef)
    .output(ZEntrants)
    .query(({ ctx, input }) => tournaments.readEntrants(ctx.db, ctx.actor, input.contestId)),

  bracket: protectedProcedure
    .input(ZContestRef)
    .output(ZBracket)
    .query(({ ctx, input }) => tournaments.readBracket(ctx.db, ctx.actor, input.contestId)),

  standings: protectedProcedure
    .input(ZContestRef)
    .output(ZStandings)
    .query(({ ctx, input }) => tournaments.readStandings(ctx.db, ctx.actor, input.contestId)),

  matches: protectedProcedure
    .input(ZMatchesInput)
    .output(z.array(ZMatch))
    .query(({ ctx, input }) => tournaments.readMatches(ctx.db, ctx.actor, input)),

  /** The caller's next match in any contest (the dashboard), or null. */
  nextMatch: protectedProcedure
    .output(ZNextMatch.nullable())
    .query(({ ctx }) => tournaments.readNextMatch(ctx.db, ctx.actor)),

  /** The caller's next match in one contest (its page), or null. */
  nextMatchIn: protectedProcedure
    .input(ZContestRef)
    .output(ZNextMatch.nullable())
    .query(({ ctx, input }) => tournaments.readNextMatch(ctx.db, ctx.actor, input.contestId)),

  /**
   * A result: the organiser's is applied; a participant's (self-reporting on) waits for the
   * opponent. `{ scores: [a, b] }` or `{ forfeit: participantId }`.
   */
  report: protectedProcedure
    .input(ZReportMatchInput)
    .output(ZMatch)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction((tx) => tournaments.reportMatch(tx, ctx.actor, input)),
    ),

  /** The opponent confirms a reported result (applied). */
  confirm: protectedProcedure
    .input(ZMatchRef)
    .output(ZMatch)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction((tx) => tournaments.confirmMatch(tx, ctx.actor, input)),
    ),

  /** The opponent disputes a reported result (the moderators' queue). */
  dispute: protectedProcedure
    .input(ZDisputeMatchInput)
    .output(ZMatch)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction((tx) => tournaments.disputeMatch(tx, ctx.actor, input)),
    ),

  /** The organiser sets or clears a match's time. */
  schedule: protectedProcedure
    .input(ZScheduleMatchInput)
    .output(ZMatch)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction((tx) => tournaments.scheduleMatch(tx, ctx.actor, input)),
    ),

  match: protectedProcedure
    .input(ZMatchRef)
    .output(ZMatch)
    .query(({ ctx, input }) => tournaments.readMatch(ctx.db, ctx.actor, input.matchId)),

  /** Moderators' queue: disputed results across contests. */
  disputes: moderatorProcedure
    .output(z.array(ZDisputedMatch))
    .query(({ ctx }) => tournaments.readDisputes(ctx.db, ctx.actor)),

  /**
   * Emits `{ contestId, version }` (a tracked event) whenever the contest's bracket changes: the
   * client reads the bracket, standings and matches again. Who may see the contest is checked
   * before the stream starts.
   */
  bracketChanges: protectedProcedure
    .input(ZContestRef)
    .subscription(async ({ ctx, input, signal }) => {
      await tournaments.assertVisible(ctx.db, ctx.actor, input.contestId);
      const changes = await bracketChanges({
        db: ctx.db,
        ...input,
        viewerId: ctx.actor.id,
        signal,
      });
      return (async function* () {
        for await (const event of changes) yield tracked(event.id, event.change);
      })();
    }),
});
