// What every write of a contest computes and checks (SPEC 2.6, 2.18; PRODUCT.md 'Contests'): its
// status on submission, slug and invite code, the form's columns, its files, the format, score
// and date rules, and the creator's right to edit it.
import crypto from 'node:crypto';
import { and, eq, like, ne, or, sql } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { contestParticipants, contests } from '../../platform/db/schema';
import { lockName } from '../../platform/db/dialect';
import {
  CONTEST_MESSAGES as M,
  RESERVED_CONTEST_SLUGS,
  SCORE_DECIMALS_MAX,
  slugify,
  type ContestStatus,
} from '../../../shared/contests';
import { dateOrderProblems, type TCreateContestInput } from '../../../shared/schemas/contests';
import {
  ZTournamentSettings,
  tournamentSettingsOf,
  type TTournamentSettings,
} from '../../../shared/schemas/tournaments';
import { BRACKET_EXISTS_MESSAGE } from '../../../shared/tournaments';
import type { Actor } from '../../platform/actor';
import { getPlatformSettings } from '../settings';
import { PRIZE_MESSAGES } from '../../../shared/schemas/prizes';
import { CREATOR_EDITABLE, PUBLIC, notFound, readForWrite, type ContestRow } from './contestReads';
import { AppError } from '../../platform/errors';
import { assertOwnUpload } from '../../platform/files/uploads';

/** A member's submission: pending while approval is required, else active (PRODUCT.md). */
export async function submissionStatus(db: DB): Promise<ContestStatus> {
  return (await getPlatformSettings({ db })).contestApprovalRequired ? 'pending' : 'active';
}

/** The slug a title takes: its slugified form, or that with -2, -3... when taken or reserved. */
export async function uniqueSlug(db: DbOrTx, title: string, exceptId?: number): Promise<string> {
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
export async function untitledSlug(db: DbOrTx): Promise<string> {
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

export function newInviteCode(): string {
  return crypto.randomBytes(6).toString('base64url');
}

/**
 * When a contest in this status was first published: kept once set, set now when it becomes
 * visible to members (active or completed) for the first time. Its slug is fixed from then on,
 * whatever status it later goes back to, so links to it keep working.
 */
export function publishedAt(status: ContestStatus, before: Date | null | undefined): Date | null {
  return before ?? (PUBLIC.includes(status) ? new Date() : null);
}

const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/webp'];

/** A cover or guide the contest did not already point at must be the caller's own upload. */
export async function assertFiles(
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
export function formColumns(input: TCreateContestInput) {
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
    openDiscussion: input.openDiscussion,
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
    throw new AppError('bracket_exists', BRACKET_EXISTS_MESSAGE);
  }
  if (!settingsWritten) return;
  const whole = ZTournamentSettings.safeParse(tournamentSettingsOf(next.tournament));
  if (!whole.success) {
    throw new AppError('BAD_REQUEST', whole.error.issues[0]?.message ?? 'Invalid format settings');
  }
}

/**
 * What a change of the score settings means for scores already entered: fewer decimals than a
 * stored score has are refused (it would no longer show as entered); another order or another
 * number of decimals ranks the contest again and tells its open leaderboards (in the caller's
 * transaction, after the contest row is written).
 */
export async function scoreSettingsChange(
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
  // Either changes what open leaderboards show: the order ranks them, the decimals print them.
  return {
    rerank: next.scoreOrder !== row.scoreOrder || next.scoreDecimals !== row.scoreDecimals,
  };
}

/** The date order (registrationDeadline <= startDate < endDate) of a contest about to be live. */
export function assertDateOrder(row: Parameters<typeof dateOrderProblems>[0]): void {
  const [problem] = dateOrderProblems(row);
  if (problem) throw new AppError('BAD_REQUEST', problem.message);
}

/**
 * A contest the caller edits as its creator: it must be theirs (else 404 if they may not see it,
 * 403 if they may) and still draft, pending or rejected (403).
 */
export async function ownEditable(db: DbOrTx, actor: Actor, id: number): Promise<ContestRow> {
  const row = await readForWrite(db, id, { visibleTo: actor });
  if (!row) throw notFound();
  if (row.createdBy !== actor.id)
    throw new AppError('FORBIDDEN', 'You can only edit your own contests');
  if (!CREATOR_EDITABLE.includes(row.status)) {
    throw new AppError('FORBIDDEN', 'This contest can no longer be edited');
  }
  return row;
}

export function tooFewPlaces(participants: number): AppError {
  return new AppError(
    'BAD_REQUEST',
    `Max participants cannot be lower than the current number of participants (${participants})`,
  );
}

/**
 * THE prize table rule of every path that writes one (the wizard, the edit, prizes.set): once a
 * contest is completed its prizes are what its winners are paid, so the table no longer changes
 * (409 contest_completed).
 */
export function assertPrizeTableOpen(row: Pick<ContestRow, 'status'>): void {
  if (row.status === 'completed') throw new AppError('contest_completed', PRIZE_MESSAGES.completed);
}
