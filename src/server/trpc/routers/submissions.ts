// Submission contests (issue 31): the evaluation (read by whoever sees the contest; set by its
// organiser: creator, moderators, admins, others 403 not_organiser), the submissions (a member
// their entrant's, organisers all), selection for the final board, the public and private boards,
// re-scoring and publishing. Files go through REST's multipart paths (http/submissionFiles.ts);
// the rules are in domain/submissions.
import { z } from 'zod';
import { ZContestRef } from '../../../shared/schemas/tournaments';
import {
  ZBoard,
  ZBoardInput,
  ZEvaluationSettings,
  ZEvaluationView,
  ZSelectSubmission,
  ZSubmissionId,
  ZSubmissionListInput,
  ZSubmissionView,
} from '../../../shared/schemas/submissions';
import { ZContestId } from '../../../shared/schemas/contestId';
import * as submissions from '../../domain/submissions';
import { protectedProcedure, router } from '../trpc';
import { inTransaction } from './resolve';

export const submissionsRouter = router({
  evaluation: protectedProcedure
    .input(ZContestRef)
    .output(ZEvaluationView)
    .query(({ ctx, input }) => submissions.readEvaluationView(ctx.db, ctx.actor, input)),

  // The settings alone (the key is a file: PUT /api/contests/{id}/evaluation).
  setEvaluation: protectedProcedure
    .input(z.object({ contestId: ZContestId, settings: ZEvaluationSettings }))
    .output(ZEvaluationView)
    .mutation(async ({ ctx, input }) => {
      await submissions.saveEvaluation(ctx, ctx.actor, input);
      return submissions.readEvaluationView(ctx.db, ctx.actor, input);
    }),

  list: protectedProcedure
    .input(ZSubmissionListInput)
    .output(
      z.object({
        items: z.array(ZSubmissionView),
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
      }),
    )
    .query(({ ctx, input }) => submissions.listSubmissions(ctx.db, ctx.actor, input)),

  get: protectedProcedure
    .input(ZSubmissionId)
    .output(ZSubmissionView)
    .query(
      async ({ ctx, input }) =>
        (await submissions.readSubmission(ctx.db, ctx.actor, input.id)).view,
    ),

  select: protectedProcedure
    .input(ZSelectSubmission)
    .output(z.object({ id: z.number().int(), selected: z.boolean() }))
    .mutation(inTransaction(submissions.selectSubmission)),

  board: protectedProcedure
    .input(ZBoardInput)
    .output(ZBoard)
    .query(({ ctx, input }) => submissions.readBoard(ctx.db, ctx.actor, input)),

  rescore: protectedProcedure
    .input(ZContestRef)
    .output(z.object({ version: z.number().int() }))
    .mutation(inTransaction(submissions.rescoreAll)),

  publish: protectedProcedure
    .input(ZContestRef)
    .output(z.object({ published: z.literal(true), ranked: z.number().int() }))
    .mutation(inTransaction(submissions.publishPrivateBoard)),
});
