// Check-in (issue 19): a participant confirms in a bracket contest's window before its start, or
// undoes it; the contest page reads the window, the caller's state and the count. The rules and
// their refusals (reason checkin_off, checkin_closed, not_participant) are in the service.
import { ZCheckInResult, ZCheckInStatus, ZContestRef } from '../../../shared/schemas/tournaments';
import * as checkIn from '../../domain/tournaments/checkIn';
import { protectedProcedure, router } from '../trpc';
import { asViewer, type SignedInContext } from './resolve';

/** Checks the caller in (true) or undoes it (false). */
function setCheckIn(checkedIn: boolean) {
  return ({ ctx, input }: { ctx: SignedInContext; input: { contestId: number } }) =>
    checkIn.setCheckIn({ db: ctx.db, actor: ctx.actor, contestId: input.contestId, checkedIn });
}

export const checkInRouter = router({
  status: protectedProcedure
    .input(ZContestRef)
    .output(ZCheckInStatus)
    .query(asViewer(checkIn.checkInStatus)),

  checkIn: protectedProcedure.input(ZContestRef).output(ZCheckInResult).mutation(setCheckIn(true)),

  undo: protectedProcedure.input(ZContestRef).output(ZCheckInResult).mutation(setCheckIn(false)),
});
