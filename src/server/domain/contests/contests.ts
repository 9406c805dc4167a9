// Contest changes: drafts, submissions and edits (SPEC 2.6, 2.18, 7; PRODUCT.md 'Contests'); the
// rules they share are contestWriteRules.ts, moderation is moderation.ts (answered from here too,
// the router's one door to contest changes). Who may see a contest: visibility.ts.
import { eq } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { contests } from '../../platform/db/schema';
import {
  CONTEST_FORM_DEFAULTS,
  CONTEST_MESSAGES as M,
  type ContestStatus,
} from '../../../shared/contests';
import {
  ZContestFormSchema,
  ZContestServerSchema,
  type TContest,
  type TCreateContestInput,
  type TSaveDraftInput,
  type TUpdateContestInput,
} from '../../../shared/schemas/contests';
import { isReviewer, type Actor } from '../../platform/actor';
import { writeAudit } from '../audit';
import { notFound, presentById, readById, readForWrite, type ContestRow } from './contestReads';
import { rerankContest } from '../participation';
import { AppError } from '../../platform/errors';
import type { Limits } from '../../platform/limits';
import { asCountedSubmission, assertDraftRoom } from './memberLimits';
import {
  assertDateOrder,
  assertFiles,
  assertFormatChange,
  assertPrizeTableOpen,
  formColumns,
  newInviteCode,
  ownEditable,
  publishedAt,
  scoreSettingsChange,
  submissionStatus,
  tooFewPlaces,
  uniqueSlug,
  untitledSlug,
} from './contestWriteRules';
import { auditFeatured, auditStatus } from './moderation';

export { assertFormatChange } from './contestWriteRules';
export { setContestFeatured, setContestStatus } from './moderation';

/** What a write of the contest form is called with (`limits`: the request's abuse limits). */
interface ContestFormArgs<Input> {
  db: DB;
  actor: Actor;
  input: Input;
  limits: Limits;
  /**
   * A write of another area kept in the contest row's transaction, once the row is written (a
   * submission contest's evaluation settings): a refusal there undoes the contest's change too.
   */
  alsoWrite?: AlsoWrite;
}

export type AlsoWrite = (tx: DbOrTx, contestId: number) => Promise<unknown>;

/**
 * Submit (SPEC 7 POST /api/contests). A member's submission is pending or active by the
 * platform setting, whatever the body asks; moderators and admins (the admin wizard) set any
 * status, active by default, and featured. With an id, the caller's own draft, pending or
 * rejected contest is submitted in place (the wizard continuing a draft).
 */
export async function createContest(args: ContestFormArgs<TCreateContestInput>): Promise<TContest> {
  const { db, actor, input, limits, alsoWrite } = args;
  // Every member's send of the wizard is a submission (a new contest or a draft's).
  return asCountedSubmission(limits, actor, true, () => writeContest(db, actor, input, alsoWrite));
}

async function writeContest(
  db: DB,
  actor: Actor,
  input: TCreateContestInput,
  alsoWrite?: AlsoWrite,
): Promise<TContest> {
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
    // The table likewise: sent replaces (null clears), absent keeps the draft's.
    const prizeTable =
      input.prizeTable !== undefined ? input.prizeTable : (existing?.prizeTable ?? null);
    const common = {
      ...columns,
      tournament,
      prizeTable,
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
      await alsoWrite?.(tx, existing.id);
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
    await alsoWrite?.(tx, created!.id);
    return created!.id;
  });
  return presentById(db, id, actor);
}

/** Only the keys that were sent: undefined means "keep", null means "clear". */
function definedEntries<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Save Draft: creates a draft, or updates the caller's own draft (`id`). Only what is filled is
 * validated (by the schema); a cleared field takes its default.
 */
export async function saveDraft(args: ContestFormArgs<TSaveDraftInput>): Promise<TContest> {
  const { db, actor, input, limits } = args;
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
    prizeTable: sent.prizeTable,
    externalLink: sent.externalLink,
    pdfGuide: sent.pdfGuide,
    enableLeaderboard: keep(sent.enableLeaderboard, d.enableLeaderboard),
    enableComments: keep(sent.enableComments, d.enableComments),
    openDiscussion: keep(sent.openDiscussion, d.openDiscussion),
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
  return presentById(db, draftId, actor);
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
export async function updateContest(args: ContestFormArgs<TUpdateContestInput>): Promise<TContest> {
  const { db, actor, input, limits, alsoWrite } = args;
  // A member's draft sent for review here is a submission like the wizard's.
  const submitting =
    !isReviewer(actor) &&
    input.status !== undefined &&
    input.status !== 'draft' &&
    (await readById(db, input.id))?.status === 'draft';
  return asCountedSubmission(limits, actor, submitting, () =>
    editContest(db, actor, input, alsoWrite),
  );
}

async function editContest(
  db: DB,
  actor: Actor,
  input: TUpdateContestInput,
  alsoWrite?: AlsoWrite,
): Promise<TContest> {
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
    if (JSON.stringify(row.prizeTable) !== JSON.stringify(merged.prizeTable)) {
      assertPrizeTableOpen(row);
    }
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
      if (key === 'tournament' || key === 'prizeTable')
        return JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
      return a instanceof Date && b instanceof Date ? a.getTime() !== b.getTime() : a !== b;
    });
    if (!changed.length) {
      await alsoWrite?.(tx, row.id);
      return row.id;
    }

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
    await alsoWrite?.(tx, row.id);
    return row.id;
  });
  return presentById(db, id, actor);
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
  prizeTable: true,
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
