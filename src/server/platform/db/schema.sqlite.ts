// The tables, written once: SQLite's schema as it stands, and through scripts/generate-pg-schema.ts
// PostgreSQL's (schema.pg.ts is this file importing columns.pg.ts in place of columns.sqlite.ts).
// The column kinds (time, flag, id, json, score, nocase, ...) are the two engines' forms of one
// kind each; a change here is followed by `npx tsx scripts/generate-pg-schema.ts`, then
// `npm run db:generate` and `npm run db:generate:pg`.
// Over 500 lines on purpose: every table of the database, the one file drizzle-kit and the
// generator read, where a table's comment says why it is so.
import { sql } from 'drizzle-orm';
import {
  check,
  createdAt,
  double,
  flag,
  id,
  index,
  integer,
  json,
  now,
  nocase,
  primaryKey,
  scoreColumn,
  scoreUnits,
  table,
  text,
  time,
  uniqueIndex,
} from './columns.sqlite';
import { ROLES, TIERS, type Role, type Tier } from '../../../shared/constants';
import {
  CONTEST_CATEGORIES,
  CONTEST_FORMATS,
  CONTEST_MODES,
  CONTEST_STATUSES,
  PARTICIPATION_TYPES,
  type ContestCategory,
  type ContestFormat,
  type ContestMode,
  type ContestStatus,
  type ParticipationType,
  type ScoreOrder,
} from '../../../shared/contests';
import type { TTournamentSettings } from '../../../shared/schemas/tournaments';
import type { TPrizeTable } from '../../../shared/schemas/prizes';
import {
  BRACKET_STAGE_TYPES,
  REPORT_STATES,
  type BracketStageType,
  type ReportState,
  type StoredMatchDispute,
  type StoredMatchReport,
} from '../../../shared/tournaments';
import {
  METRICS,
  SUBMISSION_STATUSES,
  type MetricName,
  type MetricTarget,
  type SubmissionStatus,
} from '../../../shared/submissions';
import {
  SCORE_SOURCES,
  type ScoreSource,
} from '../../../shared/leaderboard';
import {
  EDUCATION_KINDS,
  EDUCATION_SOURCES,
  type EducationKind,
  type EducationSource,
} from '../../../shared/schemas/education';
import {
  PAYMENT_NETWORKS,
  PAYMENT_PURPOSES,
  PROOF_STATUSES,
  type PaymentNetwork,
  type PaymentPurpose,
  type ProofStatus,
} from '../../../shared/payments';
import { UPLOAD_PURPOSES } from '../../../shared/schemas/uploads';
import type { TradingRules } from '../../../shared/trading/rules';
import { STATEMENT_FORMATS, type StatementFormat } from '../../../shared/trading/statement';
import type {
  BalancePoint,
  Breach,
  ExcludedTrade,
  TradingFigures,
} from '../../../shared/trading/figures';
import {
  OWNERSHIP,
  STATEMENT_STATUSES,
  type Ownership,
  type StatementFlag,
  type StatementStatus,
} from '../../../shared/trading/review';
import { IMPORT_STATUSES, type ImportStatus } from '../../../shared/schemas/education';
import { DEMO_TABLES, type DemoTable } from '../../../shared/schemas/demoData';
import { PAYOUT_METHODS, oneOf } from './checks';
import {
  REPORT_REASONS,
  REPORT_STATUSES,
  type DiscussionReportReason,
  type DiscussionReportStatus,
} from '../../../shared/discussion';
import { MAIL_KINDS, MAIL_STATUSES, type MailKind, type MailStatus } from '../../../shared/mail';
import { ACCOUNT_TOKEN_PURPOSES, type AccountTokenPurpose } from '../../../shared/accountTokens';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../shared/notifications';
import { TEAM_MEMBER_STATES, type TeamMemberState } from '../../../shared/teams';
import { PARTICIPANT_EXIT_KINDS, type ParticipantExitKind } from '../../../shared/schemas/roster';
import { RESULT_STATUSES, type ResultStatus, type TResultStanding } from '../../../shared/schemas/results';
import {
  FORFEIT_DECISIONS,
  PAYOUT_STATUSES,
  type ForfeitDecision,
  type PayoutMethodSnapshot,
  type PayoutStatus,
} from '../../../shared/payouts';
import { PRIZE_CURRENCIES, type PrizeCurrency } from '../../../shared/prizes';

export { PAYOUT_METHODS };

export const users = table(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    fullName: text('full_name'),
    role: text('role').$type<Role>().notNull().default('user'),
    // Null for admins (SPEC 4: choosing role admin sends a null tier).
    subscriptionTier: text('subscription_tier').$type<Tier>(),
    // When the paid tier's period ends (issue 33); null: no end date, as every tier set before
    // subscriptions had periods, a lifetime plan, and the free tier.
    tierExpiresAt: time('tier_expires_at'),
    // The plan that follows the current one at its end (issue 33): a lower tier bought during a
    // higher one's period starts when that period ends, for `next_period_days` (null: no end).
    nextTier: text('next_tier').$type<Tier>(),
    nextPeriodDays: integer('next_period_days'),
    profileImage: text('profile_image'),
    // What the admin gave as the reason for a ban; shown to the member at sign-in.
    banReason: text('ban_reason'),
    // Set when an admin gives a temporary password: until the member chooses a new one, their
    // session may only change the password, read who they are and sign out (trpc.ts).
    mustChangePassword: flag('must_change_password')
      .notNull()
      .default(false),
    lastLoginAt: time('last_login_at'),
    // When the member proved they read mail at `email`; cleared when the address changes.
    emailVerifiedAt: time('email_verified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_nocase').on(nocase(t.username)),
    uniqueIndex('users_email_nocase').on(nocase(t.email)),
    check('users_role_valid', oneOf('role', ROLES)),
    check('users_tier_valid', sql`"subscription_tier" IS NULL OR ${oneOf('subscription_tier', TIERS)}`),
    check('users_next_tier_valid', sql`"next_tier" IS NULL OR ${oneOf('next_tier', TIERS)}`),
  ],
);

