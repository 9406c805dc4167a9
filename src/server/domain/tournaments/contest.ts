// The contest behind a bracket: what the tournament code reads of it, who may see it (as the
// contest itself: hidden is 404), who runs it (its creator, moderators and admins), and the
// refusals every tournament call gives.
import { isOrganiser } from '../../../shared/contests';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { lockForUpdate } from '../../platform/db/dialect';
import { contests } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { contestVisibleTo, notFound, type Viewer } from '../contests';
import {
  TOURNAMENT_MESSAGES,
  hasBracket,
  type BracketFormat,
  type TournamentReason,
} from '../../../shared/tournaments';
import {
  tournamentSettingsOf,
  type TTournamentSettings,
} from '../../../shared/schemas/tournaments';

const columns = {
  id: contests.id,
  slug: contests.slug,
  title: contests.title,
  status: contests.status,
  createdBy: contests.createdBy,
  format: contests.format,
  mode: contests.mode,
  tournament: contests.tournament,
  bracketGeneratedAt: contests.bracketGeneratedAt,
  registrationDeadline: contests.registrationDeadline,
  startDate: contests.startDate,
  endDate: contests.endDate,
  scoreOrder: contests.scoreOrder,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };
export type TournamentContest = Row & { settings: TTournamentSettings };

/** A contest as the tournament code reads it (settings with their defaults); undefined: none. */
export async function readTournamentContest(
  db: DbOrTx,
  contestId: number,
  { lock = false, visibleTo }: { lock?: boolean; visibleTo?: Viewer } = {},
): Promise<TournamentContest | undefined> {
  const where = and(eq(contests.id, contestId), visibleTo && contestVisibleTo(visibleTo))!;
  // A write holds the contest's row until it commits: results of one contest run one at a time.
  if (lock) await lockForUpdate(db, contests, where);
  const [row] = await db.select(columns).from(contests).where(where);
  if (!row) return undefined;
  return { ...(row as Row), settings: tournamentSettingsOf(row.tournament) };
}

/** A refusal with its reason (SPEC 8's shape). */
export function refuse(
  reason: TournamentReason,
  message: string = (TOURNAMENT_MESSAGES as Record<string, string>)[reason] ?? reason,
): AppError {
  return new AppError(reason, message);
}

/** The contest if the viewer may see it (else 404, as for a missing one). */
export async function visibleContest(
  db: DbOrTx,
  viewer: Viewer,
  contestId: number,
  options: { lock?: boolean } = {},
): Promise<TournamentContest> {
  const contest = await readTournamentContest(db, contestId, { ...options, visibleTo: viewer });
  if (!contest) throw notFound();
  return contest;
}

/** Refuses (404) a contest the viewer may not see. */
export async function assertVisible(db: DbOrTx, viewer: Viewer, contestId: number): Promise<void> {
  await visibleContest(db, viewer, contestId);
}

/** The contest if the actor runs it (403 not_organiser otherwise; 404 when hidden). */
export async function organisedContest(
  db: DbOrTx,
  actor: Actor,
  contestId: number,
  options: { lock?: boolean } = {},
): Promise<TournamentContest> {
  const contest = await visibleContest(db, actor, contestId, options);
  if (!isOrganiser(contest, actor)) throw refuse('not_organiser');
  return contest;
}

/** The format if it has a bracket (409 no_bracket_format otherwise). */
export function bracketFormat(contest: Pick<Row, 'format'>): BracketFormat {
  if (!hasBracket(contest.format)) throw refuse('no_bracket_format');
  return contest.format;
}

/** Whether registration has closed: its deadline passed, or the start. */
export function registrationClosed(
  contest: Pick<Row, 'registrationDeadline' | 'startDate'>,
  now: number = Date.now(),
): boolean {
  const deadline = contest.registrationDeadline?.getTime();
  const start = contest.startDate?.getTime();
  return (deadline !== undefined && deadline <= now) || (start !== undefined && start <= now);
}
