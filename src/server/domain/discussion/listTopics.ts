// A contest's topics, one page: pinned first, then by the chosen sort (newest activity by
// default, newest, most replies, most upvotes), each sort read from its own index; a search
// matches the title or the opening post's words.
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { discussionPosts, discussionTopics as t } from '../../platform/db/schema';
import { containsPattern, likeCaseless } from '../../platform/db/dialect';
import type { TopicSort } from '../../../shared/discussion';
import type { TListTopicsRequest } from '../../../shared/schemas/discussion';
import { visibleContest, type DiscussionViewer } from './access';
import { authorsById, presentTopic } from './present';
import { writeStateOf } from './writers';
import { isOrganiser } from '../../../shared/contests';

const SORT_COLUMN = {
  activity: t.lastPostAt,
  newest: t.createdAt,
  active: t.replyCount,
  upvoted: t.upvotes,
} satisfies Record<TopicSort, unknown>;

function matching(search: string): SQL {
  const pattern = containsPattern(search);
  return or(
    likeCaseless(t.title, pattern),
    sql`EXISTS (SELECT 1 FROM ${discussionPosts} WHERE ${discussionPosts.topicId} = ${t.id}
      AND ${eq(discussionPosts.opening, true)} AND ${discussionPosts.deletedAt} IS NULL
      AND ${discussionPosts.hiddenAt} IS NULL AND ${likeCaseless(discussionPosts.body, pattern)})`,
  )!;
}

export async function listTopics({
  db,
  viewer,
  contestId,
  sort,
  search,
  page,
  pageSize,
}: { db: DB; viewer: DiscussionViewer } & TListTopicsRequest) {
  const contest = await visibleContest(db, viewer, contestId);
  const where = and(eq(t.contestId, contest.id), search ? matching(search) : undefined);
  const rows = await db
    .select()
    .from(t)
    .where(where)
    .orderBy(desc(t.pinned), desc(SORT_COLUMN[sort]), desc(t.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(t).where(where);
  const authors = await authorsById(
    db,
    rows.flatMap((r) => [r.authorId, r.lastPosterId]),
  );
  return {
    items: rows.map((r) => presentTopic(r, authors)),
    total: total?.n ?? 0,
    page,
    pageSize,
    ...(await writeStateOf(db, viewer, contest)),
    canModerate: isOrganiser(contest, viewer),
    openDiscussion: contest.openDiscussion,
  };
}
