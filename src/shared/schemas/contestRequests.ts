// The requests of the contests procedures (submit, drafts, edit, moderation, lists).
import { z } from 'zod';
import {
  ADMIN_CONTEST_STATUSES,
  ADMIN_CONTEST_TABS,
  CONTEST_CATEGORIES,
  CONTEST_MESSAGES as M,
  CONTEST_STATUSES,
  CONTEST_TABS,
  MODERATION_STATUSES,
  PARTICIPATION_TYPES,
} from '../contests';
import { TIERS } from '../constants';
import { ZContestId } from './contestId';
import { ZPage, ZPageSize } from './paging';
import {
  ZContestType,
  ZFlag,
  ZServerDescription,
  paidNeedsFee,
  typeIsCategory,
} from './contestFields';
import { CONTEST_FIELDS, formShape } from './contestForm';
import { withDateOrder } from './contestDates';
import { ZEvaluationSettings } from './submissions';

/**
 * A submission contest's evaluation settings sent with the contest (both wizards' step 2, the
 * Edit Contest dialog; issue 31): stored in the contest row's transaction. The answer key is a
 * file: PUT /api/contests/{id}/evaluation.
 */
const evaluation = ZEvaluationSettings.optional();

/**
 * Submit (SPEC 7 POST /api/contests): the whole form plus `type`. With `id`, the caller's own
 * draft (or pending/rejected contest) is submitted in place. `status` and `featured` count only
 * for moderators and admins; a member's submission is pending or active by the platform setting,
 * whatever it asks. Unknown keys (the admin wizard's `createdBy`) are dropped: the creator is
 * always the caller.
 */
export const ZCreateContestRequestSchema = withDateOrder(
  z.object({
    ...formShape,
    type: ZContestType,
    id: ZContestId.optional(),
    status: z.enum(ADMIN_CONTEST_STATUSES, { error: M.status }).optional(),
    featured: z.boolean({ error: M.featured }).optional(),
    evaluation,
  }),
)
  .superRefine(paidNeedsFee)
  .superRefine(typeIsCategory);
export type TCreateContestRequest = z.input<typeof ZCreateContestRequestSchema>;
export type TCreateContestInput = z.output<typeof ZCreateContestRequestSchema>;

/** A draft field: absent keeps the stored value, '' or null clears it, anything else must be valid. */
function draftField<T extends z.ZodType>(field: T) {
  return z.preprocess((v) => (v === '' ? null : v), field.nullable()).optional();
}

/** `draftField` of each rule of a shape. */
function draftFields<S extends Record<string, z.ZodType>>(shape: S) {
  const fields = Object.entries(shape).map(([key, rule]) => [key, draftField(rule)]);
  return Object.fromEntries(fields) as { [K in keyof S]: ReturnType<typeof draftField<S[K]>> };
}

const { coverImage, entryFee, prize, externalLink, pdfGuide } = CONTEST_FIELDS;

/**
 * Save Draft (create with no `id`, or update the caller's own draft): only what is filled must be
 * valid, by the same rules as the steps.
 */
export const ZSaveDraftRequestSchema = z.object({
  id: ZContestId.optional(),
  ...draftFields(CONTEST_FIELDS),
  // Not a CONTEST_FIELDS entry: an edit changes it only through discussion.setOpen (audited).
  openDiscussion: draftField(ZFlag),
  // Their own rules read '' and null as "none" already: a draft takes them as they are.
  ...z.object({ coverImage, entryFee, prize, externalLink, pdfGuide }).partial().shape,
});
export type TSaveDraftRequest = z.input<typeof ZSaveDraftRequestSchema>;
export type TSaveDraftInput = z.output<typeof ZSaveDraftRequestSchema>;

const { title, category, ...afterCategory } = CONTEST_FIELDS;
/**
 * What an edit may change, each optional: the form's fields with `type` beside the category,
 * the server's looser description rule, status and featured.
 */
