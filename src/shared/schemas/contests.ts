// Contests: one schema per wizard step with SPEC 5's messages (both wizards validate a step on
// Next with it, through zod-formik-adapter), the whole form composed from them, and the requests
// and responses of the contests procedures. Formik hands an emptied field to validation as
// undefined, so every required field gives its SPEC message for undefined as well as for ''.
//
// Dates are Date objects or ISO strings ('2026-06-12T10:00' from a datetime-local input, or
// with 'Z'/an offset); parsing yields Dates. A string without an offset is read in the local
// time of whoever parses it, so the client parses the form (ZContestFormSchema.parse) before
// sending, and superjson carries the Dates as instants.
import { z } from 'zod';
import {
  ADMIN_CONTEST_STATUSES,
  ADMIN_CONTEST_TABS,
  CONTEST_CATEGORIES,
  CONTEST_FORMATS,
  CONTEST_LIMITS as L,
  CONTEST_MESSAGES as M,
  CONTEST_MODES,
  CONTEST_STATUSES,
  CONTEST_TABS,
  DEMO_COVER_IMAGES,
  MODERATION_STATUSES,
  PARTICIPATION_TYPES,
  SCORE_DECIMALS_MAX,
  SCORE_ORDERS,
  invalidDateMessage,
} from '../contests';
import { TIERS } from '../constants';
import { ZContestId } from './contestId';
import { ZTournamentSettingsForm, ZTournamentSettingsShape } from './tournaments';
import { ZUploadUrl } from './account';
import { ZPage, ZPageSize } from './paging';

// ---------------------------------------------------------------------------------------------
// Fields

export { ZContestId };

export const ZContestTitle = z
  .string({ error: M.title })
  .trim()
  .min(L.titleMin, M.title)
  .max(L.titleMax, M.titleMax);

export const ZContestCategory = z.enum(CONTEST_CATEGORIES, { error: M.category });
/** SPEC 5 server rule: type is required, and (SPEC 3) always equals the category. */
export const ZContestType = z.enum(CONTEST_CATEGORIES, { error: M.type });

export const ZShortDescription = z
  .string({ error: M.shortDescription })
  .trim()
  .min(L.shortDescriptionMin, M.shortDescription)
  .max(L.shortDescriptionMax, M.shortDescriptionMax);

export const ZDescription = z
  .string({ error: M.description })
  .trim()
  .min(L.descriptionMin, M.description)
  .max(L.descriptionMax, M.descriptionMax);

/** SPEC 5 'Server-side contest schema': the edit dialog's (and the server's) looser rule. */
export const ZServerDescription = z
  .string({ error: M.serverDescription })
  .trim()
  .min(L.serverDescriptionMin, M.serverDescription)
  .max(L.descriptionMax, M.descriptionMax);

/** Text that may be left empty: '' and null are "none" (null). */
function optionalText(max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullable()
    .transform((v) => (v ? v : null));
}

/**
 * A file the contest points at: one of our uploads (whose owner the server checks), or, for
 * covers, one of the shipped demo images. '' and null are "none".
 */
function fileReference(message: string, allowDemoCovers: boolean) {
  return z
    .string({ error: message })
    .trim()
    .max(300, message)
    .nullable()
    .transform((value, ctx) => {
      if (!value) return null;
      const ok =
        ZUploadUrl.safeParse(value).success ||
        (allowDemoCovers && DEMO_COVER_IMAGES.includes(value));
      if (!ok) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });
}

export const ZCoverImage = fileReference(M.coverImage, true);
export const ZPdfGuide = fileReference(M.pdfGuide, false);

export const ZExternalLink = z
  .string({ error: M.externalLink })
  .trim()
  .max(L.linkMax, M.externalLink)
  .nullable()
  .transform((value, ctx) => {
    if (!value) return null;
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    // Only web links: a 'javascript:' or 'data:' link must never reach an href.
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) {
      ctx.addIssue({ code: 'custom', message: M.externalLink });
      return z.NEVER;
    }
    return value;
  });

export const ZContestMode = z.enum(CONTEST_MODES, { error: M.mode });
export const ZContestFormat = z.enum(CONTEST_FORMATS, { error: M.format });
export const ZParticipationType = z.enum(PARTICIPATION_TYPES, { error: M.participationType });
export const ZRequiredTier = z.enum(TIERS, { error: M.requiredTier });

