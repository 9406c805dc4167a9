// The answers of the contests procedures (list items, a contest, drafts, participants).
import { z } from 'zod';
import {
  CONTEST_CATEGORIES,
  CONTEST_FORMATS,
  CONTEST_MODES,
  CONTEST_STATUSES,
  PARTICIPATION_TYPES,
  SCORE_ORDERS,
} from '../contests';
import { TIERS } from '../constants';
import { ZTournamentSettingsShape } from './tournaments';
import { ZPageOf, pageResponseFields } from './paging';

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
  /** The prize table in one line ('Prize pool: 1,750 USDT, top 3', issue 30); null without one. */
  prizeSummary: z.string().nullable().optional(),
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
  /** The discussion's 'open discussion' switch (issue 32): any signed-in member may post. */
  openDiscussion: z.boolean(),
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

export const ZListContestsResponseSchema = ZPageOf(ZContestListItemSchema);
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

export const ZAdminListContestsResponseSchema = ZPageOf(ZContestSchema);
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
  ...pageResponseFields,
});
