// Contests (SPEC 2.4-2.7, 2.17, 2.18): members list, read, draft and submit; moderators and
// admins moderate. Row rules (who sees and edits what) are in the service.
import {
  ZAdminListContestsRequestSchema,
  ZAdminListContestsResponseSchema,
  ZContestParticipantsRequestSchema,
  ZContestParticipantsResponseSchema,
  ZContestSchema,
  ZCreateContestRequestSchema,
  ZGetContestRequestSchema,
  ZListContestsRequestSchema,
  ZListContestsResponseSchema,
  ZListDraftsResponseSchema,
  ZSaveDraftRequestSchema,
  ZSetContestFeaturedRequestSchema,
  ZSetContestStatusRequestSchema,
  ZUpdateContestRequestSchema,
} from '../../../shared/schemas/contests';
import * as contestReads from '../../domain/contests/contestReads';
import * as participantList from '../../domain/participation/participantList';
import * as contests from '../../domain/contests/contests';
import { moderatorProcedure, protectedProcedure, router } from '../trpc';

export const contestsRouter = router({
  list: protectedProcedure
    .input(ZListContestsRequestSchema)
    .output(ZListContestsResponseSchema)
    .query(async ({ ctx, input }) =>
      contestReads.listContests({ db: ctx.db, viewer: ctx.actor, ...input }),
    ),

  get: protectedProcedure
    .input(ZGetContestRequestSchema)
    .output(ZContestSchema)
    .query(async ({ ctx, input }) =>
      contestReads.getContest({ db: ctx.db, viewer: ctx.actor, idOrSlug: input.idOrSlug }),
    ),

  drafts: protectedProcedure
    .output(ZListDraftsResponseSchema)
    .query(async ({ ctx }) => contestReads.listDrafts({ db: ctx.db, viewer: ctx.actor })),

  create: protectedProcedure
    .input(ZCreateContestRequestSchema)
    .output(ZContestSchema)
    .mutation(async ({ ctx, input }) =>
      contests.createContest({ db: ctx.db, actor: ctx.actor, input, limits: ctx.limits }),
    ),

  saveDraft: protectedProcedure
    .input(ZSaveDraftRequestSchema)
    .output(ZContestSchema)
    .mutation(async ({ ctx, input }) =>
      contests.saveDraft({ db: ctx.db, actor: ctx.actor, input, limits: ctx.limits }),
    ),

  update: protectedProcedure
    .input(ZUpdateContestRequestSchema)
    .output(ZContestSchema)
    .mutation(async ({ ctx, input }) =>
      contests.updateContest({ db: ctx.db, actor: ctx.actor, input, limits: ctx.limits }),
    ),

  setStatus: moderatorProcedure
    .input(ZSetContestStatusRequestSchema)
    .output(ZContestSchema)
    .mutation(async ({ ctx, input }) =>
      contests.setContestStatus({ db: ctx.db, actor: ctx.actor, ...input }),
    ),

  setFeatured: moderatorProcedure
    .input(ZSetContestFeaturedRequestSchema)
    .output(ZContestSchema)
    .mutation(async ({ ctx, input }) =>
      contests.setContestFeatured({ db: ctx.db, actor: ctx.actor, ...input }),
    ),

  adminList: moderatorProcedure
    .input(ZAdminListContestsRequestSchema)
    .output(ZAdminListContestsResponseSchema)
    .query(async ({ ctx, input }) =>
      contestReads.adminListContests({ db: ctx.db, viewer: ctx.actor, ...input }),
    ),

  participants: moderatorProcedure
    .input(ZContestParticipantsRequestSchema)
    .output(ZContestParticipantsResponseSchema)
    .query(async ({ ctx, input }) => participantList.listParticipants({ db: ctx.db, ...input })),
});
