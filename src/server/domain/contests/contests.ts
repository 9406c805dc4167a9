// Contest changes: drafts, submissions, edits and moderation (SPEC 2.6, 2.17, 2.18, 4, 7;
// PRODUCT.md 'Contests'). Who may see a contest is decided in contestReads.ts.
import crypto from 'node:crypto';
import { and, eq, like, ne, or, sql } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { contestParticipants, contests } from '../../platform/db/schema';
import { lockName } from '../../platform/db/dialect';
import {
  CONTEST_FORM_DEFAULTS,
  CONTEST_MESSAGES as M,
  RESERVED_CONTEST_SLUGS,
  SCORE_DECIMALS_MAX,
  slugify,
  type ContestStatus,
  type ModerationStatus,
} from '../../../shared/contests';
import {
  ZContestFormSchema,
  ZContestServerSchema,
  dateOrderProblems,
  type TContest,
  type TCreateContestInput,
  type TSaveDraftInput,
  type TUpdateContestInput,
} from '../../../shared/schemas/contests';
import {
  ZTournamentSettings,
  tournamentSettingsOf,
  type TTournamentSettings,
} from '../../../shared/schemas/tournaments';
import { BRACKET_EXISTS_MESSAGE } from '../../../shared/tournaments';
import { isReviewer, type Actor } from '../../platform/actor';
import { writeAudit, getPlatformSettings } from '../admin';
import {
  CREATOR_EDITABLE,
  PUBLIC,
  notFound,
  present,
  readById,
  readForWrite,
  type ContestRow,
} from './contestReads';
import { finalStandings, rerankContest } from '../participation';
import { notifyContestDecision, notifyResults } from '../messages';
import { AppError } from '../../platform/errors';
import { assertOwnUpload } from '../../platform/files/uploads';
import type { Limits } from '../../platform/limits';
import { asCountedSubmission, assertDraftRoom } from './memberLimits';

/** A member's submission: pending while approval is required, else active (PRODUCT.md). */
async function submissionStatus(db: DB): Promise<ContestStatus> {
  return (await getPlatformSettings({ db })).contestApprovalRequired ? 'pending' : 'active';
}