/** 0 to 4 decimals; the wizard's select gives text ('2'), requests a number. */
export const ZScoreDecimals = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: M.scoreDecimals })
    .int(M.scoreDecimals)
    .min(0, M.scoreDecimals)
    .max(SCORE_DECIMALS_MAX, M.scoreDecimals),
);
export const ZScoreOrder = z.enum(SCORE_ORDERS, { error: M.scoreOrder });

export const ZMaxParticipants = z
  .number({ error: M.maxParticipants })
  .int(M.maxParticipantsWhole)
  .min(L.maxParticipantsMin, M.maxParticipantsMin)
  .max(L.maxParticipantsMax, M.maxParticipantsMax);

/**
 * The entry fee in USD, stored as text (SPEC 3): a number or a numeric string in, a plain
 * decimal string with at most two decimals out; '' and null are "none".
 */
export const ZEntryFee = z
  .union([z.number(), z.string(), z.null()], { error: M.entryFeeNumber })
  .transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === null || text === '') return null;
    const amount =
      typeof text === 'number' ? text : /^-?\d{1,12}(\.\d{1,12})?$/.test(text) ? Number(text) : NaN;
    const problem = !Number.isFinite(amount)
      ? M.entryFeeNumber
      : amount < L.entryFeeMin
        ? M.entryFee
        : amount > L.entryFeeMax
          ? M.entryFeeMax
          : undefined;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return String(Math.round(amount * 100) / 100);
  });

export const ZPrize = optionalText(L.prizeMax, M.prizeMax);

const ZFlag = z.boolean({ error: 'Must be true or false' });

// YYYY-MM-DD, optionally with a time and an offset: what datetime-local inputs, toISOString()
// and JSON give. Anything looser (Date.parse reads 'March 7' or '1') is refused.
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 11, 31, 23, 59, 59);

function parseDateString(value: string): Date | undefined {
  const m = ISO_DATE.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0));
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  // Date.parse would roll 2026-02-31 over into March: out-of-range parts are refused instead.
  if (
    month! < 1 ||
    month! > 12 ||
    day! < 1 ||
    day! > daysInMonth ||
    hour! > 23 ||
    minute! > 59 ||
    second! > 59
  ) {
    return undefined;
  }
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A required date: missing or empty gives `required`; present but not a date, `label` is invalid. */
export function dateField(required: string, label: string) {
  return z.union([z.instanceof(Date), z.string()], { error: required }).transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const date = typeof value === 'string' ? parseDateString(value) : value;
    if (!date || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: invalidDateMessage(label) });
      return z.NEVER;
    }
    if (date.getTime() < EARLIEST || date.getTime() > LATEST) {
      ctx.addIssue({ code: 'custom', message: `${label} must be between 2000 and 2100` });
      return z.NEVER;
    }
    return new Date(date.getTime());
  });
}

export const ZRegistrationDeadline = dateField(M.registrationDeadline, 'Registration deadline');
export const ZStartDate = dateField(M.startDate, 'Start date');
export const ZEndDate = dateField(M.endDate, 'End date');

/**
 * The date order, the one rule every path applies (both wizards' step 3, the edit dialog, the
 * server's create, submit, edit and approve): registrationDeadline <= startDate < endDate. Only
 * dates that are there are compared; each problem names the field it is shown beside.
 */
export function dateOrderProblems(value: {
  registrationDeadline?: unknown;
  startDate?: unknown;
  endDate?: unknown;
}): { field: 'endDate' | 'registrationDeadline'; message: string }[] {
  const time = (v: unknown) =>
    v instanceof Date && !Number.isNaN(v.getTime()) ? v.getTime() : null;
  const deadline = time(value.registrationDeadline);
  const start = time(value.startDate);
  const end = time(value.endDate);
  const problems: { field: 'endDate' | 'registrationDeadline'; message: string }[] = [];
  if (start !== null && end !== null && end <= start) {
    problems.push({ field: 'endDate', message: M.endBeforeStart });
  }
  if (deadline !== null && start !== null && deadline > start) {
    problems.push({ field: 'registrationDeadline', message: M.deadlineAfterStart });
  }
  return problems;
}

const DATE_FIELDS = ['registrationDeadline', 'startDate', 'endDate'];

/**
 * The date order as zod refinements of a schema holding the dates: each message beside its
 * field, checked as soon as the dates themselves are valid (other fields' problems or not).
 */