const ZContestChanges = z
  .object({
    title,
    category,
    type: ZContestType,
    ...afterCategory,
    description: ZServerDescription,
    status: z.enum(CONTEST_STATUSES, {
      error: `Status must be one of ${CONTEST_STATUSES.join(', ')}`,
    }),
    featured: z.boolean({ error: M.featured }),
  })
  .partial();
/**
 * Edit (PATCH semantics: an absent field is unchanged, an empty optional one is cleared). The
 * creator edits their own draft, pending or rejected contest; moderators and admins edit any,
 * and may set any status and featured. Sending `type` or `category` changes both. `tournament`
 * is merged into the stored settings (a key sent replaces that key).
 */
export const ZUpdateContestRequestSchema = z
  .object({ id: ZContestId, ...ZContestChanges.shape, evaluation })
  .superRefine(typeIsCategory);
export type TUpdateContestRequest = z.input<typeof ZUpdateContestRequestSchema>;
export type TUpdateContestInput = z.output<typeof ZUpdateContestRequestSchema>;

/** Moderation: approve (active) or reject a pending contest, complete an active one. */
export const ZSetContestStatusRequestSchema = z.object({
  id: ZContestId,
  status: z.enum(MODERATION_STATUSES, {
    error: `Status must be one of ${MODERATION_STATUSES.join(', ')}`,
  }),
  /** A rejection's reason, told to the contest's creator (issue 20 'Notifications'). */
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(500, 'Reason must be at most 500 characters')
    .nullish(),
});

export const ZSetContestFeaturedRequestSchema = z.object({
  id: ZContestId,
  featured: z.boolean({ error: M.featured }),
});

/** A numeric id or a slug (PRODUCT.md: /contests/:contestId resolves either). */
export const ZGetContestRequestSchema = z.object({
  idOrSlug: z.union([ZContestId, z.string().trim().min(1).max(200)], {
    error: 'A contest id or slug is required',
  }),
});

export const ZListContestsRequestSchema = z
  .object({
    tab: z
      .enum(CONTEST_TABS, { error: `Tab must be one of ${CONTEST_TABS.join(', ')}` })
      .default('all'),
    category: z
      .enum(CONTEST_CATEGORIES, {
        error: `Category must be one of ${CONTEST_CATEGORIES.join(', ')}`,
      })
      .optional(),
    tier: z.enum(TIERS, { error: `Tier must be one of ${TIERS.join(', ')}` }).optional(),
    participation: z
      .enum(PARTICIPATION_TYPES, {
        error: `Participation must be one of ${PARTICIPATION_TYPES.join(', ')}`,
      })
      .optional(),
    page: ZPage.default(1),
    pageSize: ZPageSize(100).default(12),
  })
  .default({ tab: 'all', page: 1, pageSize: 12 });
export type TListContestsRequest = z.input<typeof ZListContestsRequestSchema>;
export type TListContestsInput = z.output<typeof ZListContestsRequestSchema>;

export const ZAdminListContestsRequestSchema = z
  .object({
    tab: z
      .enum(ADMIN_CONTEST_TABS, { error: `Tab must be one of ${ADMIN_CONTEST_TABS.join(', ')}` })
      .default('all'),
    /** Part of the title, any case. */
    search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
    page: ZPage.default(1),
    pageSize: ZPageSize(100).default(25),
  })
  .default({ tab: 'all', page: 1, pageSize: 25 });
export type TAdminListContestsRequest = z.input<typeof ZAdminListContestsRequestSchema>;

/** 'View Participants' (SPEC 2.17): one page of a contest's members, best rank first. */
export const ZContestParticipantsRequestSchema = z.object({
  id: ZContestId,
  page: ZPage.default(1),
  pageSize: ZPageSize(100).default(25),
});
export type TContestParticipantsRequest = z.input<typeof ZContestParticipantsRequestSchema>;
export type TAdminListContestsInput = z.output<typeof ZAdminListContestsRequestSchema>;