/** The slug a title takes: its slugified form, or that with -2, -3... when taken or reserved. */
async function uniqueSlug(db: DbOrTx, title: string, exceptId?: number): Promise<string> {
  // Two contests of one title at once must not both take its slug.
  await lockName(db, 'contest-slugs');
  const base = slugify(title);
  const taken = new Set(
    (
      await db
        .select({ slug: contests.slug })
        .from(contests)
        .where(
          and(
            or(eq(contests.slug, base), like(contests.slug, `${base}-%`)),
            exceptId ? ne(contests.id, exceptId) : undefined,
          ),
        )
    ).map((r) => r.slug),
  );
  for (const reserved of RESERVED_CONTEST_SLUGS) taken.add(reserved);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

/** A draft saved before it has a title gets a placeholder slug until it has one. */
async function untitledSlug(db: DbOrTx): Promise<string> {
  await lockName(db, 'contest-slugs');
  for (;;) {
    const slug = `draft-${crypto.randomBytes(5).toString('hex')}`;
    // Random enough to be free; checked all the same, as a title could have made it.
    const [taken] = await db
      .select({ id: contests.id })
      .from(contests)
      .where(eq(contests.slug, slug));
    if (!taken) return slug;
  }
}

function newInviteCode(): string {
  return crypto.randomBytes(6).toString('base64url');
}

/**
 * When a contest in this status was first published: kept once set, set now when it becomes
 * visible to members (active or completed) for the first time. Its slug is fixed from then on,
 * whatever status it later goes back to, so links to it keep working.
 */
function publishedAt(status: ContestStatus, before: Date | null | undefined): Date | null {
  return before ?? (PUBLIC.includes(status) ? new Date() : null);
}

const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/webp'];

/** A cover or guide the contest did not already point at must be the caller's own upload. */
async function assertFiles(
  db: DbOrTx,
  actor: Actor,
  next: { coverImage?: string | null; pdfGuide?: string | null },
  before?: { coverImage: string | null; pdfGuide: string | null },
): Promise<void> {
  const { coverImage, pdfGuide } = next;
  if (coverImage && coverImage !== before?.coverImage && coverImage.startsWith('/uploads/')) {
    await assertOwnUpload({
      db,
      actor,
      url: coverImage,
      purposes: ['cover', 'any'],
      mimes: IMAGE_MIMES,
      message: M.coverImage,
    });
  }
  if (pdfGuide && pdfGuide !== before?.pdfGuide) {
    await assertOwnUpload({
      db,
      actor,
      url: pdfGuide,
      purposes: ['guide', 'any'],
      mimes: ['application/pdf'],
      message: M.pdfGuide,
    });
  }
}

/** The contest's columns from a whole wizard form. */
function formColumns(input: TCreateContestInput) {
  const paid = input.participationType === 'paid';
  return {
    title: input.title,
    shortDescription: input.shortDescription,
    description: input.description,
    type: input.category,
    category: input.category,
    coverImage: input.coverImage ?? null,
    mode: input.mode,
    maxParticipants: input.maxParticipants,
    format: input.format,
    registrationDeadline: input.registrationDeadline,
    startDate: input.startDate,
    endDate: input.endDate,
    participationType: input.participationType,
    entryFee: paid ? (input.entryFee ?? null) : null,
    prize: input.prize ?? null,
    requiredTier: input.requiredTier,
    externalLink: input.externalLink ?? null,
    pdfGuide: input.pdfGuide ?? null,
    enableLeaderboard: input.enableLeaderboard,
    enableComments: input.enableComments,
    scoreDecimals: input.scoreDecimals,
    scoreOrder: input.scoreOrder,
  };
}

type StoredSettings = Partial<TTournamentSettings> | null;

/** Whether two stored settings mean the same (each read with the defaults filled in). */
function sameSettings(a: StoredSettings, b: StoredSettings): boolean {
  const x = tournamentSettingsOf(a);
  const y = tournamentSettingsOf(b);
  return (Object.keys(x) as (keyof TTournamentSettings)[]).every((key) => x[key] === y[key]);
}

/**
 * THE format rule (issue 19), applied by every path that writes a contest's format: once its
 * bracket is generated, its format, its mode and its settings can no longer change (409,
 * bracket_exists); and settings being written must hold together as a whole (a group size sent
 * beside a stored number advancing, a minimum team size beside a stored maximum).
 */
export function assertFormatChange(
  row: Pick<ContestRow, 'bracketGeneratedAt' | 'format' | 'mode' | 'tournament'> | undefined,
  next: Pick<ContestRow, 'format' | 'mode' | 'tournament'>,
  { settingsWritten }: { settingsWritten: boolean },
): void {
  if (
    row?.bracketGeneratedAt &&
    (next.format !== row.format ||
      next.mode !== row.mode ||
      !sameSettings(row.tournament, next.tournament))
  ) {
    throw new AppError('CONFLICT', BRACKET_EXISTS_MESSAGE, { reason: 'bracket_exists' });
  }
  if (!settingsWritten) return;
  const whole = ZTournamentSettings.safeParse(tournamentSettingsOf(next.tournament));
  if (!whole.success) {
    throw new AppError('BAD_REQUEST', whole.error.issues[0]?.message ?? 'Invalid format settings');
  }
}

/**
 * What a change of the score settings means for scores already entered: fewer decimals than a
 * stored score has are refused (it would no longer show as entered); another order ranks the
 * contest again (in the caller's transaction, after the contest row is written).
 */
async function scoreSettingsChange(
  tx: DbOrTx,
  row: Pick<ContestRow, 'id' | 'scoreDecimals' | 'scoreOrder'>,
  next: { scoreDecimals: number; scoreOrder: ContestRow['scoreOrder'] },
): Promise<{ rerank: boolean }> {
  if (next.scoreDecimals < row.scoreDecimals) {
    // Stored units are 1/10,000: a score with more decimals is not a multiple of this step.
    const step = 10 ** (SCORE_DECIMALS_MAX - next.scoreDecimals);
    const [finer] = await tx
      .select({ id: contestParticipants.id })
      .from(contestParticipants)
      .where(
        and(
          eq(contestParticipants.contestId, row.id),
          sql`${contestParticipants.score} % ${step} != 0`,
        ),
      )
      .limit(1);
    if (finer) throw new AppError('BAD_REQUEST', M.scoreDecimalsInUse);
  }
  return { rerank: next.scoreOrder !== row.scoreOrder };
}

/** The date order (registrationDeadline <= startDate < endDate) of a contest about to be live. */
function assertDateOrder(row: Parameters<typeof dateOrderProblems>[0]): void {
  const [problem] = dateOrderProblems(row);
  if (problem) throw new AppError('BAD_REQUEST', problem.message);
}

/**
 * A contest's status changed (moderation, an edit, a submission): audited, and whoever it
 * concerns is notified in the same transaction (its creator of an approval or a rejection, its
 * participants of the final results).
 */
async function auditStatus(
  db: DbOrTx,
  actor: Actor,
  id: number,
  before: ContestStatus | null,
  after: ContestStatus,
  reason?: string | null,
): Promise<void> {
  const why = after === 'rejected' ? reason?.trim() || undefined : undefined;
  await writeAudit({
    db,
    actor,
    action: 'contest.status',
    targetType: 'contest',
    targetId: id,
    before: before === null ? undefined : { status: before },
    after: why ? { status: after, reason: why } : { status: after },
  });
  await notifyStatusChange(db, actor, id, before, after, why);
}

async function notifyStatusChange(
  db: DbOrTx,
  actor: Actor,
  id: number,
  before: ContestStatus | null,
  after: ContestStatus,
  reason: string | undefined,
): Promise<void> {
  const approved = after === 'active' && before === 'pending';
  const rejected = after === 'rejected' && before !== null;
  const completed = after === 'completed' && before !== null;
  if (!approved && !rejected && !completed) return;
  const [contest] = await db
    .select({
      id: contests.id,
      slug: contests.slug,
      title: contests.title,
      createdBy: contests.createdBy,
    })
    .from(contests)
    .where(eq(contests.id, id));
  if (!contest) return;
  const options = { origin: actor.origin };
  if (completed) {
    await notifyResults(db, { contest, standings: await finalStandings(db, id) }, options);
    return;
  }
  await notifyContestDecision(
    db,
    { contest, creatorId: contest.createdBy, actorId: actor.id, approved, reason },
    options,
  );
}

async function auditFeatured(
  db: DbOrTx,
  actor: Actor,
  id: number,
  featured: boolean,
): Promise<void> {
  await writeAudit({
    db,
    actor,
    action: 'contest.feature',
    targetType: 'contest',
    targetId: id,
    before: { featured: !featured },
    after: { featured },
  });
}

/**
 * A contest the caller edits as its creator: it must be theirs (else 404 if they may not see it,
 * 403 if they may) and still draft, pending or rejected (403).
 */
async function ownEditable(db: DbOrTx, actor: Actor, id: number): Promise<ContestRow> {
  const row = await readForWrite(db, id, { visibleTo: actor });
  if (!row) throw notFound();
  if (row.createdBy !== actor.id)
    throw new AppError('FORBIDDEN', 'You can only edit your own contests');
  if (!CREATOR_EDITABLE.includes(row.status)) {
    throw new AppError('FORBIDDEN', 'This contest can no longer be edited');
  }
  return row;
}

/**
 * Submit (SPEC 7 POST /api/contests). A member's submission is pending or active by the
 * platform setting, whatever the body asks; moderators and admins (the admin wizard) set any
 * status, active by default, and featured. With an id, the caller's own draft, pending or
 * rejected contest is submitted in place (the wizard continuing a draft).
 */
export async function createContest({
  db,
  actor,
  input,
  limits,
}: {
  db: DB;
  actor: Actor;
  input: TCreateContestInput;
  limits: Limits;
}): Promise<TContest> {
  // Every member's send of the wizard is a submission (a new contest or a draft's).
  return asCountedSubmission(limits, actor, true, () => writeContest(db, actor, input));
}

async function writeContest(db: DB, actor: Actor, input: TCreateContestInput): Promise<TContest> {
  const reviewer = isReviewer(actor);
  const status: ContestStatus = reviewer ? (input.status ?? 'active') : await submissionStatus(db);
  const columns = formColumns(input);
  // The request schema checked the date order already; this is the rule's last word.
  assertDateOrder(columns);
  const id = await db.transaction(async (tx) => {
    const existing = input.id ? await ownEditable(tx, actor, input.id) : undefined;
    // The whole form: its settings replace the draft's (kept when a caller sends none).
    const tournament = input.tournament ?? existing?.tournament ?? null;
    assertFormatChange(existing, { ...columns, tournament }, { settingsWritten: true });
    await assertFiles(tx, actor, input, existing);
    if (existing && columns.maxParticipants < existing.participants) {
      throw tooFewPlaces(existing.participants);
    }
    const common = {
      ...columns,
      tournament,
      status,
      draft: false,
      inviteCode:
        columns.participationType === 'invite' ? (existing?.inviteCode ?? newInviteCode()) : null,
      publishedAt: publishedAt(status, existing?.publishedAt),
      updatedAt: new Date(),
    };
    if (existing) {
      const { rerank } = await scoreSettingsChange(tx, existing, columns);
      const featured = reviewer ? (input.featured ?? existing.featured) : existing.featured;
      await tx
        .update(contests)
        .set({
          ...common,
          featured,
          slug:
            !existing.publishedAt &&
            (columns.title !== existing.title || existing.slug.startsWith('draft-'))
              ? await uniqueSlug(tx, columns.title, existing.id)
              : existing.slug,
        })
        .where(eq(contests.id, existing.id));
      if (rerank) {
        await rerankContest({ db: tx, contestId: existing.id, order: columns.scoreOrder });
      }
      if (existing.status !== status) {
        await auditStatus(tx, actor, existing.id, existing.status, status);
      }
      if (featured !== existing.featured) await auditFeatured(tx, actor, existing.id, featured);
      return existing.id;
    }
    const featured = reviewer ? (input.featured ?? false) : false;
    const [created] = await tx
      .insert(contests)
      .values({
        ...common,
        featured,
        slug: await uniqueSlug(tx, columns.title),
        createdBy: actor.id,
      })
      .returning({ id: contests.id });
    await writeAudit({
      db: tx,
      actor,
      action: 'contest.create',
      targetType: 'contest',
      targetId: created!.id,
      after: { title: columns.title, status, featured },
    });
    return created!.id;
  });
  return present((await readById(db, id))!, actor);
}

function tooFewPlaces(participants: number): AppError {
  return new AppError(
    'BAD_REQUEST',
    `Max participants cannot be lower than the current number of participants (${participants})`,
  );
}

/** Only the keys that were sent: undefined means "keep", null means "clear". */
function definedEntries<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Save Draft: creates a draft, or updates the caller's own draft (`id`). Only what is filled is
 * validated (by the schema); a cleared field takes its default.
 */
export async function saveDraft({
  db,
  actor,
  input,
  limits,
}: {
  db: DB;
  actor: Actor;
  input: TSaveDraftInput;
  limits: Limits;
}): Promise<TContest> {
  const { id, ...fields } = input;
  if (!id) await assertDraftRoom(db, limits, actor);
  const sent = definedEntries(fields);
  const d = CONTEST_FORM_DEFAULTS;
  // A cleared field that cannot be empty goes back to the wizard's default.
  const keep = <T>(value: T | null | undefined, fallback: T) =>
    value === undefined ? undefined : (value ?? fallback);
  const columns: Partial<typeof contests.$inferInsert> = definedEntries({
    title: keep(sent.title, ''),
    category: keep(sent.category, d.category),
    type: keep(sent.category, d.category),
    shortDescription: sent.shortDescription,
    description: sent.description,
    coverImage: sent.coverImage,
    mode: keep(sent.mode, d.mode),
    maxParticipants: keep(sent.maxParticipants, d.maxParticipants),
    format: keep(sent.format, d.format),
    scoreDecimals: keep(sent.scoreDecimals, d.scoreDecimals),
    scoreOrder: keep(sent.scoreOrder, d.scoreOrder),
    // The wizard's settings replace the draft's; null clears them (the defaults).
    tournament: sent.tournament,
    registrationDeadline: sent.registrationDeadline,
    startDate: sent.startDate,
    endDate: sent.endDate,
    participationType: keep(sent.participationType, d.participationType),
    requiredTier: keep(sent.requiredTier, d.requiredTier),
    entryFee: sent.entryFee,
    prize: sent.prize,
    externalLink: sent.externalLink,
    pdfGuide: sent.pdfGuide,
    enableLeaderboard: keep(sent.enableLeaderboard, d.enableLeaderboard),
    enableComments: keep(sent.enableComments, d.enableComments),
  });
  const draftId = await db.transaction(async (tx) => {
    let existing: ContestRow | undefined;
    if (id) {
      existing = await readForWrite(tx, id);
      // Someone else's draft is not there for this caller, reviewer or not.
      if (!existing || existing.createdBy !== actor.id) throw notFound();
      if (existing.status !== 'draft') {
        throw new AppError('CONFLICT', 'Only drafts can be saved as a draft');
      }
    }
    await assertFiles(tx, actor, columns, existing);
    const participationType = columns.participationType ?? existing?.participationType ?? 'free';
    if (participationType !== 'paid') columns.entryFee = null;
    const maxParticipants = columns.maxParticipants ?? existing?.maxParticipants;
    if (existing && maxParticipants !== undefined && maxParticipants < existing.participants) {
      throw tooFewPlaces(existing.participants);
    }
    columns.inviteCode =
      participationType === 'invite' ? (existing?.inviteCode ?? newInviteCode()) : null;
    const title = columns.title ?? existing?.title ?? '';
    if (existing) {
      const slug =
        columns.title !== undefined && columns.title !== existing.title
          ? title
            ? await uniqueSlug(tx, title, existing.id)
            : await untitledSlug(tx)
          : existing.slug;
      await tx
        .update(contests)
        .set({ ...columns, slug, updatedAt: new Date() })
        .where(eq(contests.id, existing.id));
      return existing.id;
    }
    const [created] = await tx
      .insert(contests)
      .values({
        ...columns,
        slug: title ? await uniqueSlug(tx, title) : await untitledSlug(tx),
        createdBy: actor.id,
        status: 'draft',
        draft: true,
        featured: false,
      })
      .returning({ id: contests.id });
    return created!.id;
  });
  return present((await readById(db, draftId))!, actor);
}

/** The fields of a contest as the wizard's form has them, to validate a stored contest whole. */
function asForm(row: ContestRow) {
  return {
    title: row.title,
    category: row.category,
    shortDescription: row.shortDescription,
    coverImage: row.coverImage,
    mode: row.mode,
    maxParticipants: row.maxParticipants,
    format: row.format,
    registrationDeadline: row.registrationDeadline,
    startDate: row.startDate,
    endDate: row.endDate,
    participationType: row.participationType,
    requiredTier: row.requiredTier,
    entryFee: row.entryFee,
    prize: row.prize,
    description: row.description,
    externalLink: row.externalLink,
    pdfGuide: row.pdfGuide,
    enableLeaderboard: row.enableLeaderboard,
    enableComments: row.enableComments,
    scoreDecimals: row.scoreDecimals,
    scoreOrder: row.scoreOrder,
  };
}

function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : (result.error?.issues[0]?.message ?? 'Invalid contest');
}

