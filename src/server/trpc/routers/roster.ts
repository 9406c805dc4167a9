// The organiser's player list (issue 29 point 3): the list itself, adding a member by username,
// check-in for a player, processing check-ins, removing before the start, disqualifying after it,
// and 'Start now'. Creator, moderators and admins (others 403 not_organiser; a hidden contest
// 404); the rules and their refusals are in domain/tournaments (roster.ts, disqualify.ts).
import { type z } from 'zod';
import { ZContestRef } from '../../../shared/schemas/tournaments';
import {
  ZAddPlayerInput,
  ZPlayerReasonInput,
  ZPlayerRef,
  ZProcessCheckInsResult,
  ZRoster,
  ZRosterPlayer,
  ZStartNowResult,
} from '../../../shared/schemas/roster';
import * as tournaments from '../../domain/tournaments';
import { protectedProcedure, router } from '../trpc';
import { inTransaction } from './resolve';

const checkIn = (checkedIn: boolean) =>
  inTransaction((tx, actor, input: z.infer<typeof ZPlayerRef>) =>
    tournaments.checkInPlayer(tx, actor, { ...input, checkedIn }),
  );

export const rosterRouter = router({
  list: protectedProcedure
    .input(ZContestRef)
    .output(ZRoster)
    .query(({ ctx, input }) => tournaments.readRoster(ctx.db, ctx.actor, input)),

  /** `{ contestId, username, waiveFee? }`: 201 the player; 404 unknown_user, 409 already_joined, full. */
  add: protectedProcedure
    .input(ZAddPlayerInput)
    .output(ZRosterPlayer)
    .mutation(inTransaction(tournaments.addPlayer)),

  checkIn: protectedProcedure.input(ZPlayerRef).output(ZRosterPlayer).mutation(checkIn(true)),

  checkOut: protectedProcedure.input(ZPlayerRef).output(ZRosterPlayer).mutation(checkIn(false)),

  /** Drops every participant who has not checked in (kept as 'did not check in', told). */
  processCheckIns: protectedProcedure
    .input(ZContestRef)
    .output(ZProcessCheckInsResult)
    .mutation(inTransaction(tournaments.processCheckIns)),

  /** Before the start (409 started after it); the player is told the reason. */
  remove: protectedProcedure
    .input(ZPlayerReasonInput)
    .output(ZRosterPlayer)
    .mutation(inTransaction(tournaments.removePlayer)),

  /** After the start (409 not_started before it): their unplayed matches become forfeits. */
  disqualify: protectedProcedure
    .input(ZPlayerReasonInput)
    .output(ZRosterPlayer)
    .mutation(inTransaction(tournaments.disqualifyPlayer)),

  /** Closes registration now, processes check-ins, generates the bracket when the format has one. */
  startNow: protectedProcedure
    .input(ZContestRef)
    .output(ZStartNowResult)
    .mutation(inTransaction(tournaments.startNow)),
});
