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
import * as submissions from '../../domain/submissions';
import * as trading from '../../domain/trading';
import type { TEvaluationSettings } from '../../../shared/schemas/submissions';
import { moderatorProcedure, protectedProcedure, router } from '../trpc';
import type { Context } from '../context';
import type { Actor } from '../../platform/actor';

type SignedIn = Pick<Context, 'db' | 'limits' | 'privateDir'> & { actor: Actor };

const caller = (ctx: SignedIn) => ({ db: ctx.db, actor: ctx.actor, limits: ctx.limits });

/**
 * A submission contest's evaluation settings sent with the contest (issue 31): made ready first
 * (a stored key read again under them), then written in the contest row's transaction by the
 * same write as the Evaluation panel's. The key itself goes by PUT /api/contests/{id}/evaluation.
 */
async function evaluationWrite(
  ctx: SignedIn,
  contestId: number | undefined,
  settings: TEvaluationSettings | undefined,
): Promise<contests.AlsoWrite | undefined> {
  if (!settings) return undefined;
  const prepared = await submissions.prepareEvaluationSettings(ctx, ctx.actor, contestId, settings);
  return (tx, id) => submissions.writeEvaluationSettings(tx, ctx.actor, id, prepared);
}

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
    .mutation(async ({ ctx, input }) => {
      const { evaluation, ...form } = input;
      const alsoWrite = await evaluationWrite(ctx, form.id, evaluation);
      return contests.createContest({ ...caller(ctx), input: form, alsoWrite });
    }),

  saveDraft: protectedProcedure
    .input(ZSaveDraftRequestSchema)
    .output(ZContestSchema)
    .mutation(async ({ ctx, input }) =>
      contests.saveDraft({ db: ctx.db, actor: ctx.actor, input, limits: ctx.limits }),
    ),

  update: protectedProcedure
    .input(ZUpdateContestRequestSchema)
    .output(ZContestSchema)
    .mutation(async ({ ctx, input }) => {
      const { evaluation, ...changes } = input;
      const alsoWrite = await evaluationWrite(ctx, changes.id, evaluation);
      // A trading contest's statements are scored again in moved dates, after the edit commits;
      // an edit that sends no date reads none.
      const sendsDates = changes.startDate !== undefined || changes.endDate !== undefined;
      const dates = sendsDates ? await trading.contestDates(ctx.db, changes.id) : undefined;
      const contest = await contests.updateContest({ ...caller(ctx), input: changes, alsoWrite });
      await trading.datesEdited(ctx.db, ctx.privateDir, contest.id, dates, contest);
      return contest;
    }),

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
