// Contest constants shared by the wizards, the lists, the admin screens and the server (SPEC 3,
// 5, 9; PRODUCT.md 'Contests').
import { slugify as slugifyTitle } from './slug';
import type { Role } from './constants';

export const CONTEST_CATEGORIES = [
  'forex',
  'gaming',
  'academic',
  'sports',
  'art',
  'other',
] as const;
export type ContestCategory = (typeof CONTEST_CATEGORIES)[number];

/**
 * How a contest's scores rank: higher is better (points, % return) or lower is better (time
 * trials, golf). Ties share a rank either way (1, 2, 2, 4).
 */
export const SCORE_ORDERS = ['higher', 'lower'] as const;
export type ScoreOrder = (typeof SCORE_ORDERS)[number];
export const SCORE_ORDER_LABELS: Record<ScoreOrder, string> = {
  higher: 'Higher is better',
  lower: 'Lower is better',
};

/** Scores are stored exactly as integers of 1/10^SCORE_DECIMALS_MAX; a contest shows 0 to 4. */
export const SCORE_DECIMALS_MAX = 4;

export const CONTEST_MODES = ['individual', 'team'] as const;
export type ContestMode = (typeof CONTEST_MODES)[number];

export const CONTEST_FORMATS = ['knockout', 'league', 'tournament', 'open', 'submission'] as const;
export type ContestFormat = (typeof CONTEST_FORMATS)[number];

/**
 * Options the user wizard shows disabled with 'Coming soon' (SPEC 5 step 2). They are not
 * values the server stores: the formats are not in CONTEST_FORMATS at all.
 */
export const COMING_SOON_MODES: readonly ContestMode[] = [];
export const COMING_SOON_FORMATS = ['live'] as const;

export const PARTICIPATION_TYPES = ['free', 'paid', 'invite'] as const;
export type ParticipationType = (typeof PARTICIPATION_TYPES)[number];

export const CONTEST_STATUSES = ['draft', 'pending', 'active', 'completed', 'rejected'] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];

/** What the admin wizard and the edit dialog may set directly (SPEC 4). */
export const ADMIN_CONTEST_STATUSES = ['pending', 'active', 'completed', 'rejected'] as const;
export type AdminContestStatus = (typeof ADMIN_CONTEST_STATUSES)[number];

