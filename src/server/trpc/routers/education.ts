// The Education Center (SPEC 2.9; PRODUCT.md 'Education Center'): members read and save,
// admins write and import.
import {
  ZCreateEducationRequestSchema,
  ZDeleteEducationResponseSchema,
  ZEducationIdRequestSchema,
  ZEducationItemSchema,
  ZGetEducationRequestSchema,
  ZImportJobRequestSchema,
  ZImportJobSchema,
  ZListEducationRequestSchema,
  ZListEducationResponseSchema,
  ZSaveEducationResponseSchema,
  ZStartImportRequestSchema,
  ZUpdateEducationRequestSchema,
} from '../../../shared/schemas/education';
import * as education from '../../domain/education/education';
import { getImportJob, startImport } from '../../domain/education/importJobs';
import { adminProcedure, protectedProcedure, router } from '../trpc';
import { asActor, deleteById } from './resolve';

export const educationRouter = router({
  list: protectedProcedure
    .input(ZListEducationRequestSchema)
    .output(ZListEducationResponseSchema)
    .query(async ({ ctx, input }) =>
      education.listEducation({ db: ctx.db, actor: ctx.actor, ...input }),
    ),

  get: protectedProcedure
    .input(ZGetEducationRequestSchema)
    .output(ZEducationItemSchema)
    .query(async ({ ctx, input }) =>
      education.getEducation({ db: ctx.db, actor: ctx.actor, idOrSlug: input.idOrSlug }),
    ),

  save: protectedProcedure
    .input(ZEducationIdRequestSchema)
    .output(ZSaveEducationResponseSchema)
    .mutation(asActor(education.saveEducation)),

  unsave: protectedProcedure
    .input(ZEducationIdRequestSchema)
    .output(ZSaveEducationResponseSchema)
    .mutation(asActor(education.unsaveEducation)),

  create: adminProcedure
    .input(ZCreateEducationRequestSchema)
    .output(ZEducationItemSchema)
    .mutation(async ({ ctx, input }) =>
      education.createEducation({ db: ctx.db, actor: ctx.actor, input }),
    ),

  update: adminProcedure
    .input(ZUpdateEducationRequestSchema)
    .output(ZEducationItemSchema)
    .mutation(async ({ ctx, input: { id, ...input } }) =>
      education.updateEducation({ db: ctx.db, actor: ctx.actor, id, input }),
    ),

  delete: adminProcedure
    .input(ZEducationIdRequestSchema)
    .output(ZDeleteEducationResponseSchema)
    .mutation(deleteById(education.deleteEducation)),

  importStart: adminProcedure
    .input(ZStartImportRequestSchema)
    .output(ZImportJobSchema)
    .mutation(({ ctx, input }) =>
      startImport({
        db: ctx.db,
        actor: ctx.actor,
        uploadDir: ctx.uploadDir,
        siteUrl: input.siteUrl,
        allowPrivate: ctx.allowPrivateImports ?? false,
        logger: ctx.logger,
      }),
    ),

  importStatus: adminProcedure
    .input(ZImportJobRequestSchema)
    .output(ZImportJobSchema)
    .query(({ ctx, input }) => getImportJob({ db: ctx.db, jobId: input.jobId })),
});
