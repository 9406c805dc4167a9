// Taking part (PRODUCT.md 'Taking part'): join, leave, and where the caller stands with a
// contest. The rules and their refusals (error data `reason`, `details`) are in the service.
import {
  ZContestIdRequestSchema,
  ZJoinContestRequestSchema,
  ZLeaveContestResponseSchema,
  ZParticipantSchema,
  ZParticipationStatusSchema,
} from '../../../shared/schemas/participation';
import * as participation from '../../domain/participation/participation';
import { protectedProcedure, router } from '../trpc';

export const participationRouter = router({
  status: protectedProcedure
    .input(ZContestIdRequestSchema)
    .output(ZParticipationStatusSchema)
    .query(({ ctx, input }) =>
      participation.participationStatus({ db: ctx.db, viewer: ctx.actor, ...input }),
    ),

  join: protectedProcedure
    .input(ZJoinContestRequestSchema)
    .output(ZParticipantSchema)
    .mutation(({ ctx, input }) =>
      participation.joinContest({ db: ctx.db, actor: ctx.actor, limits: ctx.limits, ...input }),
    ),

  leave: protectedProcedure
    .input(ZContestIdRequestSchema)
    .output(ZLeaveContestResponseSchema)
    .mutation(({ ctx, input }) =>
      participation.leaveContest({ db: ctx.db, actor: ctx.actor, ...input }),
    ),
});
