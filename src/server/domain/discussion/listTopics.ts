// A contest's topics, one page: pinned first, then by the chosen sort (newest activity by
// default, newest, most replies, most upvotes), each sort read from its own index; a search
// matches the title or the opening post's words. Without a search (the page as it opens) the
// page with its authors and the count are two prepared statements (topicReads.ts).
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { discussionPosts, discussionTopics as t } from '../../platform/db/schema';
import { containsPattern, likeCaseless } from '../../platform/db/dialect';
import type { TopicSort } from '../../../shared/discussion';
import type { TListTopicsRequest } from '../../../shared/schemas/discussion';
import type { DiscussionViewer } from './access';
import { authorsById, presentTopic, type Author } from './present';
import { SORT_COLUMN, readTopicPage, readVisibleContest } from './topicReads';
import { notFound } from '../contests';
import { writeStateOf } from './writers';
import { isOrganiser } from '../../../shared/contests';

function matching(search: string): SQL {
  const pattern = containsPattern(search);
  return or(
    likeCaseless(t.title, pattern),
    sql`EXISTS (SELECT 1 FROM ${discussionPosts} WHERE ${discussionPosts.topicId} = ${t.id}
      AND ${eq(discussionPosts.opening, true)} AND ${discussionPosts.deletedAt} IS NULL
      AND ${discussionPosts.hiddenAt} IS NULL AND ${likeCaseless(discussionPosts.body, pattern)})`,
  )!;
}

/** A search's page: built per request (its pattern varies), the authors read by their ids. */
async function searched(
  db: DB,
  where: SQL | undefined,
  sort: TopicSort,
  page: number,
  pageSize: number,
) {
  const topics = await db
    .select()
    .from(t)
    .where(where)
    .orderBy(desc(t.pinned), desc(SORT_COLUMN[sort]), desc(t.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(t).where(where);
  const authors = await authorsById(
    db,
    topics.flatMap((r) => [r.authorId, r.lastPosterId]),
  );
  const rows = topics.map((topic) => ({
    topic,
    author: topic.authorId === null ? null : (authors.get(topic.authorId) ?? null),
    lastPoster: topic.lastPosterId === null ? null : (authors.get(topic.lastPosterId) ?? null),
  }));
  return { rows, total: total?.n ?? 0 };
}

function authorsOf(row: { author: Author | null; lastPoster: Author | null }): Map<number, Author> {
  const authors = new Map<number, Author>();
  for (const a of [row.author, row.lastPoster]) if (a) authors.set(a.id, a);
  return authors;
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
  const contest = await readVisibleContest(db, viewer, contestId);
  if (!contest) throw notFound();
  const where = and(eq(t.contestId, contest.id), search ? matching(search) : undefined);
  const { rows, total } = search
    ? await searched(db, where, sort, page, pageSize)
    : await readTopicPage(db, contest.id, sort, pageSize, (page - 1) * pageSize);
  return {
    items: rows.map((r) => presentTopic(r.topic, authorsOf(r))),
    total,
    page,
    pageSize,
    ...(await writeStateOf(db, viewer, contest)),
    canModerate: isOrganiser(contest, viewer),
    openDiscussion: contest.openDiscussion,
  };
}
