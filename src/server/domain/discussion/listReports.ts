// The moderators' Reports queue: one row per reported post, newest report first. 'open' lists the
// posts with an open report (those reports only); 'resolved' the posts whose reports are all
// resolved, with every report and the newest review. Moderators and admins only.
import { and, countDistinct, desc, eq, inArray, max, ne, notInArray } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import {
  contests,
  discussionPosts as p,
  discussionReports as r,
  discussionTopics,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { isReviewer, type Actor } from '../../platform/actor';
import { DISCUSSION_MESSAGES as M, REPORT_REASONS } from '../../../shared/discussion';
import type { TListReportsRequest, TReportedPost } from '../../../shared/schemas/reports';
import { authorsById } from './present';

/** Refuses anyone but moderators and admins (403), whichever path called. */
export function assertReviewer(actor: Pick<Actor, 'role'>): void {
  if (!isReviewer(actor)) throw new AppError('FORBIDDEN', M.reviewersOnly);
}

export async function listReports({
  db,
  actor,
  status,
  page,
  pageSize,
}: { db: DB; actor: Actor } & TListReportsRequest) {
  assertReviewer(actor);
  const where =
    status === 'open'
      ? eq(r.status, 'open')
      : and(
          ne(r.status, 'open'),
          notInArray(r.postId, db.select({ postId: r.postId }).from(r).where(eq(r.status, 'open'))),
        );
  // Reports are numbered as they come: a post's highest id is its newest report.
  const latest = max(r.id);
  const pageRows = await db
    .select({ postId: r.postId, latestId: latest })
    .from(r)
    .where(where)
    .groupBy(r.postId)
    .orderBy(desc(latest))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db
    .select({ n: countDistinct(r.postId) })
    .from(r)
    .where(where);
  const postIds = pageRows.map((row) => row.postId);
  return {
    items: postIds.length ? await describe(db, postIds, status) : [],
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}

/** The queue's rows for these posts, in the order given. */
async function describe(
  db: DB,
  postIds: number[],
  status: TListReportsRequest['status'],
): Promise<TReportedPost[]> {
  const posts = await db
    .select({
      id: p.id,
      body: p.body,
      authorId: p.authorId,
      hiddenAt: p.hiddenAt,
      deletedAt: p.deletedAt,
      topic: { id: discussionTopics.id, title: discussionTopics.title },
      contest: { id: contests.id, slug: contests.slug, title: contests.title },
    })
    .from(p)
    .innerJoin(discussionTopics, eq(discussionTopics.id, p.topicId))
    .innerJoin(contests, eq(contests.id, p.contestId))
    .where(inArray(p.id, postIds));
  const reports = await db
    .select({
      id: r.id,
      postId: r.postId,
      reporterId: r.reporterId,
      reason: r.reason,
      text: r.text,
      status: r.status,
      resolvedBy: r.resolvedBy,
      resolvedAt: r.resolvedAt,
      resolutionReason: r.resolutionReason,
      createdAt: r.createdAt,
    })
    .from(r)
    .where(and(inArray(r.postId, postIds), status === 'open' ? eq(r.status, 'open') : undefined))
    .orderBy(desc(r.id));
  const members = await authorsById(db, [
    ...posts.map((post) => post.authorId),
    ...reports.flatMap((report) => [report.reporterId, report.resolvedBy]),
  ]);
  const member = (id: number | null) => {
    const m = id === null ? undefined : members.get(id);
    return m ? { id: m.id, username: m.username } : null;
  };
  const byId = new Map(posts.map((post) => [post.id, post]));
  return postIds.flatMap((postId) => {
    const post = byId.get(postId);
    const own = reports.filter((report) => report.postId === postId);
    if (!post || own.length === 0) return [];
    const reviewed = own.find((report) => report.status !== 'open');
    return [
      {
        reportId: own[0]!.id,
        postId,
        body: post.body,
        author: member(post.authorId),
        contest: post.contest,
        topic: post.topic,
        hidden: post.hiddenAt !== null,
        deleted: post.deletedAt !== null,
        reportCount: own.length,
        reasons: REPORT_REASONS.map((reason) => ({
          reason,
          count: own.filter((report) => report.reason === reason).length,
        })).filter((entry) => entry.count > 0),
        latestReportAt: own[0]!.createdAt,
        reports: own.map((report) => ({
          id: report.id,
          reason: report.reason,
          text: report.text,
          status: report.status,
          reporter: member(report.reporterId),
          createdAt: report.createdAt,
        })),
        resolution: reviewed
          ? {
              status: reviewed.status,
              by: member(reviewed.resolvedBy),
              at: reviewed.resolvedAt,
              reason: reviewed.resolutionReason,
            }
          : null,
      },
    ];
  });
}