/** Moderation actions (contests.setStatus): approve, reject, complete. */
export const MODERATION_STATUSES = ['active', 'rejected', 'completed'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** Statuses every member may see; the others only their creator and moderators/admins. */
export const PUBLIC_CONTEST_STATUSES = ['active', 'completed'] as const;
/** Statuses a creator may still edit (PRODUCT.md 'Contests'). */
export const CREATOR_EDITABLE_STATUSES = ['draft', 'pending', 'rejected'] as const;

/** The /contests tabs (SPEC 2.5), with PRODUCT.md's meaning of each (see contests service). */
export const CONTEST_TABS = [
  'all',
  'featured',
  'active',
  'upcoming',
  'past',
  'mine',
  'drafts',
] as const;
export type ContestTab = (typeof CONTEST_TABS)[number];

/** The /admin/contests tabs (SPEC 2.17). */
export const ADMIN_CONTEST_TABS = [
  'all',
  'featured',
  'pending',
  'active',
  'completed',
  'rejected',
] as const;
export type AdminContestTab = (typeof ADMIN_CONTEST_TABS)[number];

export const CONTEST_LIMITS = {
  titleMin: 3,
  titleMax: 120,
  shortDescriptionMin: 10,
  shortDescriptionMax: 300,
  descriptionMin: 50,
  /** The server's own rule for edits (SPEC 5 'Server-side contest schema'). */
  serverDescriptionMin: 10,
  descriptionMax: 20_000,
  maxParticipantsMin: 1,
  maxParticipantsMax: 10_000,
  entryFeeMin: 1,
  entryFeeMax: 1_000_000,
  prizeMax: 500,
  linkMax: 500,
} as const;

/** SPEC 9: the value the entry fee takes when the participation type is switched to paid. */
export const PAID_ENTRY_FEE_DEFAULT = 10;

/** SPEC 9 defaults of the user wizard; the admin wizard differs in category and status. */
export const CONTEST_FORM_DEFAULTS = {
  category: 'other',
  mode: 'individual',
  maxParticipants: 100,
  format: 'league',
  participationType: 'free',
  requiredTier: 'free',
  enableLeaderboard: true,
  enableComments: true,
  openDiscussion: false,
  scoreDecimals: 0,
  scoreOrder: 'higher',
} as const;

export const ADMIN_CONTEST_FORM_DEFAULTS = {
  ...CONTEST_FORM_DEFAULTS,
  category: 'academic',
  status: 'active',
  featured: false,
} as const;

/** SPEC 5's messages, word for word, plus the few the server adds for values out of range. */
export const CONTEST_MESSAGES = {
  title: 'Title must be at least 3 characters',
  titleMax: `Title must be at most ${CONTEST_LIMITS.titleMax} characters`,
  category: 'Please select a category',
  shortDescription: 'Short description must be at least 10 characters',
  shortDescriptionMax: 'Short description must be at most 300 characters',
  coverImage: 'Please upload the cover image first',
  mode: 'Please select a mode',
  maxParticipants: 'Please enter max participants',
  maxParticipantsWhole: 'Max participants must be a whole number',
  maxParticipantsMin: 'Max participants must be at least 1',
  maxParticipantsMax: 'Max participants must be at most 10000',
  format: 'Please select a format',
  registrationDeadline: 'Registration deadline is required',
  startDate: 'Start date is required',
  endDate: 'End date is required',
  participationType: 'Please select participation type',
  requiredTier: 'Please select required tier',
  status: 'Please select a status',
  entryFee: 'Entry fee must be at least 1',
  entryFeeNumber: 'Entry fee must be a number',
  entryFeeMax: `Entry fee must be at most ${CONTEST_LIMITS.entryFeeMax}`,
  prizeMax: `Prize must be at most ${CONTEST_LIMITS.prizeMax} characters`,
  description: 'Detailed description must be at least 50 characters',
  descriptionMax: `Detailed description must be at most ${CONTEST_LIMITS.descriptionMax} characters`,
  externalLink: 'Please enter a valid link (http or https)',
  pdfGuide: 'Please upload the PDF guide first',
  // SPEC 5 'Server-side contest schema'.
  serverDescription: 'Description must be at least 10 characters',
  type: 'Type is required',
  typeMismatch: 'Type must be the same as the category',
  featured: 'Featured must be true or false',
  notFound: 'Contest not found',
  // The date order (PRODUCT.md 'Rules added after the third outside review').
  endBeforeStart: 'End date must be after the start date',
  deadlineAfterStart: 'Registration deadline must be on or before the start date',
  scoreDecimals: `Score decimals must be a whole number from 0 to ${SCORE_DECIMALS_MAX}`,
  scoreOrder: 'Please choose whether a higher or a lower score is better',
  scoreDecimalsInUse: 'Scores already entered have more decimals than that',
} as const;

/** A date field's message for a value that is there but is not a date. */
export function invalidDateMessage(label: string): string {
  return `${label} must be a valid date and time`;
}

/** The wizard's steps (SPEC 2.6, 2.18): the admin wizard's fourth is 'Access & Settings'. */
export const CONTEST_STEP_TITLES = [
  'Basic Information',
  'Contest Setup',
  'Date & Time',
  'Access & Payment',
  'Content & Extras',
] as const;
export const ADMIN_CONTEST_STEP_TITLES = [
  'Basic Information',
  'Contest Setup',
  'Date & Time',
  'Access & Settings',
  'Content & Extras',
] as const;

export const CATEGORY_LABELS: Record<ContestCategory, string> = {
  forex: 'Forex',
  gaming: 'Gaming',
  academic: 'Academic',
  sports: 'Sports',
  art: 'Art',
  other: 'Other',
};
export const MODE_LABELS: Record<ContestMode, string> = { individual: 'Individual', team: 'Team' };
export const FORMAT_LABELS: Record<ContestFormat | (typeof COMING_SOON_FORMATS)[number], string> = {
  knockout: 'Knockout',
  league: 'League',
  tournament: 'Tournament',
  open: 'Open',
  live: 'Live',
  submission: 'Submission',
};
export const PARTICIPATION_LABELS: Record<ParticipationType, string> = {
  free: 'Free',
  paid: 'Paid',
  invite: 'Invite only',
};
export const STATUS_LABELS: Record<ContestStatus, string> = {
  draft: 'Draft',
  pending: 'Pending',
  active: 'Active',
  completed: 'Completed',
  rejected: 'Rejected',
};
/** SPEC 9 badge colours (Chakra palettes); anything else is gray. */
export const STATUS_COLORS: Record<ContestStatus, string> = {
  active: 'green',
  completed: 'blue',
  draft: 'gray',
  pending: 'yellow',
  rejected: 'red',
};

/** The demo contests' slugs (PRODUCT.md 'Samples become seed data'), in seed order. */
export const DEMO_CONTEST_SLUGS = [
  'the-dake-contest',
  'candle-games',
  'forex-sprint',
  'strategy-masters',
  'elite-championship',
] as const;

/** The shipped cover images (public/images/contests), the only non-upload covers accepted. */
export const DEMO_COVER_IMAGES: readonly string[] = DEMO_CONTEST_SLUGS.map(
  (slug) => `/images/contests/${slug}.jpg`,
);

/** Slugs a contest may not take: they are paths of their own under /contests and /api/contests. */
export const RESERVED_CONTEST_SLUGS: readonly string[] = ['create', 'drafts', 'new', 'admin'];

/** The slug a contest's title becomes ('contest' when the title gives none). */
export function slugify(title: string): string {
  return slugifyTitle(title, 'contest');
}

/** Whether someone with this role reviews the platform's contests: moderators and admins. */
export function isReviewerRole(role: Role | null | undefined): boolean {
  return role === 'admin' || role === 'moderator';
}

/**
 * THE organiser rule: who runs a contest (enters its scores, runs its bracket and check-in, sees
 * its invite code): its creator, moderators and admins. The server and the client both ask it.
 */
export function isOrganiser(
  contest: { createdBy: number | null },
  viewer: { id: number; role: Role } | null | undefined,
): boolean {
  return !!viewer && (isReviewerRole(viewer.role) || contest.createdBy === viewer.id);
}

/** The dates the registration window is read from. */
export interface RegistrationDates {
  registrationDeadline: Date | null;
  startDate: Date | null;
  endDate: Date | null;
}

/** When registration closes: the deadline, or the start when a reviewer published none. */
export function registrationClosesAt(c: Omit<RegistrationDates, 'endDate'>): Date | null {
  return c.registrationDeadline ?? c.startDate;
}

/**
 * THE registration window, closed once registration closes or the contest ends. `paidAt`: a
 * fee paid while it was open still counts after the deadline (the end still closes it). The
 * server's join rule and the client's 'Registration Open' both ask it.
 */
export function isRegistrationClosed(c: RegistrationDates, now: number, paidAt?: number): boolean {
  const closes = registrationClosesAt(c);
  return (
    (!!closes && closes.getTime() <= (paidAt ?? now)) || (!!c.endDate && c.endDate.getTime() <= now)
  );
}

/** Whether members can sign up now: an active contest inside its registration window. */
export function isRegistrationOpen(
  c: RegistrationDates & { status: ContestStatus },
  now = Date.now(),
): boolean {
  return c.status === 'active' && !isRegistrationClosed(c, now);
}