// One row per sign-in: the sealed cookie carries only this id, so deleting the row (logout, a
// ban, 'sign out' from another device) ends that session everywhere at once.
export const sessions = table(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    // Written at most once a minute per session, so a signed-in read stays a read.
    lastSeenAt: time('last_seen_at').notNull().default(now),
    expiresAt: time('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_expires').on(t.expiresAt)],
);

// Platform settings as key -> JSON value, so a new setting needs no migration.
export const settings = table('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: time('updated_at').notNull().default(now),
});

// Where each member wants contest winnings sent (SPEC 3 'Payment settings form').
export const payoutMethods = table(
  'payout_methods',
  {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  paymentMethod: text('payment_method').$type<(typeof PAYOUT_METHODS)[number]>().notNull(),
  accountName: text('account_name'),
  accountNumber: text('account_number'),
  bankName: text('bank_name'),
  bankCode: text('bank_code'),
  cryptoAddress: text('crypto_address'),
  cryptoCurrency: text('crypto_currency'),
  paypalEmail: text('paypal_email'),
  updatedAt: time('updated_at').notNull().default(now),
  },
  () => [check('payout_methods_method_valid', oneOf('payment_method', PAYOUT_METHODS))],
);

// Every stored file: who owns it and what it is for, so access can be checked when it is served.
export const uploads = table(
  'uploads',
  {
    id: id(),
    fileName: text('file_name').notNull().unique(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    // A smaller re-encoded copy of an image, for cards and avatars in lists.
    variantFileName: text('variant_file_name'),
    // The name the file had on its owner's device (cleaned), shown instead of the random one and
    // offered when the file is saved; null for files stored before it was kept.
    originalName: text('original_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_owner').on(t.ownerId, t.createdAt),
    check('uploads_purpose_valid', oneOf('purpose', UPLOAD_PURPOSES)),
  ],
);

// Who did what to whom, with the values before and after (JSON).
export const auditLog = table(
  'audit_log',
  {
    id: id(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: text('before'),
    after: text('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created').on(t.createdAt)],
);

// SPEC 3 'Contest'. `createdBy` has no foreign key on purpose: a contest outlives its creator's
// account and then shows as 'User #id'. `participants` is a stored count of contest_participants
// rows, changed only together with them (domain/participation/contestParticipants.ts).
export const contests = table(
  'contests',
  {
    id: id(),
    // Made from the title; fixed once the contest has been active (domain/contests/contests.ts).
    slug: text('slug').notNull(),
    // Drafts may be saved before a title is typed: '' until then.
    title: text('title').notNull().default(''),
    shortDescription: text('short_description'),
    description: text('description'),
    // Always equal to category (SPEC 3), checked below.
    type: text('type').$type<ContestCategory>().notNull().default('other'),
    category: text('category').$type<ContestCategory>().notNull().default('other'),
    coverImage: text('cover_image'),
    mode: text('mode').$type<ContestMode>().notNull().default('individual'),
    maxParticipants: integer('max_participants').notNull().default(100),
    format: text('format').$type<ContestFormat>().notNull().default('league'),
    // Null only while a draft lacks them.
    registrationDeadline: time('registration_deadline'),
    startDate: time('start_date'),
    endDate: time('end_date'),
    participationType: text('participation_type')
      .$type<ParticipationType>()
      .notNull()
      .default('free'),
    // USD as text (SPEC 3), e.g. '100' or '12.5'; null unless paid.
    entryFee: text('entry_fee'),
    prize: text('prize'),
    requiredTier: text('required_tier').$type<Tier>().notNull().default('free'),
    externalLink: text('external_link'),
    pdfGuide: text('pdf_guide'),
    enableLeaderboard: flag('enable_leaderboard').notNull().default(true),
    enableComments: flag('enable_comments').notNull().default(true),
    // Issue 32: any signed-in member may write in the discussion, not only participants and staff.
    openDiscussion: flag('open_discussion').notNull().default(false),
    createdBy: integer('created_by').notNull(),
    status: text('status').$type<ContestStatus>().notNull().default('draft'),
    // SPEC 3 keeps a draft flag beside the status; it always says status = 'draft' (checked).
    draft: flag('draft').notNull().default(true),
    participants: integer('participants').notNull().default(0),
    featured: flag('featured').notNull().default(false),
    // Invite contests only: the code a member needs to join (shown to creator and reviewers).
    inviteCode: text('invite_code'),
    // When members could first see it (active or completed); from then on its slug is fixed.
    publishedAt: time('published_at'),
    // How scores read and rank: 0 to 4 decimals; higher or lower is better. (No CHECK: adding
    // one makes drizzle-kit rebuild the table with a copy that selects these new columns from
    // the old table, which fails; the shared schemas are the only writers' rules.)
    scoreDecimals: integer('score_decimals').notNull().default(0),
    scoreOrder: text('score_order').$type<ScoreOrder>().notNull().default('higher'),
    // The format's settings (issue 19; shared ZTournamentSettings), JSON; null reads the defaults.
    tournament: json<Partial<TTournamentSettings>>('tournament'),
    // The prize table (issue 30; shared ZPrizeTable), JSON; null: none (the free-text prize alone).
    prizeTable: json<TPrizeTable>('prize_table'),
    // When its bracket was (last) generated; null: none yet. The format and its settings are
    // fixed from then on.
    bracketGeneratedAt: time('bracket_generated_at'),
    // When the start of a bracket contest was handled (those who did not check in dropped, the
    // bracket generated when it is generated at the start): once per contest
    // (domain/tournaments/startRound.ts); null: not yet.
    startHandledAt: time('start_handled_at'),
    createdAt: createdAt(),
    updatedAt: time('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('contests_slug').on(t.slug),
    // One index per list and filter (domain/contests/contests.ts): tab by status and dates, featured,
    // the three filters, the creator's own contests and drafts, and the admin list's order.
    index('contests_status_start').on(t.status, t.startDate),
    // The members' 'all' and 'past' tabs read public contests in date order. Indexed on the
    // expression domain/contests/contestReads.ts filters by, a page stops after its rows instead of
    // sorting every public contest (a partial index is not chosen over the status index).
    // (Without commas: drizzle-kit splits an index expression at them.)
    index('contests_public_start').on(sql`(${t.status} = 'active' OR ${t.status} = 'completed')`, t.startDate, t.id),
    // Status last: 'past' (completed, or ended) is then counted from the index alone.
    index('contests_public_end').on(sql`(${t.status} = 'active' OR ${t.status} = 'completed')`, t.endDate, t.status),
    // Start date too, so 'active' (started, not ended) is counted from the index alone.
    index('contests_status_end').on(t.status, t.endDate, t.startDate),
    index('contests_featured').on(t.featured, t.status, t.startDate),
    index('contests_category').on(t.category, t.status, t.startDate),
    index('contests_tier').on(t.requiredTier, t.status, t.startDate),
    index('contests_participation').on(t.participationType, t.status, t.startDate),
    index('contests_creator').on(t.createdBy, t.status, t.updatedAt),
    index('contests_created').on(t.createdAt),
    check('contests_category_valid', oneOf('category', CONTEST_CATEGORIES)),
    check('contests_type_is_category', sql.raw('"type" = "category"')),
    check('contests_mode_valid', oneOf('mode', CONTEST_MODES)),
    check('contests_format_valid', oneOf('format', CONTEST_FORMATS)),
    check('contests_participation_valid', oneOf('participation_type', PARTICIPATION_TYPES)),
    check('contests_tier_valid', oneOf('required_tier', TIERS)),
    check('contests_status_valid', oneOf('status', CONTEST_STATUSES)),
    check('contests_draft_is_status', sql.raw(`"draft" = ("status" = 'draft')`)),
    check('contests_max_participants_range', sql.raw('"max_participants" BETWEEN 1 AND 10000')),
    check('contests_participants_range', sql.raw('"participants" >= 0')),
  ],
);

// Who takes part in which contest. Rows go with their contest; domain/participation/contestParticipants.ts
// is the only writer: it keeps the count on contests and the rank buckets (rankBuckets) right in
// the same transaction as each change. A member without a score yet has score null: unranked,
// listed last.
export const contestParticipants = table(
  'contest_participants',
  {
    id: id(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: scoreColumn('score'),
    joinedAt: time('joined_at').notNull().default(now),
    // Confirmed in the check-in window of a bracket contest (issue 19); null: not checked in.
    checkedInAt: time('checked_in_at'),
    // Team mode: the team this row (its captain's) registers; one row per team.
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    // Added by an organiser who waived the entry fee (issue 29; audited too).
    feeWaived: flag('fee_waived').notNull().default(false),
    // Disqualified after the start (issue 29): still placed, marked 'DQ', matches forfeited.
    disqualifiedAt: time('disqualified_at'),
    disqualifyReason: text('disqualify_reason'),
  },
  (t) => [
    uniqueIndex('contest_participants_unique').on(t.contestId, t.userId),
    uniqueIndex('contest_participants_team').on(t.teamId),
    index('contest_participants_user').on(t.userId),
    // Leaderboards read a contest's rows in score order; ranks count inside one rank bucket.
    index('contest_participants_score').on(t.contestId, t.score),
  ],
);

// Who left a contest's list without leaving on their own (issue 29): a no-show dropped when
// check-ins were processed ('did not check in'), or a player an organiser removed before the start
// (with the reason they were told). The participant row itself is gone (counts, ranks and
// brackets read contest_participants only); this keeps the history true for the organiser's list.
export const participantExits = table(
  'participant_exits',
  {
    id: id(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ParticipantExitKind>().notNull(),
    reason: text('reason'),
    // The organiser who removed them; null for the no-shows processed at the start.
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    joinedAt: time('joined_at').notNull(),
    at: time('at').notNull().default(now),
  },
  (t) => [
    index('participant_exits_contest').on(t.contestId, t.at),
    check('participant_exits_kind_valid', oneOf('kind', PARTICIPANT_EXIT_KINDS)),
  ],
);

// A contest's scores in ranges ("rank buckets"), each with how many scored rows fall in it: the
// range of a bucket runs from its `lo` (stored score units) to the next bucket's. A rank is then
// 1 + the rows of the better buckets + the better rows inside one bucket, and a score change
// moves two counters instead of every rank between the old and the new score. Written only by
// contestParticipants.ts, in the transaction of each change.
export const rankBuckets = table(
  'rank_buckets',
  {
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    lo: scoreUnits('lo').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contestId, t.lo] })],
);


// Every change of a score (PRODUCT.md: scores decide prizes), written in the transaction of the
// change: whose, from what to what, by whom, when and how. The member and the one who changed it
// are kept by name too, so the record outlives their accounts.
export const scoreHistory = table(
  'score_history',
  {
    id: id(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    // Null: no score before (the first one entered).
    oldScore: scoreColumn('old_score'),
    newScore: scoreColumn('new_score').notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name').notNull(),
    source: text('source').$type<ScoreSource>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A contest's history, newest first.
    index('score_history_contest').on(t.contestId, t.id),
    // For the SET NULL of a deleted member or scorer (else a scan of the whole history).
    index('score_history_user').on(t.userId),
    index('score_history_changed_by').on(t.changedBy),
    check('score_history_source_valid', oneOf('source', SCORE_SOURCES)),
  ],
);

// Proofs of crypto payments (PRODUCT.md 'Money'): entry fees and tier upgrades. They are
// financial records: a deleted member or contest leaves them in place (SET NULL, never a
// cascade), with the username and contest title kept as they were, and the amounts, rate and
// wallet address as they stood when the member paid.
export const paymentProofs = table(
  'payment_proofs',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    contestId: integer('contest_id').references(() => contests.id, { onDelete: 'set null' }),
    contestTitle: text('contest_title'),
    // The tier paid for (upgrades only).
    tier: text('tier').$type<Tier>(),
    // The days the upgrade buys (30 or 365); null: no end (a lifetime plan, or an upgrade sent
    // before plans had periods, which bought the tier for good).
    periodDays: integer('period_days'),
    network: text('network').$type<PaymentNetwork>().notNull(),
    walletAddress: text('wallet_address').notNull(),
    // Normalised (shared/payments.ts normalizeTxHash): hexadecimal hashes as 64 lower-case
    // digits without 0x, Solana signatures as sent. One transaction is one hash on any network.
    txHash: text('tx_hash').notNull(),
    senderAddress: text('sender_address').notNull(),
    notes: text('notes'),
    proofFile: text('proof_file'),
    // Text, as shown: USD to 2 decimals, the coin to 8 ('100.00', '0.04200000').
    amountUsd: text('amount_usd').notNull(),
    // The unused days of the member's lower plan taken off an upgrade's price, in USD as shown
    // ('12.50'); null: no credit. `amount_usd` is the price after it.
    creditUsd: text('credit_usd'),
    amountCoin: text('amount_coin').notNull(),
    // Coin per USD at the time.
    rate: double('rate').notNull(),
    status: text('status').$type<ProofStatus>().notNull().default('pending'),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewerName: text('reviewer_name'),
    reviewedAt: time('reviewed_at'),
    // Why it was rejected.
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_proofs_tx_hash').on(t.txHash),
    // The review queue per status in time order, and a member's own list.
    index('payment_proofs_queue').on(t.status, t.createdAt),
    index('payment_proofs_user').on(t.userId, t.createdAt),
    // For the SET NULL of a deleted contest or reviewer (else a scan of every proof).
    index('payment_proofs_contest').on(t.contestId),
    index('payment_proofs_reviewer').on(t.reviewerId),
    check('payment_proofs_purpose_valid', oneOf('purpose', PAYMENT_PURPOSES)),
    check('payment_proofs_status_valid', oneOf('status', PROOF_STATUSES)),
    check('payment_proofs_network_valid', oneOf('network', PAYMENT_NETWORKS)),
    check('payment_proofs_tier_valid', sql`"tier" IS NULL OR ${oneOf('tier', TIERS)}`),
    // An entry fee names no tier; an upgrade names one and no contest.
    check(
      'payment_proofs_target',
      sql.raw(
        `("purpose" = 'entry_fee' AND "tier" IS NULL) OR ("purpose" = 'tier_upgrade' AND "tier" IS NOT NULL AND "contest_id" IS NULL)`,
      ),
    ),
    check('payment_proofs_rejection_reason', sql.raw(`"status" <> 'rejected' OR "reason" IS NOT NULL`)),
  ],
);

// A contest's final results (issue 30; domain/results): the standings frozen from its format when
// it ended, and the organiser's confirmation. No row: open (the standings are read live). A
// reopening sets the status back to 'open' with its reason (audited). The standings are JSON
// (shared ZResultStanding[]) because they are a snapshot: later score changes do not move them.
export const contestResults = table(
  'contest_results',
  {
    contestId: integer('contest_id')
      .primaryKey()
      .references(() => contests.id, { onDelete: 'cascade' }),
    status: text('status').$type<ResultStatus>().notNull(),
    standings: json<TResultStanding[]>('standings').notNull(),
    // What rounding down left unpaid (shared ZPrizeAmount[]).
    remainder: json<{ amount: string; currency: PrizeCurrency }[]>('remainder').notNull(),
    frozenAt: time('frozen_at'),
    confirmedAt: time('confirmed_at'),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedByName: text('confirmed_by_name'),
    reopenReason: text('reopen_reason'),
    updatedAt: time('updated_at').notNull().default(now),
  },
  (t) => [
    index('contest_results_confirmed_by').on(t.confirmedBy),
    check('contest_results_status_valid', oneOf('status', RESULT_STATUSES)),
  ],
);

// Payout lines (issue 30; domain/payouts): one per winner and currency, made when results are
// confirmed. Financial records, as payment proofs are: a deleted member or contest leaves them in
// place (SET NULL) with the username and contest title kept. `method` is the winner's payout
// method as it stood (null while awaiting one). A sent crypto line's hash is normalised as proofs'
// are (shared/payments.ts normalizeTxHash) and unique across payouts.
export const payouts = table(
  'payouts',
  {
    id: id(),
    contestId: integer('contest_id').references(() => contests.id, { onDelete: 'set null' }),
    contestTitle: text('contest_title').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    teamName: text('team_name'),
    place: integer('place').notNull(),
    placeText: text('place_text').notNull(),
    // Exact decimal text in the currency's smallest unit's places ('300', '0.25').
    amount: text('amount').notNull(),
    currency: text('currency').$type<PrizeCurrency>().notNull(),
    status: text('status').$type<PayoutStatus>().notNull().default('awaiting_method'),
    method: json<PayoutMethodSnapshot>('method'),
    network: text('network').$type<PaymentNetwork>(),
    txHash: text('tx_hash'),
    // A bank or PayPal payment's reference.
    reference: text('reference'),
    // Why it failed, or why it was forfeited.
    reason: text('reason'),
    // A forfeited line: the organiser's decision (FORFEIT_DECISIONS; null while undecided).
    forfeitDecision: text('forfeit_decision').$type<ForfeitDecision>(),
    // A line passed on from a forfeited one: that line (same contest; lines of a contest are only
    // ever removed together, when its results are reopened, so no foreign key is needed).
    passedFromId: integer('passed_from_id'),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedByName: text('approved_by_name'),
    approvedAt: time('approved_at'),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentByName: text('sent_by_name'),
    sentAt: time('sent_at'),
    confirmedAt: time('confirmed_at'),
    // How many 'add a payout method' reminders were sent (PAYOUT_REMINDER_DAYS).
    reminders: integer('reminders').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: time('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('payouts_tx_hash').on(t.txHash),
    // One line per winner and currency of a contest: confirming twice makes no second line.
    uniqueIndex('payouts_contest_user_currency').on(t.contestId, t.userId, t.currency),
    index('payouts_status').on(t.status, t.createdAt),
    index('payouts_user').on(t.userId, t.createdAt),
    index('payouts_approved_by').on(t.approvedBy),
    index('payouts_sent_by').on(t.sentBy),
    check('payouts_status_valid', oneOf('status', PAYOUT_STATUSES)),
    check('payouts_currency_valid', oneOf('currency', PRIZE_CURRENCIES)),
    check(
      'payouts_forfeit_decision_valid',
      sql`"forfeit_decision" IS NULL OR ${oneOf('forfeit_decision', FORFEIT_DECISIONS)}`,
    ),
    check('payouts_network_valid', sql`"network" IS NULL OR ${oneOf('network', PAYMENT_NETWORKS)}`),
  ],
);

// Certificates of placed members (issue 30; domain/results): made when results are confirmed, at
// a stable code anyone can verify. A reopening withdraws them; a new confirmation reissues the
// same code with the new place. Kept (SET NULL) when the member or contest is deleted.
export const certificates = table(
  'certificates',
  {
    code: text('code').primaryKey(),
    contestId: integer('contest_id').references(() => contests.id, { onDelete: 'set null' }),
    contestTitle: text('contest_title').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    teamName: text('team_name'),
    place: integer('place').notNull(),
    placeText: text('place_text').notNull(),
    issuedAt: time('issued_at').notNull(),
    withdrawnAt: time('withdrawn_at'),
  },
  (t) => [
    uniqueIndex('certificates_contest_user').on(t.contestId, t.userId),
    index('certificates_user').on(t.userId),
  ],
);

// The Education Center's items (SPEC 3 'education_content'): written here in markdown, or
// imported from a WordPress site and matched by its post id on every later import.
export const educationContent = table(
  'education_content',
  {
    id: id(),
    // The WordPress post id; unique (SPEC 3), so a re-import updates in place.
    wpId: integer('wp_id').unique(),
    // The site it came from (its origin): a post of another site with the same id is refused
    // rather than written over this one.
    wpSite: text('wp_site'),
    // A digest of the post as last imported, so a re-import can tell an unchanged post.
    wpHash: text('wp_hash'),
    slug: text('slug').notNull().unique(),
    kind: text('kind').$type<EducationKind>().notNull().default('article'),
    source: text('source').$type<EducationSource>().notNull().default('local'),
    title: text('title').notNull(),
    // Markdown for local items, allow-list-sanitized HTML for imported ones.
    content: text('content').notNull(),
    excerpt: text('excerpt'),
    featuredImage: text('featured_image'),
    category: text('category'),
    // A JSON list of text.
    tags: json<string[]>('tags').notNull().default(sql`'[]'`),
    publishDate: time('publish_date').notNull().default(now),
    lastSync: time('last_sync'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: time('updated_at').notNull().default(now),
  },
  (t) => [
    // The list: newest first, all kinds or one kind (a tab).
    index('education_kind_published').on(t.kind, t.publishDate, t.id),
    index('education_published').on(t.publishDate, t.id),
    index('education_author').on(t.authorId),
    check('education_kind_valid', oneOf('kind', EDUCATION_KINDS)),
    check('education_source_valid', oneOf('source', EDUCATION_SOURCES)),
  ],
);

// What each member saved to read later; goes with the member and with the item.
export const educationSaved = table(
  'education_saved',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => educationContent.id, { onDelete: 'cascade' }),
    savedAt: time('saved_at').notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contentId] }),
    // The Saved tab lists a member's items newest-saved first; the PK serves 'is it saved'.
    index('education_saved_user').on(t.userId, t.savedAt),
    index('education_saved_content').on(t.contentId),
  ],
);