function withDateOrder<T extends z.ZodObject>(schema: T): T {
  // The dates' own problems (missing, not a date) come first: a date that did not parse is not
  // a Date here, and is not compared. The other order refinement's issue does not stop this one
  // (both show at once).
  const datesValid = (payload: { value: unknown }) =>
    DATE_FIELDS.every((field) => {
      const value = (payload.value as Record<string, unknown> | null)?.[field];
      return value === undefined || value === null || value instanceof Date;
    });
  return schema
    .refine((v) => !dateOrderProblems(v as never).some((p) => p.field === 'endDate'), {
      path: ['endDate'],
      message: M.endBeforeStart,
      when: datesValid,
    })
    .refine((v) => !dateOrderProblems(v as never).some((p) => p.field === 'registrationDeadline'), {
      path: ['registrationDeadline'],
      message: M.deadlineAfterStart,
      when: datesValid,
    });
}

/** Step 4's rule across fields: a paid contest has an entry fee of at least 1 (SPEC 5, 9). */
function paidNeedsFee(
  value: { participationType?: string; entryFee?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.participationType === 'paid' && !value.entryFee) {
    ctx.addIssue({ code: 'custom', path: ['entryFee'], message: M.entryFee });
  }
}

function typeIsCategory(value: { type?: string; category?: string }, ctx: z.RefinementCtx) {
  if (value.type && value.category && value.type !== value.category) {
    ctx.addIssue({ code: 'custom', path: ['type'], message: M.typeMismatch });
  }
}

// ---------------------------------------------------------------------------------------------
// The wizard (SPEC 2.6, 2.18, 5): one schema per step, the admin variant differing in step 4.

export const ZContestStep1Schema = z.object({
  title: ZContestTitle,
  category: ZContestCategory,
  shortDescription: ZShortDescription,
  coverImage: ZCoverImage.optional(),
});

export const ZContestStep2Schema = z.object({
  mode: ZContestMode,
  maxParticipants: ZMaxParticipants,
  format: ZContestFormat,
  // Absent from SPEC 7's body: integer scores, higher is better, as before these existed.
  scoreDecimals: ZScoreDecimals.default(0),
  scoreOrder: ZScoreOrder.default('higher'),
  /**
   * What the format needs (issue 19): any subset of the settings, the rest their defaults. The
   * form asks only those of its format (askedTournamentSettings); `open` asks none.
   */
  tournament: ZTournamentSettingsForm.optional(),
});

export const ZContestStep3Schema = withDateOrder(
  z.object({
    registrationDeadline: ZRegistrationDeadline,
    startDate: ZStartDate,
    endDate: ZEndDate,
  }),
);

const step4Shape = {
  participationType: ZParticipationType,
  requiredTier: ZRequiredTier,
  entryFee: ZEntryFee.optional(),
  prize: ZPrize.optional(),
};
export const ZContestStep4Schema = z.object(step4Shape).superRefine(paidNeedsFee);

/** The admin wizard's 'Access & Settings': the member's step plus status and featured. */
const adminStep4Shape = {
  ...step4Shape,
  status: z.enum(ADMIN_CONTEST_STATUSES, { error: M.status }),
  featured: z.boolean({ error: M.featured }).optional(),
};
export const ZAdminContestStep4Schema = z.object(adminStep4Shape).superRefine(paidNeedsFee);

export const ZContestStep5Schema = z.object({
  description: ZDescription,
  externalLink: ZExternalLink.optional(),
  pdfGuide: ZPdfGuide.optional(),
  enableLeaderboard: ZFlag.default(true),
  enableComments: ZFlag.default(true),
});

const formShape = {
  ...ZContestStep1Schema.shape,
  ...ZContestStep2Schema.shape,
  ...ZContestStep3Schema.shape,
  ...step4Shape,
  ...ZContestStep5Schema.shape,
};

/** The member wizard's whole form: what Submit validates (and parses into the request). */
export const ZContestFormSchema = withDateOrder(z.object(formShape)).superRefine(paidNeedsFee);
export type TContestFormInput = z.input<typeof ZContestFormSchema>;
export type TContestForm = z.output<typeof ZContestFormSchema>;

/** The admin wizard's whole form. */
export const ZAdminContestFormSchema = withDateOrder(
  z.object({ ...formShape, ...adminStep4Shape }),
).superRefine(paidNeedsFee);
export type TAdminContestFormInput = z.input<typeof ZAdminContestFormSchema>;