/** Long texts are recorded as changed, not copied into the audit log. */
const AUDIT_ELIDED = new Set(['description']);

/**
 * Edit (PATCH semantics). The creator edits their own draft, pending or rejected contest; any
 * status they send submits it (pending or active by the setting). Moderators and admins edit any
 * contest and may set any status and featured. Whatever leaves draft must be whole: the wizard's
 * rules for a member's submission, the server's rules (SPEC 5) for a reviewer's edit.
 */
export async function updateContest({
  db,
  actor,
  input,
  limits,
}: {
  db: DB;
  actor: Actor;
  input: TUpdateContestInput;
  limits: Limits;
}): Promise<TContest> {
  // A member's draft sent for review here is a submission like the wizard's.
  const submitting =
    !isReviewer(actor) &&
    input.status !== undefined &&
    input.status !== 'draft' &&
    (await readById(db, input.id))?.status === 'draft';
  return asCountedSubmission(limits, actor, submitting, () => editContest(db, actor, input));
}

async function editContest(db: DB, actor: Actor, input: TUpdateContestInput): Promise<TContest> {
  const reviewer = isReviewer(actor);
  // Read before the transaction only for the platform setting a member's submission follows.
  const memberSubmission = reviewer ? undefined : await submissionStatus(db);
  const id = await db.transaction(async (tx) => {
    const row = reviewer
      ? await readForWrite(tx, input.id)
      : await ownEditable(tx, actor, input.id);
    if (!row) throw notFound();
    const {
      id: _id,
      status: askedStatus,
      featured: askedFeatured,
      type,
      tournament: sentSettings,
      ...fields
    } = input;
    if (!reviewer && askedFeatured !== undefined && askedFeatured !== row.featured) {
      throw new AppError('FORBIDDEN', 'Only moderators can feature contests');
    }

    let status = row.status;
    if (askedStatus === 'draft') {
      if (row.status !== 'draft') {
        throw new AppError('BAD_REQUEST', 'A submitted contest cannot go back to being a draft');
      }
    } else if (askedStatus !== undefined) {
      status = reviewer ? askedStatus : memberSubmission!;
    }
    const featured = reviewer ? (askedFeatured ?? row.featured) : row.featured;

    // A change of one date is checked against the stored others: the whole merged contest is.
    const changes: Partial<ContestRow> = definedEntries(fields);
    // Settings are merged: a key sent replaces that key, the others stay.
    if (sentSettings) {
      changes.tournament = { ...(row.tournament ?? {}), ...definedEntries(sentSettings) };
    }
    const category = fields.category ?? type;
    if (category) Object.assign(changes, { category, type: category });
    const merged: ContestRow = { ...row, ...changes, status, featured };
    if (merged.participationType !== 'paid') merged.entryFee = null;
    merged.inviteCode =
      merged.participationType === 'invite' ? (row.inviteCode ?? newInviteCode()) : null;
    merged.draft = status === 'draft';
    merged.publishedAt = publishedAt(status, row.publishedAt);

    if (status !== 'draft') {
      const problem = reviewer
        ? firstIssue(ZContestServerSchema.safeParse(merged))
        : firstIssue(ZContestFormSchema.safeParse(asForm(merged)));
      if (problem) throw new AppError('BAD_REQUEST', problem);
      assertDateOrder(merged);
      if (merged.participationType === 'paid' && !merged.entryFee) {
        throw new AppError('BAD_REQUEST', M.entryFee);
      }
    }
    if (merged.maxParticipants < row.participants) throw tooFewPlaces(row.participants);
    assertFormatChange(row, merged, { settingsWritten: sentSettings !== undefined });
    await assertFiles(tx, actor, changes, row);
    const { rerank } = await scoreSettingsChange(tx, row, merged);

    if (merged.title !== row.title && !row.publishedAt) {
      merged.slug = merged.title
        ? await uniqueSlug(tx, merged.title, row.id)
        : await untitledSlug(tx);
    }

    const changed = (
      Object.keys(contestColumnsToWrite) as (keyof typeof contestColumnsToWrite)[]
    ).filter((key) => {
      const a = row[key];
      const b = merged[key];
      if (key === 'tournament') return JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
      return a instanceof Date && b instanceof Date ? a.getTime() !== b.getTime() : a !== b;
    });
    if (!changed.length) return row.id;

    const values = Object.fromEntries(changed.map((key) => [key, merged[key]]));
    await tx
      .update(contests)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(contests.id, row.id));
    if (rerank) await rerankContest({ db: tx, contestId: row.id, order: merged.scoreOrder });
    if (status !== row.status) await auditStatus(tx, actor, row.id, row.status, status);
    if (featured !== row.featured) await auditFeatured(tx, actor, row.id, featured);
    const edited = changed.filter((key) => !['status', 'featured', 'draft'].includes(key));
    // A reviewer's change to a member's contest is an admin action (PRODUCT.md 'Beyond that').
    if (reviewer && row.createdBy !== actor.id && edited.length) {
      const pick = (source: ContestRow) =>
        Object.fromEntries(
          edited.map((key) => [key, AUDIT_ELIDED.has(key) ? '(changed)' : source[key]]),
        );
      await writeAudit({
        db: tx,
        actor,
        action: 'contest.update',
        targetType: 'contest',
        targetId: row.id,
        before: pick(row),
        after: pick(merged),
      });
    }
    return row.id;
  });
  return present((await readById(db, id))!, actor);
}

