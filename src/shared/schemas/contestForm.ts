// The contest form: one schema per wizard step (both wizards validate a step on Next with it,
// through zod-formik-adapter), the whole form composed from them, the server's looser variant and
// the edit dialog's.
import { z } from 'zod';
import { ZPrizeTable } from './prizes';
import { ADMIN_CONTEST_STATUSES, CONTEST_MESSAGES as M } from '../contests';
import { ZTournamentSettingsForm } from './tournaments';
import { ZEndDate, ZRegistrationDeadline, ZStartDate, withDateOrder } from './contestDates';
import {
  ZContestCategory,
  ZContestFormat,
  ZContestMode,
  ZContestTitle,
  ZContestType,
  ZCoverImage,
  ZDescription,
  ZEntryFee,
  ZExternalLink,
  ZFlag,
  ZMaxParticipants,
  ZParticipationType,
  ZPdfGuide,
  ZPrize,
  ZRequiredTier,
  ZScoreDecimals,
  ZScoreOrder,
  ZServerDescription,
  ZShortDescription,
  paidNeedsFee,
} from './contestFields';

/**
 * Every contest field the form fills, with its rule, in the wizard's order: the draft and the
 * edit request (contestRequests.ts) are built from this table, so a new field is added once.
 */
export const CONTEST_FIELDS = {
  title: ZContestTitle,
  category: ZContestCategory,
  shortDescription: ZShortDescription,
  coverImage: ZCoverImage,
  mode: ZContestMode,
  maxParticipants: ZMaxParticipants,
  format: ZContestFormat,
  scoreDecimals: ZScoreDecimals,
  scoreOrder: ZScoreOrder,
  tournament: ZTournamentSettingsForm,
  registrationDeadline: ZRegistrationDeadline,
  startDate: ZStartDate,
  endDate: ZEndDate,
  participationType: ZParticipationType,
  requiredTier: ZRequiredTier,
  entryFee: ZEntryFee,
  prize: ZPrize,
  prizeTable: ZPrizeTable.nullable(),
  description: ZDescription,
  externalLink: ZExternalLink,
  pdfGuide: ZPdfGuide,
  enableLeaderboard: ZFlag,
  enableComments: ZFlag,
};
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
  /** The prize table (issue 30): fixed amounts per place, or a pool; null clears it. */
  prizeTable: ZPrizeTable.nullable().optional(),
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
  /**
   * The discussion's 'open discussion' switch (issue 32): any signed-in member may post, not only
   * participants and staff. Off unless sent; changed later through `discussion.setOpen`.
   */
  openDiscussion: ZFlag.default(false),
});

export const formShape = {
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
  /** The prize table (issue 30): fixed amounts per place, or a pool; null clears it. */
  prizeTable: ZPrizeTable.nullable().optional(),
  scoreDecimals: ZScoreDecimals,
  scoreOrder: ZScoreOrder,
  // The format and its settings, while no bracket is generated (bracket_exists after that).
  mode: ZContestMode,
  format: ZContestFormat,
  tournament: ZTournamentSettingsForm.optional(),
  /** The contest's discussion (issue 32): off hides the tab and refuses new posts. */
  enableComments: ZFlag.optional(),
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
