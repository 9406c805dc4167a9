// Who may write in a contest's discussion (issue 32 'Who may write'), the one rule every post,
// reply and upvote asks: the contest's comments on; not banned; a verified e-mail while the
// platform asks for one (the join rule's own setting); not barred from this discussion; and a
// participant (a team's member too), the organiser or staff, or any member when the contest's
// 'open discussion' switch is on. Each refusal says why.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { discussionBars, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { isReviewer, type Actor } from '../../platform/actor';
import { emailRefusalFor, entrantOf } from '../participation';
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

/** Refuses `actor` a new post or upvote in the contest's discussion, saying why; else the writer. */
export async function assertMayWrite(
  db: DbOrTx,
  actor: Actor,
  contest: DiscussionContest,
): Promise<Writer> {
  if (!contest.enableComments) throw new AppError('discussion_closed', M.closed);
  const [member] = await db
    .select({ role: users.role, banReason: users.banReason, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, actor.id));
  // A ban ends every session, so this is a token or a session caught mid-ban: refused all the same.
  if (!member || member.role === 'banned') {
    throw new AppError('not_allowed_to_post', M.banned(member?.banReason ?? null));
  }
  if (!isReviewer(actor) && (await emailRefusalFor(db, actor.id))) {
    throw new AppError('email_unverified', M.emailUnverified);
  }
  const bar = await barOf(db, contest.id, actor.id);
  if (bar !== null) throw new AppError('barred', M.barred(bar));
  if (
    !isOrganiser(contest, actor) &&
    !contest.openDiscussion &&
    (await entrantOf(db, contest.id, actor.id)) === null
  ) {
    throw new AppError('not_allowed_to_post', M.notAllowed);
  }
  return { createdAt: member.createdAt };
}