// How many changes each live channel (a contest's leaderboard, a member's payments) has had:
// the id of a live event, shared by every app server, so a client reconnecting to another
// server neither hears a change twice nor misses one.
export const liveChannels = table('live_channels', {
  channel: text('channel').primaryKey(),
  version: integer('version').notNull(),
});

// WordPress imports run in the background on one app server; their progress is kept here so the
// admin's progress poll can land on any server. One runs at a time (the partial unique index);
// one whose server died stops counting as running once its heartbeat is old.
export const importJobs = table(
  'import_jobs',
  {
    id: text('id').primaryKey(),
    siteUrl: text('site_url').notNull(),
    status: text('status').$type<ImportStatus>().notNull(),
    message: text('message'),
    progress: text('progress').notNull(),
    startedAt: time('started_at').notNull(),
    finishedAt: time('finished_at'),
    heartbeatAt: time('heartbeat_at').notNull(),
  },
  (t) => [
    uniqueIndex('import_jobs_one_running').on(t.status).where(sql`"status" = 'running'`),
    index('import_jobs_started').on(t.startedAt),
    check('import_jobs_status_valid', oneOf('status', IMPORT_STATUSES)),
  ],
);

// The rows the demo seed wrote (PRODUCT.md 'Samples become seed data'), by table and id: how
// 'Remove demo data' (domain/admin/demoData.ts) tells them from real rows. A table of its own
// rather than a flag on four tables: the seed writes it in its own transaction, the hot tables
// and their selects stay as they are, and an install seeded before it existed is back-filled
// once by the migration that created it (rows recognised by the seed's usernames, slugs and
// shared timestamp). Ids are never reused (AUTOINCREMENT; identities on PostgreSQL), so an
// entry whose row went some other way names nothing and is ignored.
export const demoRows = table(
  'demo_rows',
  {
    tableName: text('table_name').$type<DemoTable>().notNull(),
    rowId: integer('row_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tableName, t.rowId] }),
    check('demo_rows_table_valid', oneOf('table_name', DEMO_TABLES)),
  ],
);

// Sign-in identities at OpenID Connect providers (OIDC_PROVIDERS) linked to members: the
// provider's id as configured, and the subject (`sub`) it gives that person, which never changes
// for them at that provider (an e-mail may). One identity per member per provider; an identity
// belongs to one member. The e-mail is kept as the provider gave it, to show in Account Settings.
export const userIdentities = table(
  'user_identities',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    linkedAt: time('linked_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('user_identities_subject').on(t.provider, t.subject),
    uniqueIndex('user_identities_user_provider').on(t.userId, t.provider),
  ],
);

// Mail waiting to be sent, being sent, sent or failed (domain/messages): written inside the
// transaction of whatever caused it, sent by the background sender, read by admins (Outbox).
export const mailOutbox = table(
  'mail_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    kind: text('kind').$type<MailKind>().notNull(),
    status: text('status').$type<MailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    // When the sender may (re)try it; while 'sending', when its claim lapses.
    nextAttemptAt: time('next_attempt_at').notNull().default(now),
    lastError: text('last_error'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: time('sent_at'),
  },
  (t) => [
    index('mail_outbox_due').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created').on(t.createdAt),
    check('mail_outbox_status_valid', oneOf('status', MAIL_STATUSES)),
    check('mail_outbox_kind_valid', oneOf('kind', MAIL_KINDS)),
  ],
);

// Single-use links mailed to a member (password reset, e-mail verification): only the SHA-256 of
// the token is kept, so the table alone opens nothing.
export const accountTokens = table(
  'account_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<AccountTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    // The address the link was sent to: it verifies that address only.
    email: text('email').notNull(),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_tokens_user').on(t.userId, t.purpose),
    check('account_tokens_purpose_valid', oneOf('purpose', ACCOUNT_TOKEN_PURPOSES)),
  ],
);

