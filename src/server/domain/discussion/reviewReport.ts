// A moderator's review of a report: an action on the reported post (hide, restore, delete, or
// dismiss the reports) that resolves every open report of that post at once, audited, the author
// told (afterWrite.ts's postModerated). A report reviewed already answers 409 report_resolved.
import { and, desc, eq, ne } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { discussionPosts, discussionReports as r } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/actor';
import {
  DISCUSSION_MESSAGES as M,
  REPORT_STATUS_OF,
  type ReportAction,
} from '../../../shared/discussion';
import type { TReviewReportRequest } from '../../../shared/schemas/reports';
import { writeAudit } from '../audit';
import { visiblePost, type PostRow } from './access';
import { markPostDeleted } from './deletePost';
import { postModerated } from './afterWrite';
import { postFactOf } from './postFact';
import type { ModerationFact } from './moderationNotices';
import { assertReviewer } from './listReports';

/**
 * Whether the post's hiding was a moderator's (the newest review of its reports hid it) rather
 * than the report threshold's: dismissing reports restores only what the threshold hid.
 */
async function hiddenByModerator(tx: DbOrTx, postId: number): Promise<boolean> {
  const [last] = await tx
    .select({ status: r.status })
    .from(r)
    .where(and(eq(r.postId, postId), ne(r.status, 'open')))
    .orderBy(desc(r.resolvedAt), desc(r.id))
    .limit(1);
  return last?.status === 'hidden';
}

/** The post's hiddenAt as the action leaves it (undefined: unchanged); delete marks it apart. */
async function hiddenAfter(
  tx: DbOrTx,
  post: PostRow,
  action: ReportAction,
): Promise<Date | null | undefined> {
  if (action === 'hide') return post.hiddenAt ?? new Date();
  if (action === 'restore') return null;
  if (action === 'dismiss' && post.hiddenAt && !(await hiddenByModerator(tx, post.id))) return null;
  return undefined;
}

export async function reviewReport({
  db,
  actor,
  id,
  action,
  reason,
}: { db: DB; actor: Actor } & TReviewReportRequest) {
  assertReviewer(actor);
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({ id: r.id, postId: r.postId, status: r.status })
      .from(r)
      .where(eq(r.id, id));
    if (!report) throw new AppError('NOT_FOUND', M.reportNotFound);
    if (report.status !== 'open') throw new AppError('report_resolved', M.reportResolved);
    const { post, topic } = await visiblePost(tx, actor, report.postId);
    const why = reason?.trim() || null;
    const hiddenAt = await hiddenAfter(tx, post, action);
    if (hiddenAt !== undefined && hiddenAt !== post.hiddenAt) {
      await tx.update(discussionPosts).set({ hiddenAt }).where(eq(discussionPosts.id, post.id));
    }
    if (action === 'delete') await markPostDeleted(tx, post.id);
    const resolved = await tx
      .update(r)
      .set({
        status: REPORT_STATUS_OF[action],
        resolvedBy: actor.id > 0 ? actor.id : null,
        resolvedAt: new Date(),
        resolutionReason: why,
      })
      .where(and(eq(r.postId, post.id), eq(r.status, 'open')))
      .returning({ id: r.id });
    // Another moderator's review committed first (it held these rows while this one waited):
    // theirs stands, and this one changes nothing.
    if (resolved.length === 0) throw new AppError('report_resolved', M.reportResolved);
    const hidden = hiddenAt === undefined ? post.hiddenAt !== null : hiddenAt !== null;
    const wasDeleted = post.deletedAt !== null;
    const deleted = wasDeleted || action === 'delete';
    await writeAudit({
      db: tx,
      actor,
      action: `discussion.report.${action}`,
      targetType: 'discussion_post',
      targetId: post.id,
      before: { hidden: post.hiddenAt !== null, deleted: wasDeleted },
      after: {
        hidden,
        deleted,
        reports: resolved.length,
        reason: why,
        author: post.authorId,
        topic: topic.title,
      },
    });
    // Built apart from the call: `restored` rides along to moderationNotices (a dismissal that
    // un-hid the post is told to its author; any other dismissal is not).
    const fact: ModerationFact = {
      ...postFactOf(post, actor),
      action,
      reason: why,
      restored: post.hiddenAt !== null && !hidden,
    };
    await postModerated(tx, fact);
    return {
      id: report.id,
      postId: post.id,
      action,
      resolved: resolved.length,
      hidden,
      deleted,
    };
  });
}