/** The steps in order, for the one wizard component: index n validates step n + 1. */
export const CONTEST_STEP_SCHEMAS = [
  ZContestStep1Schema,
  ZContestStep2Schema,
  ZContestStep3Schema,
  ZContestStep4Schema,
  ZContestStep5Schema,
] as const;
export const ADMIN_CONTEST_STEP_SCHEMAS = [
  ZContestStep1Schema,
  ZContestStep2Schema,
  ZContestStep3Schema,
  ZAdminContestStep4Schema,
  ZContestStep5Schema,
] as const;

/**
 * SPEC 5 'Server-side contest schema': what any contest outside draft must satisfy, with the
 * date order (a registration deadline is optional here, but in order when there is one).
 */
export const ZContestServerSchema = withDateOrder(
  z.object({
    title: ZContestTitle,
    description: ZServerDescription,
    type: ZContestType,
    registrationDeadline: ZRegistrationDeadline.nullable().optional(),
    startDate: ZStartDate,
    endDate: ZEndDate,
  }),
);

/**
 * The admin Edit dialog (SPEC 2.17): the server rules plus tier, status, featured and prize,
 * the registration deadline beside the dates (in order), and how scores read and rank.
 */
const editShape = {
  title: ZContestTitle,
  description: ZServerDescription,
  type: ZContestType,
  requiredTier: ZRequiredTier,
  registrationDeadline: ZRegistrationDeadline,
  startDate: ZStartDate,
  endDate: ZEndDate,
  prize: ZPrize.optional(),
  scoreDecimals: ZScoreDecimals,
  scoreOrder: ZScoreOrder,
  // The format and its settings, while no bracket is generated (bracket_exists after that).
  mode: ZContestMode,
  format: ZContestFormat,
  tournament: ZTournamentSettingsForm.optional(),
};
export const ZContestEditFormSchema = withDateOrder(
  z.object({
    ...editShape,
    status: z.enum(ADMIN_CONTEST_STATUSES, { error: M.status }),
    featured: z.boolean({ error: M.featured }),
  }),
);
/** The same form for a creator editing their own pending or rejected contest (no moderation). */
export const ZMemberContestEditFormSchema = withDateOrder(z.object(editShape));

// ---------------------------------------------------------------------------------------------
// Requests

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

/**
 * Save Draft (create with no `id`, or update the caller's own draft): only what is filled must be
 * valid, by the same rules as the steps.
 */
export const ZSaveDraftRequestSchema = z.object({
  id: ZContestId.optional(),
  title: draftField(ZContestTitle),
  category: draftField(ZContestCategory),
  shortDescription: draftField(ZShortDescription),
  coverImage: ZCoverImage.optional(),
  mode: draftField(ZContestMode),
  maxParticipants: draftField(ZMaxParticipants),
  format: draftField(ZContestFormat),
  scoreDecimals: draftField(ZScoreDecimals),
  scoreOrder: draftField(ZScoreOrder),
  tournament: draftField(ZTournamentSettingsForm),
  registrationDeadline: draftField(ZRegistrationDeadline),
  startDate: draftField(ZStartDate),
  endDate: draftField(ZEndDate),
  participationType: draftField(ZParticipationType),
  requiredTier: draftField(ZRequiredTier),
  entryFee: ZEntryFee.optional(),
  prize: ZPrize.optional(),
  description: draftField(ZDescription),
  externalLink: ZExternalLink.optional(),
  pdfGuide: ZPdfGuide.optional(),
  enableLeaderboard: draftField(ZFlag),
  enableComments: draftField(ZFlag),
});
export type TSaveDraftRequest = z.input<typeof ZSaveDraftRequestSchema>;
export type TSaveDraftInput = z.output<typeof ZSaveDraftRequestSchema>;

/**
 * Edit (PATCH semantics: an absent field is unchanged, an empty optional one is cleared). The
 * creator edits their own draft, pending or rejected contest; moderators and admins edit any,
 * and may set any status and featured. Sending `type` or `category` changes both.
 */
