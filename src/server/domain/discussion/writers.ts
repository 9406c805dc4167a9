// Who may write in a contest's discussion (issue 32 'Who may write'), the one rule every post,
// reply and upvote asks: the contest's comments on; not banned; a verified e-mail while the
// platform asks for one (the join rule's own setting); not barred from this discussion; and a
// participant (a team's member too), the organiser or staff, or any member when the contest's
// 'open discussion' switch is on. Each refusal says why.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { contestParticipants as cp, discussionBars, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { isReviewer, type Actor } from '../../platform/actor';
import { emailRefusalOf, entrantRows } from '../participation';
import { isOrganiser } from '../../../shared/contests';
import { DISCUSSION_MESSAGES as M } from '../../../shared/discussion';
import type { DiscussionContest } from './access';

/** What the limits read of the writer besides their role. */
export interface Writer {
  /** When the account was made: a member's first day has its own limits. */
  createdAt: Date;
}

/** The reason `userId` is barred from the contest's discussion, or null. */
export async function barOf(db: DbOrTx, contestId: number, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ reason: discussionBars.reason })
    .from(discussionBars)
    .where(and(eq(discussionBars.contestId, contestId), eq(discussionBars.userId, userId)));
  return row?.reason ?? null;
}

/** Why a member may not write here (the reason over REST and tRPC, and the sentence said). */
export interface WriteRefusal {
  reason: 'discussion_closed' | 'not_allowed_to_post' | 'email_unverified' | 'barred';
  message: string;
}

/**
 * The one rule, answered rather than thrown: the writer, or why not. The list asks it to hide
 * 'New topic' and say why; every write asks it through assertMayWrite.
 */
export async function writeCheck(
  db: DbOrTx,
  actor: Pick<Actor, 'id' | 'role'>,
  contest: DiscussionContest,
): Promise<{ writer: Writer; refusal?: never } | { refusal: WriteRefusal; writer?: never }> {
  const refuse = (reason: WriteRefusal['reason'], message: string) => ({
    refusal: { reason, message },
  });
  if (!contest.enableComments) return refuse('discussion_closed', M.closed);
  // One statement for every fact the rule reads of the member here (a read of a page asks it).
  const [member] = await db
    .select({
      role: users.role,
      banReason: users.banReason,
      createdAt: users.createdAt,
      emailVerifiedAt: users.emailVerifiedAt,
      bar: sql<string | null>`(SELECT ${discussionBars.reason} FROM ${discussionBars}
        WHERE ${discussionBars.contestId} = ${contest.id} AND ${discussionBars.userId} = ${users.id})`,
      entrant: sql`EXISTS (SELECT 1 FROM ${cp} WHERE ${entrantRows(contest.id, actor.id)})`.mapWith(
        Boolean,
      ),
    })
    .from(users)
    .where(eq(users.id, actor.id));
  // A ban ends every session, so this is a token or a session caught mid-ban: refused all the same.
  if (!member || member.role === 'banned') {
    return refuse('not_allowed_to_post', M.banned(member?.banReason ?? null));
  }
  const emailVerified = member.emailVerifiedAt !== null;
  if (!isReviewer(actor) && (await emailRefusalOf(db, { emailVerified }))) {
    return refuse('email_unverified', M.emailUnverified);
  }
  if (member.bar !== null) return refuse('barred', M.barred(member.bar));
  if (!isOrganiser(contest, actor) && !contest.openDiscussion && !member.entrant) {
    return refuse('not_allowed_to_post', M.notAllowed);
  }
  return { writer: { createdAt: member.createdAt } };
}

/** Refuses `actor` a new post or upvote in the contest's discussion, saying why; else the writer. */
export async function assertMayWrite(
  db: DbOrTx,
  actor: Actor,
  contest: DiscussionContest,
): Promise<Writer> {
  const check = await writeCheck(db, actor, contest);
  if (check.refusal) throw new AppError(check.refusal.reason, check.refusal.message);
  return check.writer;
}

/** What a screen says of the caller's writing: whether they may, and if not why (never throws). */
export async function writeStateOf(
  db: DbOrTx,
  viewer: Pick<Actor, 'id' | 'role'> | null,
  contest: DiscussionContest,
): Promise<{ canPost: boolean; postRefusal: WriteRefusal | null }> {
  if (!viewer) return { canPost: false, postRefusal: null };
  const check = await writeCheck(db, viewer, contest);
  return { canPost: !check.refusal, postRefusal: check.refusal ?? null };
}
