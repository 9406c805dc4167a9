// Requests and answers of a contest's discussion (issue 32): topics, posts, upvotes, follows, the
// organiser's pin, lock, answer and bars. Every message is shared/discussion.ts's.
import { z } from 'zod';
import { ROLES } from '../constants';
import {
  DISCUSSION_MESSAGES as M,
  MAX_BAR_REASON_CHARS,
  MAX_POST_CHARS,
  MAX_REPORT_CHARS,
  MAX_TITLE_CHARS,
  REPORT_REASONS,
  REPORT_STATUSES,
  TOPIC_SORTS,
} from '../discussion';
import { ZContestId } from './contestId';
import { ZPageOf, pageRequestFields } from './paging';
import { ZRowId } from './rowId';

export const ZTopicId = ZRowId('topic');
export const ZPostId = ZRowId('post');
export const ZUserId = ZRowId('member');

/** Markdown as written (never trimmed: indentation is code), at least one visible character. */
export const ZPostBody = z
  .string({ error: M.bodyRequired })
  .max(MAX_POST_CHARS, M.bodyTooLong)
  .refine((v) => v.trim().length > 0, M.bodyRequired);

export const ZTopicTitle = z
  .string({ error: M.titleRequired })
  .trim()
  .min(1, M.titleRequired)
  .max(MAX_TITLE_CHARS, M.titleTooLong);

export const ZTopicRef = z.object({ id: ZTopicId });
export const ZPostRef = z.object({ id: ZPostId });

export const ZListTopicsRequest = z.object({
  contestId: ZContestId,
  sort: z.enum(TOPIC_SORTS, { error: M.sortUnknown }).default('activity'),
  search: z.string({ error: M.searchTooLong }).trim().max(100, M.searchTooLong).optional(),
  ...pageRequestFields(100, 20),
});
export type TListTopicsRequest = z.infer<typeof ZListTopicsRequest>;

export const ZCreateTopicRequest = z.object({
  contestId: ZContestId,
  title: ZTopicTitle,
  body: ZPostBody,
  /** The organiser's announcement: pinned at the top (notified to every participant later). */
  announcement: z.boolean({ error: 'Must be true or false' }).optional(),
});
export type TCreateTopicRequest = z.infer<typeof ZCreateTopicRequest>;

export const ZReadTopicRequest = z.object({
  id: ZTopicId,
  ...pageRequestFields(100, 20),
  /** The last page of replies, whatever `page` says (a long topic opens at its end). */
  last: z.boolean({ error: 'Must be true or false' }).optional(),
  /** The page holding this reply, whatever `page` says (a link to one post opens where it is). */
  postId: ZPostId.optional(),
});
export type TReadTopicRequest = z.infer<typeof ZReadTopicRequest>;

export const ZCreateReplyRequest = z.object({
  topicId: ZTopicId,
  body: ZPostBody,
  quoteId: ZPostId.optional(),
});
export type TCreateReplyRequest = z.infer<typeof ZCreateReplyRequest>;

export const ZEditPostRequest = z.object({ id: ZPostId, body: ZPostBody });
export type TEditPostRequest = z.infer<typeof ZEditPostRequest>;

export const ZUpdateTopicRequest = z.object({
  id: ZTopicId,
  pinned: z.boolean({ error: 'Must be true or false' }).optional(),
  locked: z.boolean({ error: 'Must be true or false' }).optional(),
  /** A reply of the topic, or null to unmark the answer. */
  answerId: ZPostId.nullable().optional(),
});
export type TUpdateTopicRequest = z.infer<typeof ZUpdateTopicRequest>;

export const ZBarReason = z
  .string({ error: M.reasonRequired })
  .trim()
  .min(1, M.reasonRequired)
  .max(MAX_BAR_REASON_CHARS, M.reasonTooLong);

export const ZBarRequest = z.object({ contestId: ZContestId, userId: ZUserId, reason: ZBarReason });
export const ZUnbarRequest = z.object({ contestId: ZContestId, userId: ZUserId });
export const ZBarsRequest = z.object({ contestId: ZContestId });
/** The members barred from a contest's discussion, for its organiser (never an e-mail). */
export const ZBarList = z.array(
  z.object({
    userId: z.number().int(),
    username: z.string(),
    reason: z.string(),
    barredAt: z.date(),
  }),
);
export type TBarList = z.infer<typeof ZBarList>;
export const ZOpenDiscussionRequest = z.object({
  contestId: ZContestId,
  open: z.boolean({ error: 'Must be true or false' }),
});

