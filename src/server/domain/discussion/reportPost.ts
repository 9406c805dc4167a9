// A member's report of a post (spam, abuse, off-topic, other, with words): one per member per
// post (409 already_reported), never of one's own, at most `reportsPerDay` a day for members. A
// post reported by `reportsToHide` distinct members is hidden at once, pending a moderator's
// review (reviewReport.ts: the moderators' queue).
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { databaseOf, type DB } from '../../platform/db/client';
import { discussionPosts, discussionReports } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { isReviewer, type Actor } from '../../platform/actor';
import { getPlatformSettings } from '../settings';
import { DISCUSSION_MESSAGES as M } from '../../../shared/discussion';
import type { TReportRequest } from '../../../shared/schemas/discussion';
import { visiblePost } from './access';
import { reportFiled } from './afterWrite';
import { postFactOf } from './postFact';

const DAY_MS = 24 * 3600 * 1000;

export async function reportPost({
  db,
  actor,
  id,
  reason,
  text,
}: { db: DB; actor: Actor } & TReportRequest) {
  return db.transaction(async (tx) => {
    const { post } = await visiblePost(tx, actor, id);
    if (post.authorId === actor.id) throw new AppError('own_post', M.ownReport);
    if (post.deletedAt) throw new AppError('post_deleted', M.deleted);
    const settings = await getPlatformSettings({ db: databaseOf(tx) });
    if (!isReviewer(actor)) {
      const now = Date.now();
      const recent = await tx
        .select({ at: discussionReports.createdAt })
        .from(discussionReports)
        .where(
          and(
            eq(discussionReports.reporterId, actor.id),
            gt(discussionReports.createdAt, new Date(now - DAY_MS)),
          ),
        )
        .orderBy(discussionReports.createdAt)
        .limit(settings.reportsPerDay);
      if (recent.length >= settings.reportsPerDay) {
        const wait = recent[0]!.at.getTime() + DAY_MS - now;
        throw new AppError('report_limit', M.reportLimit(settings.reportsPerDay), {
          retryAfter: Math.max(1, Math.ceil(wait / 1000)),
        });
      }
    }
    const [report] = await tx
      .insert(discussionReports)
      .values({ postId: post.id, reporterId: actor.id, reason, text: text || null })
      .onConflictDoNothing()
      .returning({ id: discussionReports.id, status: discussionReports.status });
    if (!report) throw new AppError('already_reported', M.alreadyReported);
    const [open] = await tx
      .select({ n: count() })
      .from(discussionReports)
      .where(and(eq(discussionReports.postId, post.id), eq(discussionReports.status, 'open')));
    let justHidden = false;
    if (post.hiddenAt === null && (open?.n ?? 0) >= settings.reportsToHide) {
      const [now] = await tx
        .update(discussionPosts)
        .set({ hiddenAt: new Date() })
        .where(and(eq(discussionPosts.id, post.id), isNull(discussionPosts.hiddenAt)))
        .returning({ id: discussionPosts.id });
      justHidden = !!now;
    }
    // `hidden` tells afterWrite the post was hidden by this report (the author is told once).
    await reportFiled(tx, { ...postFactOf(post, actor), hidden: justHidden });
    const hidden = justHidden || post.hiddenAt !== null;
    return { id: report.id, postId: post.id, reason, status: report.status, hidden };
  });
}
