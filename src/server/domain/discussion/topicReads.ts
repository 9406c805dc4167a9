// The discussion's hot reads (a topic's page, a contest's topic list) in as few statements as a
// page needs, each prepared once per database (DESIGN.md: a reused .prepare() costs what a raw
// statement does, a query built per request twice that; dialect.ts prepareNamed). A topic with
// its contest (the visibility rule in its where), its author, its last poster and whether the
// caller follows it is one statement; a page of posts with their authors and whether the caller
// upvoted each is one more. Only the statements are kept, never a row: every read is fresh, so
// a write on another app server is seen at once.
import { aliasedTable, and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { prepareNamed } from '../../platform/db/dialect';
import {
  discussionFollows,
  discussionPosts as p,
  discussionTopics as t,
  discussionUpvotes,
  users,
  contests,
} from '../../platform/db/schema';
import { contestVisibleTo, preparedViewer, viewerKind, type ViewerKind } from '../contests';
import type { TopicSort } from '../../../shared/discussion';
import { contestColumns, topicColumns, type DiscussionViewer } from './access';

// Second names for the users table in one statement (drizzle's `aliasedTable`, which both
// engines' `alias` are).
const topicAuthor = aliasedTable(users, 'topic_author');
const lastPoster = aliasedTable(users, 'last_poster');

/** The caller's id, bound per run; NOBODY when nobody is signed in (no member has it). */
const me = sql.placeholder('me');
const NOBODY = -1;

const authorOf = (u: typeof users) => ({
  id: u.id,
  username: u.username,
  profileImage: u.profileImage,
  role: u.role,
});

export const postColumns = {
  id: p.id,
  topicId: p.topicId,
  authorId: p.authorId,
  body: p.body,
  quoteId: p.quoteId,
  upvotes: p.upvotes,
  createdAt: p.createdAt,
  editedAt: p.editedAt,
  deletedAt: p.deletedAt,
  hiddenAt: p.hiddenAt,
};

const followedByMe = sql`EXISTS (SELECT 1 FROM ${discussionFollows}
  WHERE ${discussionFollows.topicId} = ${t.id} AND ${discussionFollows.userId} = ${me})`.mapWith(
  Boolean,
);
const upvotedByMe = sql`EXISTS (SELECT 1 FROM ${discussionUpvotes}
  WHERE ${discussionUpvotes.postId} = ${p.id} AND ${discussionUpvotes.userId} = ${me})`.mapWith(
  Boolean,
);

/** The column each topic-list sort orders by (after pinned first); the search reads it too. */
export const SORT_COLUMN = {
  activity: t.lastPostAt,
  newest: t.createdAt,
  active: t.replyCount,
  upvoted: t.upvotes,
} satisfies Record<TopicSort, unknown>;

function contestStatement(db: DB, kind: ViewerKind) {
  return prepareNamed(
    db
      .select(contestColumns)
      .from(contests)
      .where(and(eq(contests.id, sql.placeholder('id')), contestVisibleTo(preparedViewer(kind)))),
    `discussion.contest.${kind}`,
  );
}

function topicStatement(db: DB, kind: ViewerKind) {
  return prepareNamed(
    db
      .select({
        topic: topicColumns,
        contest: contestColumns,
        author: authorOf(topicAuthor),
        lastPoster: authorOf(lastPoster),
        followedByMe,
      })
      .from(t)
      .innerJoin(contests, eq(contests.id, t.contestId))
      .leftJoin(topicAuthor, eq(topicAuthor.id, t.authorId))
      .leftJoin(lastPoster, eq(lastPoster.id, t.lastPosterId))
      .where(and(eq(t.id, sql.placeholder('id')), contestVisibleTo(preparedViewer(kind)))),
    `discussion.topic.${kind}`,
  );
}

/** The opening post (`opening`), or a page of replies from the start or (`newestFirst`) the end. */
function postsStatement(db: DB, shape: 'opening' | 'oldestFirst' | 'newestFirst') {
  const query = db
    .select({ post: postColumns, author: authorOf(users), upvotedByMe })
    .from(p)
    .leftJoin(users, eq(users.id, p.authorId))
    .where(and(eq(p.topicId, sql.placeholder('topic')), eq(p.opening, shape === 'opening')))
    .orderBy(shape === 'newestFirst' ? desc(p.id) : asc(p.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return prepareNamed(query, `discussion.posts.${shape}`);
}

function listStatement(db: DB, sort: TopicSort) {
  return prepareNamed(
    db
      .select({
        topic: topicColumns,
        author: authorOf(topicAuthor),
        lastPoster: authorOf(lastPoster),
      })
      .from(t)
      .leftJoin(topicAuthor, eq(topicAuthor.id, t.authorId))
      .leftJoin(lastPoster, eq(lastPoster.id, t.lastPosterId))
      .where(eq(t.contestId, sql.placeholder('contest')))
      .orderBy(desc(t.pinned), desc(SORT_COLUMN[sort]), desc(t.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
    `discussion.list.${sort}`,
  );
}

function prepare(db: DB) {
  return {
    contest: {
      anonymous: contestStatement(db, 'anonymous'),
      member: contestStatement(db, 'member'),
      reviewer: contestStatement(db, 'reviewer'),
    },
    topic: {
      anonymous: topicStatement(db, 'anonymous'),
      member: topicStatement(db, 'member'),
      reviewer: topicStatement(db, 'reviewer'),
    },
    posts: {
      opening: postsStatement(db, 'opening'),
      oldestFirst: postsStatement(db, 'oldestFirst'),
      newestFirst: postsStatement(db, 'newestFirst'),
    },
    list: {
      activity: listStatement(db, 'activity'),
      newest: listStatement(db, 'newest'),
      active: listStatement(db, 'active'),
      upvoted: listStatement(db, 'upvoted'),
    },
    count: prepareNamed(
      db
        .select({ n: count() })
        .from(t)
        .where(eq(t.contestId, sql.placeholder('contest'))),
      'discussion.list.count',
    ),
  };
}

const statements = new WeakMap<DB, ReturnType<typeof prepare>>();
function statementsFor(db: DB) {
  let s = statements.get(db);
  if (!s) statements.set(db, (s = prepare(db)));
  return s;
}

/** The contest `viewer` may see (else undefined), with what its discussion's rules read. */
export async function readVisibleContest(db: DB, viewer: DiscussionViewer, id: number) {
  const statement = statementsFor(db).contest[viewerKind(viewer)];
  const [row] = await statement.execute({ id, me: viewer?.id ?? NOBODY });
  return row;
}

/** A topic `viewer` may see (else undefined), with its contest, authors and the viewer's follow. */
export async function readVisibleTopic(db: DB, viewer: DiscussionViewer, id: number) {
  const statement = statementsFor(db).topic[viewerKind(viewer)];
  const [row] = await statement.execute({ id, me: viewer?.id ?? NOBODY });
  return row;
}

/** A topic's posts with their authors and the viewer's upvotes (see postsStatement). */
export async function readPosts(
  db: DB,
  viewer: DiscussionViewer,
  topicId: number,
  shape: 'opening' | 'oldestFirst' | 'newestFirst',
  limit: number,
  offset: number,
) {
  return statementsFor(db).posts[shape].execute({
    topic: topicId,
    me: viewer?.id ?? NOBODY,
    limit,
    offset,
  });
}

/** One page of a contest's topics (no search) with their authors, and how many there are. */
export async function readTopicPage(
  db: DB,
  contestId: number,
  sort: TopicSort,
  limit: number,
  offset: number,
) {
  const s = statementsFor(db);
  const rows = await s.list[sort].execute({ contest: contestId, limit, offset });
  const [total] = await s.count.execute({ contest: contestId });
  return { rows, total: total?.n ?? 0 };
}

/** The SQL of every statement here, prepared if they were not yet: for their query plans. */
export function preparedSql(db: DB): string[] {
  const groups = Object.values(statementsFor(db)) as object[];
  return groups
    .flatMap((g) => ('getQuery' in g ? [g] : Object.values(g)))
    .map((s) => (s as { getQuery(): { sql: string } }).getQuery().sql);
}