export const ZUpdateContestRequestSchema = z
  .object({
    id: ZContestId,
    title: ZContestTitle.optional(),
    category: ZContestCategory.optional(),
    type: ZContestType.optional(),
    shortDescription: ZShortDescription.optional(),
    coverImage: ZCoverImage.optional(),
    mode: ZContestMode.optional(),
    maxParticipants: ZMaxParticipants.optional(),
    format: ZContestFormat.optional(),
    scoreDecimals: ZScoreDecimals.optional(),
    scoreOrder: ZScoreOrder.optional(),
    /** Merged into the stored settings (a key sent replaces that key). */
    tournament: ZTournamentSettingsForm.optional(),
    registrationDeadline: ZRegistrationDeadline.optional(),
    startDate: ZStartDate.optional(),
    endDate: ZEndDate.optional(),
    participationType: ZParticipationType.optional(),
    requiredTier: ZRequiredTier.optional(),
    entryFee: ZEntryFee.optional(),
    prize: ZPrize.optional(),
    description: ZServerDescription.optional(),
    externalLink: ZExternalLink.optional(),
    pdfGuide: ZPdfGuide.optional(),
    enableLeaderboard: ZFlag.optional(),
    enableComments: ZFlag.optional(),
    status: z
      .enum(CONTEST_STATUSES, {
        error: `Status must be one of ${CONTEST_STATUSES.join(', ')}`,
      })
      .optional(),
    featured: z.boolean({ error: M.featured }).optional(),
  })
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

// ---------------------------------------------------------------------------------------------
// Responses

const listItemShape = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  shortDescription: z.string().nullable(),
  coverImage: z.string().nullable(),
  type: z.enum(CONTEST_CATEGORIES),
  category: z.enum(CONTEST_CATEGORIES),
  mode: z.enum(CONTEST_MODES),
  format: z.enum(CONTEST_FORMATS),
  maxParticipants: z.number().int(),
  participants: z.number().int(),
  registrationDeadline: z.date().nullable(),
  startDate: z.date().nullable(),
  endDate: z.date().nullable(),
  participationType: z.enum(PARTICIPATION_TYPES),
  entryFee: z.string().nullable(),
  prize: z.string().nullable(),
  requiredTier: z.enum(TIERS),
  status: z.enum(CONTEST_STATUSES),
  featured: z.boolean(),
  createdBy: z.number().int(),
  /** Decimals every score of the contest is shown with (0-4), and whether lower is better. */
  scoreDecimals: z.number().int(),
  scoreOrder: z.enum(SCORE_ORDERS),
};

/** A contest as the lists show it (no long description, links or invite code). */
export const ZContestListItemSchema = z.object(listItemShape);
export type TContestListItem = z.infer<typeof ZContestListItemSchema>;

/** A whole contest (detail page, admin list, the answer of every change). */
export const ZContestSchema = z.object({
  ...listItemShape,
  description: z.string().nullable(),
  externalLink: z.string().nullable(),
  pdfGuide: z.string().nullable(),
  enableLeaderboard: z.boolean(),
  enableComments: z.boolean(),
  draft: z.boolean(),
  /** Only for the creator and moderators/admins, and only for invite contests; else null. */
  inviteCode: z.string().nullable(),
  /** The creator's username; null when that account is gone (shown as 'User #id'). */
  creatorName: z.string().nullable(),
  /** Whether the caller may edit it (creator: draft, pending or rejected; reviewers: always). */
  canEdit: z.boolean(),
  /** When members could first see it; null until then. The slug no longer changes after it. */
  publishedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  /** The format's settings, the defaults filled in (tournamentSettingsOf). */
  tournament: ZTournamentSettingsShape,
  /** When the bracket was generated; from then on the format and its settings are fixed. */
  bracketGeneratedAt: z.date().nullable(),
});
export type TContest = z.infer<typeof ZContestSchema>;

export const ZListContestsResponseSchema = z.object({
  items: z.array(ZContestListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TListContestsResponse = z.infer<typeof ZListContestsResponseSchema>;

/** SPEC 3 'Draft contest' (plus when it was last saved). */
export const ZContestDraftSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  shortDescription: z.string().nullable(),
  coverImage: z.string().nullable(),
  updatedAt: z.date(),
});
export type TContestDraft = z.infer<typeof ZContestDraftSchema>;
export const ZListDraftsResponseSchema = z.array(ZContestDraftSchema);

export const ZAdminListContestsResponseSchema = z.object({
  items: z.array(ZContestSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAdminListContestsResponse = z.infer<typeof ZAdminListContestsResponseSchema>;

/** A row of contest_participants with the member's name (SPEC 3). */
export const ZContestParticipantSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  joinedAt: z.date(),
  /** Null until a score is entered (then unranked, listed last). */
  score: z.number().nullable(),
  rank: z.number().int().nullable(),
});
export type TContestParticipant = z.infer<typeof ZContestParticipantSchema>;

export const ZContestParticipantsResponseSchema = z.object({
  /** The decimals the scores are shown with. */
  scoreDecimals: z.number().int(),
  items: z.array(ZContestParticipantSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