// Two-factor sign-in (domain/accounts/twoFactor.ts): a member's TOTP secret, encrypted with a key
// derived from SESSION_SECRET. `enabledAt` null: set up but not yet confirmed with a code.
// `lastTimeStep`: the 30-second step of the last code accepted, so no code is accepted twice.
export const twoFactor = table('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: time('enabled_at'),
  lastTimeStep: integer('last_time_step'),
  createdAt: createdAt(),
});

// The member's single-use recovery codes, kept as SHA-256 digests (60 random bits each).
export const recoveryCodes = table(
  'recovery_codes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: time('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash').on(t.userId, t.codeHash)],
);

// A sign-in whose password was right and whose code is still to come: named by the session
// cookie of that browser (its id starts '2fa.'), for five minutes.
export const pendingSignIns = table(
  'pending_sign_ins',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: time('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('pending_sign_ins_user').on(t.userId),
    index('pending_sign_ins_expires').on(t.expiresAt),
  ],
);

// What the platform told a member (the bell, /notifications). `dedupe_key` marks a notification
// that must exist at most once per member (a contest's start reminder): the unique index refuses
// a second, however many schedulers race.
export const notifications = table(
  'notifications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    readAt: time('read_at'),
  },
  (t) => [
    index('notifications_user').on(t.userId, t.id),
    index('notifications_user_unread').on(t.userId, t.readAt),
    uniqueIndex('notifications_dedupe').on(t.userId, t.dedupeKey),
    check('notifications_kind_valid', oneOf('kind', NOTIFICATION_KINDS)),
  ],
);

