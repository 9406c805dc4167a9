// Reading submissions (issue 31): a contest's list (organisers: all, or their own with `mine`;
// a member: their entrant's, so a team sees its members' files), one submission, and its file.
// The row access is in the query: a member's read names their entrant, never the contest's
// others. A member sees a private score only once the private board is published.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { submissions, users } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { isOrganiser } from '../../../shared/contests';
import { SUBMISSION_MESSAGES as M } from '../../../shared/submissions';
import type { TSubmissionView } from '../../../shared/schemas/submissions';
import { readEvaluation, visibleSubmissionContest, type EvaluationRow } from './access';
import { entrantOf } from '../participation';

const viewColumns = {
  id: submissions.id,
  contestId: submissions.contestId,
  participantId: submissions.participantId,
  userId: submissions.userId,
  username: users.username,
  status: submissions.status,
  publicScore: submissions.publicScore,
  privateScore: submissions.privateScore,
  selected: submissions.selected,
  error: submissions.error,
  fileName: submissions.fileName,
  sizeBytes: submissions.sizeBytes,
  description: submissions.description,
  createdAt: submissions.createdAt,
  scoredAt: submissions.scoredAt,
};

type ViewRow = TSubmissionView;

function present(row: ViewRow, showPrivate: boolean): TSubmissionView {
  return {
    ...row,
    selected: !!row.selected,
    privateScore: showPrivate ? row.privateScore : null,
  };
}

/** What `viewer` may read of a contest's submissions: all (organiser) or their entrant's. */
async function scopeFor(db: DB, viewer: Actor, contestId: number, mine: boolean) {
  const contest = await visibleSubmissionContest(db, viewer, contestId);
  const evaluation = await readEvaluation(db, contest.id);
  const organiser = isOrganiser(contest, viewer);
  const entrant = await entrantOf(db, contest.id, viewer.id);
  let where: SQL;
  if (organiser && !mine) where = eq(submissions.contestId, contest.id);
  else if (entrant !== null) {
    where = and(eq(submissions.contestId, contest.id), eq(submissions.participantId, entrant))!;
  } else throw new AppError('not_participant', M.notParticipant);
  return { contest, evaluation, organiser, where };
}

const showsPrivate = (organiser: boolean, evaluation: EvaluationRow | undefined) =>
  organiser || !!evaluation?.publishedAt;

export async function listSubmissions(
  db: DB,
  viewer: Actor,
  input: { contestId: number; mine?: boolean; page: number; pageSize: number },
): Promise<{ items: TSubmissionView[]; total: number; page: number; pageSize: number }> {
  const { evaluation, organiser, where } = await scopeFor(
    db,
    viewer,
    input.contestId,
    !!input.mine,
  );
  const [items, [total]] = await Promise.all([
    db
      .select(viewColumns)
      .from(submissions)
      .innerJoin(users, eq(users.id, submissions.userId))
      .where(where)
      .orderBy(desc(submissions.createdAt), desc(submissions.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(submissions).where(where),
  ]);
  const show = showsPrivate(organiser, evaluation);
  return {
    items: items.map((r) => present(r, show)),
    total: total?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** One submission the viewer may read: its organiser, or its entrant's members (404 else). */
export async function readSubmission(
  db: DB,
  viewer: Actor,
  id: number,
): Promise<{ view: TSubmissionView; storedFile: string }> {
  const [row] = await db
    .select({ ...viewColumns, storedFile: submissions.storedFile })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(eq(submissions.id, id));
  const notFound = new AppError('NOT_FOUND', M.notFound);
  if (!row) throw notFound;
  const contest = await visibleSubmissionContest(db, viewer, row.contestId).catch(() => {
    throw notFound;
  });
  const organiser = isOrganiser(contest, viewer);
  if (!organiser && (await entrantOf(db, contest.id, viewer.id)) !== row.participantId) {
    throw notFound;
  }
  const { storedFile, ...view } = row;
  const evaluation = await readEvaluation(db, contest.id);
  return { view: present(view, showsPrivate(organiser, evaluation)), storedFile };
}
