// Tournaments (issue 19): generating a contest's bracket, reading it (bracket, standings,
// matches, the caller's next match), results (report, confirm, dispute, schedule), the
// moderators' queue of disputes and the live news of a bracket. The rules and their refusals
// (error data `reason`) are in domain/tournaments.
import { z } from 'zod';
import {
  ZBracket,
  ZContestRef,
  ZDisputedMatch,
  ZGenerateBracketInput,
  ZGenerateBracketResponse,
  ZMatch,
  ZDecideMatchInput,
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
import type { Actor } from '../../platform/actor';
import { bracketChanges } from '../../platform/events';
import { moderatorProcedure, protectedProcedure, router } from '../trpc';
import { contestChanges, inTransaction, type SignedInContext } from './resolve';

/** A read of one contest's tournament, as far as the caller may see it. */
function ofContest<O>(read: (db: SignedInContext['db'], actor: Actor, contestId: number) => O) {
  return ({ ctx, input }: { ctx: SignedInContext; input: { contestId: number } }) =>
    read(ctx.db, ctx.actor, input.contestId);
}

export const tournamentsRouter = router({
  // Creator, moderators, admins (others 403 not_organiser; a hidden contest 404).
  generate: protectedProcedure
    .input(ZGenerateBracketInput)
    .output(ZGenerateBracketResponse)
    .mutation(inTransaction(tournaments.generateBracket)),

  /** Who would be seeded, best score first (the generate dialog's manual order); organiser only. */
  entrants: protectedProcedure
    .input(ZContestRef)
    .output(ZEntrants)
    .query(ofContest(tournaments.readEntrants)),

  bracket: protectedProcedure
    .input(ZContestRef)
    .output(ZBracket)
    .query(ofContest(tournaments.readBracket)),

  standings: protectedProcedure
    .input(ZContestRef)
    .output(ZStandings)
    .query(ofContest(tournaments.readStandings)),

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
    .query(ofContest(tournaments.readNextMatch)),

  /**
   * A result: the organiser's is applied; a participant's (self-reporting on) waits for the
   * opponent. `{ scores: [a, b] }` or `{ forfeit: participantId }`.
   */
  report: protectedProcedure
    .input(ZReportMatchInput)
    .output(ZMatch)
    .mutation(inTransaction(tournaments.reportMatch)),

  /** The opponent confirms a reported result (applied). */
  confirm: protectedProcedure
    .input(ZMatchRef)
    .output(ZMatch)
    .mutation(inTransaction(tournaments.confirmMatch)),

  /**
   * The opponent disputes a reported result with their own (scores, games when best-of-N) and a
   * reason: the moderators' queue.
   */
  dispute: protectedProcedure
    .input(ZDisputeMatchInput)
    .output(ZMatch)
    .mutation(inTransaction(tournaments.disputeMatch)),

  /**
   * An organiser (creator, moderator, admin) decides a disputed match: `{ accept: 'reported' }`,
   * `{ accept: 'disputed' }`, or a third result (`scores` and `games`, or `forfeit`). Audited;
   * both players are told.
   */
  decide: protectedProcedure
    .input(ZDecideMatchInput)
    .output(ZMatch)
    .mutation(inTransaction(tournaments.decideMatch)),

  /** The organiser sets or clears a match's time. */
  schedule: protectedProcedure
    .input(ZScheduleMatchInput)
    .output(ZMatch)
    .mutation(inTransaction(tournaments.scheduleMatch)),

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
    .subscription(contestChanges(tournaments.assertVisible, bracketChanges)),
});