// A member's choice per kind (no row: the kind's default, shared/notifications.ts).
export const notificationPreferences = table(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    email: flag('email').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_preferences_kind_valid', oneOf('kind', NOTIFICATION_KINDS)),
  ],
);

// A contest's bracket (issue 19; domain/tournaments): its stages (a knockout, a league, groups,
// Swiss), their groups, rounds and matches, in brackets-manager's shapes plus our own columns.
// Every row carries its contest and goes with it; ids are given by the writer
// (domain/tournaments/storage.ts allocates them), so a whole bracket is written in bulk.
export const bracketStages = table(
  'bracket_stages',
  {
    id: id(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    type: text('type').$type<BracketStageType>().notNull(),
    // brackets-manager's stage settings (size, seed ordering, grand final, ...), JSON.
    settings: text('settings').notNull(),
  },
  (t) => [
    index('bracket_stages_contest').on(t.contestId),
    check('bracket_stages_type_valid', oneOf('type', BRACKET_STAGE_TYPES)),
  ],
);

export const bracketGroups = table(
  'bracket_groups',
  {
    id: id(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    stageId: integer('stage_id').notNull(),
    number: integer('number').notNull(),
  },
  (t) => [index('bracket_groups_contest').on(t.contestId)],
);

export const bracketRounds = table(
  'bracket_rounds',
  {
    id: id(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    stageId: integer('stage_id').notNull(),
    groupId: integer('group_id').notNull(),
    number: integer('number').notNull(),
  },
  (t) => [index('bracket_rounds_contest').on(t.contestId)],
);

// A match: brackets-manager's fields (status as its number, each side as JSON: id, position,
// score, result, forfeit), the two participants (contest_participants ids) as columns for "my
// matches", its time, and a self-reported result's state. The participant columns have no
// foreign key: a member deleted after the bracket exists leaves their id in place (the bracket
// reads them as 'Removed participant'), and brackets-manager rewrites the sides as they were.
export const bracketMatches = table(
  'bracket_matches',
  {
    id: id(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    stageId: integer('stage_id').notNull(),
    groupId: integer('group_id').notNull(),
    roundId: integer('round_id').notNull(),
    number: integer('number').notNull(),
    childCount: integer('child_count').notNull().default(0),
    status: integer('status').notNull(),
    opponent1: text('opponent1'),
    opponent2: text('opponent2'),
    participant1Id: integer('participant1_id'),
    participant2Id: integer('participant2_id'),
    scheduledAt: time('scheduled_at'),
    reportState: text('report_state').$type<ReportState>().notNull().default('none'),
    // A participant's report (scores, games, or a forfeit; who, when): kept while it waits, and
    // beside a dispute so a moderator sees both sides.
    report: json<StoredMatchReport>('report'),
    // The opponent's dispute of that report: their own result and reason, who, when.
    dispute: json<StoredMatchDispute>('dispute'),
    updatedAt: time('updated_at').notNull().default(now),
  },
  (t) => [
    index('bracket_matches_contest').on(t.contestId),
    index('bracket_matches_participant1').on(t.participant1Id),
    index('bracket_matches_participant2').on(t.participant2Id),
    // The moderators' queue of disputed results.
    index('bracket_matches_report').on(t.reportState),
    check('bracket_matches_report_valid', oneOf('report_state', REPORT_STATES)),
  ],
);

// Team mode (issue 19 'Teams'; domain/tournaments/teams.ts). A team of a contest, named once per
// contest whatever the case; its captain is a member. A registered team takes part as ONE
// contest_participants row (its captain's, carrying team_id): that row is the only record of the
// registration, so the two cannot disagree.
export const teams = table(
  'teams',
  {
    id: id(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    captainId: integer('captain_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('teams_contest_name').on(t.contestId, nocase(t.name)),
    index('teams_captain').on(t.captainId),
  ],
);

// A team's members and open invitations (state 'invited' until accepted). A member is in at most
// one team per contest (the partial unique index); one invitation per member and team.
export const teamMembers = table(
  'team_members',
  {
    id: id(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    // The team's contest, copied so that 'one team per contest' is an index.
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<TeamMemberState>().notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: time('invited_at').notNull().default(now),
    joinedAt: time('joined_at'),
    // The captain's share of the team's prize in hundredths of a percent (shared/prizeShares.ts);
    // null: split equally. Set for every member or none; a roster change clears them.
    prizeShare: integer('prize_share'),
  },
  (t) => [
    check(
      'team_members_prize_share_range',
      sql.raw('"prize_share" IS NULL OR "prize_share" BETWEEN 0 AND 10000'),
    ),
    uniqueIndex('team_members_team_user').on(t.teamId, t.userId),
    uniqueIndex('team_members_one_team').on(t.contestId, t.userId).where(sql`"state" = 'member'`),
    index('team_members_contest_user').on(t.contestId, t.userId),
    index('team_members_user').on(t.userId, t.state),
    index('team_members_invited_by').on(t.invitedBy),
    check('team_members_state_valid', oneOf('state', TEAM_MEMBER_STATES)),
  ],
);

// Submission contests (issue 31; domain/submissions): the organiser's evaluation of a contest,
// one row per contest. The answer key is a file in the private files folder (never under
// UPLOAD_DIR, never served to members), named here; its columns, kind and split are what reading
// it found. `version` counts the changes that alter scores (a new key, another metric or option):
// a submission scored under an older version is scored again. `split_seed` is the contest's
// secret for the split by hash of the ids; `published_at` is when the private board was published.
export const contestEvaluations = table(
  'contest_evaluations',
  {
    contestId: integer('contest_id')
      .primaryKey()
      .references(() => contests.id, { onDelete: 'cascade' }),
    metric: text('metric').$type<MetricName>().notNull(),
    k: integer('k'),
    positiveLabel: text('positive_label'),
    idColumn: text('id_column').notNull().default('id'),
    targetColumns: json<string[]>('target_columns').notNull(),
    publicFraction: double('public_fraction').notNull().default(0.3),
    splitSeed: text('split_seed').notNull(),
    dailyLimit: integer('daily_limit').notNull().default(5),
    totalLimit: integer('total_limit'),
    maxFileMb: integer('max_file_mb').notNull().default(20),
    selectionLimit: integer('selection_limit').notNull().default(2),
    // The key as read: its stored file (gzip), the name it was sent under, what it holds.
    keyFile: text('key_file'),
    keyName: text('key_name'),
    targetKind: text('target_kind').$type<MetricTarget>(),
    keyRows: integer('key_rows'),
    keyPublicRows: integer('key_public_rows'),
    keySplit: text('key_split').$type<'column' | 'hash'>(),
    keyUploadedAt: time('key_uploaded_at'),
    // The organiser's own sample submission (stored gzip); null: the platform makes one.
    sampleFile: text('sample_file'),
    sampleName: text('sample_name'),
    version: integer('version').notNull().default(1),
    publishedAt: time('published_at'),
    updatedAt: time('updated_at').notNull().default(now),
  },
  () => [
    check('contest_evaluations_metric_valid', oneOf('metric', METRICS)),
    check(
      'contest_evaluations_limits',
      sql.raw(
        '"daily_limit" >= 1 AND "max_file_mb" BETWEEN 1 AND 200 AND "selection_limit" >= 1 AND ("total_limit" IS NULL OR "total_limit" >= 1)',
      ),
    ),
  ],
);

// A file a participant sent to a submission contest (issue 31). `participant_id` is the entrant
// it counts for (a member's row, or in team mode the team's row), so limits, boards and selections
// are per entrant; `user_id` who sent it. The file itself is in the private files folder (gzip).
// `status` queued -> scoring -> scored | failed; a scoring server holds `lease_until` and a lapsed
// lease lets any server take the row again (`attempts` counts the takes; too many: failed). Both
// scores are kept at full precision; `version` is the evaluation's version it was scored under.
export const submissions = table(
  'submissions',
  {
    id: id(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => contestParticipants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storedFile: text('stored_file').notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    description: text('description'),
    status: text('status').$type<SubmissionStatus>().notNull().default('queued'),
    publicScore: double('public_score'),
    privateScore: double('private_score'),
    error: text('error'),
    selected: flag('selected').notNull().default(false),
    version: integer('version').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: time('lease_until'),
    scoredAt: time('scored_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('submissions_contest').on(t.contestId, t.createdAt),
    index('submissions_participant').on(t.participantId, t.createdAt),
    index('submissions_user').on(t.userId),
    index('submissions_status').on(t.status, t.leaseUntil),
    check('submissions_status_valid', oneOf('status', SUBMISSION_STATUSES)),
  ],
);

// Discussion (issue 32). A topic of a contest: its opening post and its replies are rows of
// discussion_posts (one level deep; a reply may quote another post of the topic). The topic keeps
// what its lists sort by (last activity, reply count, the opening post's upvotes), written in the
// same transaction as the post that changes them, so a contest of 2,000 topics lists from one
// index per sort. Pinned topics (and announcements, pinned) come first in every sort.
export const discussionTopics = table(
  'discussion_topics',
  {
    id: id(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    // Null once the author's account is gone ('User #id' is not kept: the post says [deleted user]).
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    pinned: flag('pinned').notNull().default(false),
    locked: flag('locked').notNull().default(false),
    announcement: flag('announcement').notNull().default(false),
    // The reply the organiser marked as the answer (a post of this topic), or null.
    answerId: integer('answer_id'),
    replyCount: integer('reply_count').notNull().default(0),
    upvotes: integer('upvotes').notNull().default(0),
    lastPostAt: time('last_post_at').notNull().default(now),
    lastPosterId: integer('last_poster_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('discussion_topics_activity').on(t.contestId, t.pinned, t.lastPostAt, t.id),
    index('discussion_topics_newest').on(t.contestId, t.pinned, t.createdAt, t.id),
    index('discussion_topics_active').on(t.contestId, t.pinned, t.replyCount, t.id),
    index('discussion_topics_upvoted').on(t.contestId, t.pinned, t.upvotes, t.id),
  ],
);

// A post: a topic's opening post (`opening`) or one of its replies, in id order. `contest_id` is
// the topic's, kept so the visibility condition joins contests without the topic. Deleting by the
// author keeps the row (deleted_at; answered as '[deleted]'); hiding is a moderator's. `upvotes`
// counts discussion_upvotes' rows, written with them.
export const discussionPosts = table(
  'discussion_posts',
  {
    id: id(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => discussionTopics.id, { onDelete: 'cascade' }),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    opening: flag('opening').notNull().default(false),
    body: text('body').notNull(),
    // The post of the same topic this one quotes, or null (a quoted post deleted stays a number).
    quoteId: integer('quote_id'),
    upvotes: integer('upvotes').notNull().default(0),
    createdAt: createdAt(),
    editedAt: time('edited_at'),
    deletedAt: time('deleted_at'),
    hiddenAt: time('hidden_at'),
  },
  (t) => [
    // A topic's replies page by id: the first and the last page read straight from here.
    index('discussion_posts_topic').on(t.topicId, t.opening, t.id),
    // The limits read a member's latest posts (time between posts, the same text twice).
    index('discussion_posts_author').on(t.authorId, t.createdAt),
  ],
);

// The history of a post's edits: each row is the body as it was before that edit.
export const discussionPostEdits = table(
  'discussion_post_edits',
  {
    id: id(),
    postId: integer('post_id')
      .notNull()
      .references(() => discussionPosts.id, { onDelete: 'cascade' }),
    editorId: integer('editor_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    editedAt: time('edited_at').notNull().default(now),
  },
  (t) => [index('discussion_post_edits_post').on(t.postId, t.id)],
);

// One upvote per member per post (never on one's own); the time counts the daily limit.
export const discussionUpvotes = table(
  'discussion_upvotes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => discussionPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('discussion_upvotes_user').on(t.userId, t.createdAt),
  ],
);

// Who follows a topic (its author and repliers from their first post; anyone by choice).
export const discussionFollows = table(
  'discussion_follows',
  {
    topicId: integer('topic_id')
      .notNull()
      .references(() => discussionTopics.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.topicId, t.userId] }),
    index('discussion_follows_user').on(t.userId),
  ],
);

// A member barred from one contest's discussion by its organiser, with the reason they are told.
export const discussionBars = table(
  'discussion_bars',
  {
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    barredBy: integer('barred_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.contestId, t.userId] })],
);

// A member's report of a post (one per member per post): the moderators' queue reads the open
// ones oldest first. The queue and its actions are a later slice; the table is here now.
export const discussionReports = table(
  'discussion_reports',
  {
    id: id(),
    postId: integer('post_id')
      .notNull()
      .references(() => discussionPosts.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<DiscussionReportReason>().notNull(),
    text: text('text'),
    status: text('status').$type<DiscussionReportStatus>().notNull().default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: time('resolved_at'),
    // The moderator's words when they resolved it (required for hide and delete): the author is told.
    resolutionReason: text('resolution_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discussion_reports_once').on(t.postId, t.reporterId),
    index('discussion_reports_status').on(t.status, t.createdAt),
    check('discussion_reports_reason_valid', oneOf('reason', REPORT_REASONS)),
    check('discussion_reports_status_valid', oneOf('status', REPORT_STATUSES)),
  ],
);

// Trading contests (issue 34; domain/trading): the organiser's rules of a contest, one row per
// contest; a contest with a row is scored from its traders' statements (`scoring: trading`),
// without one by hand (`manual`). `rules` is the shared schema's output (ZTradingRulesSchema),
// checked on every write and read; `version` counts the changes, for the figures computed under
// an older one to be computed again.
export const contestTradingRules = table('contest_trading_rules', {
  contestId: integer('contest_id')
    .primaryKey()
    .references(() => contests.id, { onDelete: 'cascade' }),
  rules: json<TradingRules>('rules').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: time('updated_at').notNull().default(now),
});

// A trader's statements (issue 34; domain/trading): every upload kept, the latest of an entrant
// (a participant row: a member, or a registered team's captain row) counts. The parsed statement
// is kept as a private file (PRIVATE_DIR, gzip JSON), so a rule or date change scores it again
// without the original; the account, the figures, breaches, trades not counted (by reason) and
// the balance curve (at most a few hundred points) are stored as scored under `rulesVersion`.
// Money inside `figures` stays decimal strings.
export const tradingStatements = table(
  'trading_statements',
  {
    id: id(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => contestParticipants.id, { onDelete: 'cascade' }),
    // The member who uploaded it (in team mode any member of the team).
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storedFile: text('stored_file').notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    format: text('format').$type<StatementFormat>().notNull(),
    accountNumber: text('account_number').notNull(),
    accountServer: text('account_server'),
    currency: text('currency'),
    ownerName: text('owner_name'),
    // The first and last closed trade's times in the file (the window it covers).
    coversFrom: time('covers_from'),
    coversTo: time('covers_to'),
    figures: json<TradingFigures>('figures').notNull(),
    breaches: json<Breach[]>('breaches').notNull(),
    excluded: json<ExcludedTrade[]>('excluded').notNull(),
    curve: json<BalancePoint[]>('curve').notNull(),
    rulesVersion: integer('rules_version').notNull(),
    ownership: text('ownership').$type<Ownership>().notNull(),
    flags: json<StatementFlag[]>('flags').notNull(),
    status: text('status').$type<StatementStatus>().notNull(),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: time('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('trading_statements_contest').on(t.contestId, t.participantId, t.createdAt),
    index('trading_statements_account').on(t.contestId, t.accountNumber),
    index('trading_statements_user').on(t.userId),
    check('trading_statements_status_valid', oneOf('status', STATEMENT_STATUSES)),
    check('trading_statements_ownership_valid', oneOf('ownership', OWNERSHIP)),
    check('trading_statements_format_valid', oneOf('format', STATEMENT_FORMATS)),
  ],
);

// Each entrant's one-time ownership code of a trading contest (`CP-7F3K9Q`): made on first read,
// the statement must hold an order or deal whose comment contains it.
export const tradingOwnershipCodes = table(
  'trading_ownership_codes',
  {
    participantId: integer('participant_id')
      .primaryKey()
      .references(() => contestParticipants.id, { onDelete: 'cascade' }),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('trading_ownership_codes_code').on(t.contestId, t.code)],
);