/** The columns an edit may write, each compared with what is stored. */
const contestColumnsToWrite = {
  slug: true,
  title: true,
  shortDescription: true,
  description: true,
  type: true,
  category: true,
  coverImage: true,
  mode: true,
  maxParticipants: true,
  format: true,
  registrationDeadline: true,
  startDate: true,
  endDate: true,
  participationType: true,
  entryFee: true,
  prize: true,
  requiredTier: true,
  externalLink: true,
  pdfGuide: true,
  enableLeaderboard: true,
  enableComments: true,
  scoreDecimals: true,
  scoreOrder: true,
  tournament: true,
  status: true,
  draft: true,
  featured: true,
  inviteCode: true,
  publishedAt: true,
} as const satisfies Partial<Record<keyof ContestRow, true>>;

const TRANSITIONS: Record<ModerationStatus, { from: ContestStatus; refusal: string }> = {
  active: { from: 'pending', refusal: 'Only pending contests can be approved' },
  rejected: { from: 'pending', refusal: 'Only pending contests can be rejected' },
  completed: { from: 'active', refusal: 'Only active contests can be marked as completed' },
};

/** Moderation (SPEC 4): approve or reject a pending contest, complete an active one. */
export async function setContestStatus({
  db,
  actor,
  id,
  status,
  reason,
}: {
  db: DB;
  actor: Actor;
  id: number;
  status: ModerationStatus;
  /** Why it was rejected: told to its creator. */
  reason?: string | null;
}): Promise<TContest> {
  await db.transaction(async (tx) => {
    const row = await readForWrite(tx, id);
    if (!row) throw notFound();
    const rule = TRANSITIONS[status];
    if (row.status !== rule.from) throw new AppError('CONFLICT', rule.refusal);
    // A contest whose dates are impossible is not approved (its creator fixes them first).
    if (status === 'active') assertDateOrder(row);
    await tx
      .update(contests)
      .set({
        status,
        draft: false,
        publishedAt: publishedAt(status, row.publishedAt),
        updatedAt: new Date(),
      })
      .where(eq(contests.id, id));
    await auditStatus(tx, actor, id, row.status, status, reason);
  });
  return present((await readById(db, id))!, actor);
}

/** Featured contests show on the dashboard (SPEC 4); setting the same value changes nothing. */
export async function setContestFeatured({
  db,
  actor,
  id,
  featured,
}: {
  db: DB;
  actor: Actor;
  id: number;
  featured: boolean;
}): Promise<TContest> {
  await db.transaction(async (tx) => {
    const row = await readForWrite(tx, id);
    if (!row) throw notFound();
    if (row.featured === featured) return;
    await tx.update(contests).set({ featured, updatedAt: new Date() }).where(eq(contests.id, id));
    await auditFeatured(tx, actor, id, featured);
  });
  return present((await readById(db, id))!, actor);
}