/** Who wrote a post, as everyone may see them (never an e-mail); null once the account is gone. */
export const ZPostAuthor = z
  .object({
    id: z.number().int(),
    username: z.string(),
    profileImage: z.string().nullable(),
    role: z.enum(ROLES),
  })
  .nullable();

export const ZPost = z.object({
  id: z.number().int(),
  topicId: z.number().int(),
  author: ZPostAuthor,
  /** The markdown source ('[deleted]' once deleted; a hidden post's only to moderators and its author). */
  body: z.string(),
  createdAt: z.date(),
  editedAt: z.date().nullable(),
  deleted: z.boolean(),
  hidden: z.boolean(),
  upvotes: z.number().int(),
  upvotedByMe: z.boolean(),
  quoteId: z.number().int().nullable(),
});
export type TPost = z.infer<typeof ZPost>;

export const ZTopicListItem = z.object({
  id: z.number().int(),
  contestId: z.number().int(),
  title: z.string(),
  author: ZPostAuthor,
  pinned: z.boolean(),
  locked: z.boolean(),
  announcement: z.boolean(),
  answerId: z.number().int().nullable(),
  replyCount: z.number().int(),
  upvotes: z.number().int(),
  lastPostAt: z.date(),
  lastPoster: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  createdAt: z.date(),
});
export type TTopicListItem = z.infer<typeof ZTopicListItem>;

/** Whether the caller may post here, and if not why (null: they may, or nobody is signed in). */
const writeStateFields = {
  canPost: z.boolean(),
  postRefusal: z.object({ reason: z.string(), message: z.string() }).nullable(),
};

/** A page of topics, with what the list's screen offers the caller (New topic, the organiser bar). */
export const ZTopicList = ZPageOf(ZTopicListItem).extend({
  ...writeStateFields,
  /** Whether the caller is the contest's organiser. */
  canModerate: z.boolean(),
  /** The contest's 'open discussion' switch: any signed-in member may post. */
  openDiscussion: z.boolean(),
});
export type TTopicList = z.infer<typeof ZTopicList>;

/** A topic as its page shows it: its opening post, whether the caller follows it, and a page of replies. */
export const ZTopicView = ZTopicListItem.extend({
  post: ZPost,
  followedByMe: z.boolean(),
  /** Whether the caller is the contest's organiser (pin, lock, mark the answer, bar). */
  canModerate: z.boolean(),
  ...writeStateFields,
  replies: ZPageOf(ZPost),
});
export type TTopicView = z.infer<typeof ZTopicView>;

/** One earlier version of a post (its body before an edit), for moderators and the organiser. */
export const ZPostEdit = z.object({
  id: z.number().int(),
  body: z.string(),
  editedAt: z.date(),
  editor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
});
export const ZPostHistory = z.array(ZPostEdit);

export const ZUpvoteState = z.object({
  id: z.number().int(),
  upvotes: z.number().int(),
  upvotedByMe: z.boolean(),
});
export const ZFollowState = z.object({ id: z.number().int(), followedByMe: z.boolean() });

export const ZReportRequest = z.object({
  id: ZPostId,
  reason: z.enum(REPORT_REASONS, { error: M.reportReason }),
  text: z
    .string({ error: M.reportTooLong })
    .trim()
    .max(MAX_REPORT_CHARS, M.reportTooLong)
    .optional(),
});
export type TReportRequest = z.infer<typeof ZReportRequest>;

/** A report as its reporter hears of it: where it stands, and whether the post is now hidden. */
export const ZReportState = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  status: z.enum(REPORT_STATUSES),
  hidden: z.boolean(),
});

/** The suggestions offered as one types `@al…`: what follows the `@` (may be empty). */
export const ZMentionableRequest = z.object({
  contestId: ZContestId,
  query: z
    .string({ error: M.mentionQueryTooLong })
    .trim()
    .max(32, M.mentionQueryTooLong)
    .transform((q) => q.replace(/^@/, '')),
});
export type TMentionableRequest = z.infer<typeof ZMentionableRequest>;

/** Members who may be mentioned, as a post's author shows them (never an e-mail). */
export const ZMentionable = z.array(
  z.object({ id: z.number().int(), username: z.string(), profileImage: z.string().nullable() }),
);
export type TMentionable = z.infer<typeof ZMentionable>;
