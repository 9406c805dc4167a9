// Discussion on every contest (issue 32): its refusals, its limits' defaults, its sorts and the
// words a member reads, in one place for the server and the client.
import { MAX_MENTIONS, MAX_QUOTE_DEPTH } from './mentions';

/** A post's body may hold at most this many characters (said in the form and the message). */
export const MAX_POST_CHARS = 20_000;
export const MAX_TITLE_CHARS = 200;
export const MAX_BAR_REASON_CHARS = 500;
export const MAX_REPORT_CHARS = 1_000;

/** How a contest's topics are listed: newest activity (the default), newest, most replies, most upvotes. */
export const TOPIC_SORTS = ['activity', 'newest', 'active', 'upvoted'] as const;
export type TopicSort = (typeof TOPIC_SORTS)[number];

/**
 * Why a member reports a post, and where a report stands: open until a moderator reviews it, then
 * the action the moderator took (reports.ts: the queue).
 */
export const REPORT_REASONS = ['spam', 'abuse', 'off_topic', 'other'] as const;
export type DiscussionReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'hidden', 'restored', 'deleted', 'dismissed'] as const;
export type DiscussionReportStatus = (typeof REPORT_STATUSES)[number];

/** What a moderator does with a reported post; each resolves all its open reports. */
export const REPORT_ACTIONS = ['hide', 'restore', 'delete', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
/** The status a report is resolved with, by the action taken. */
export const REPORT_STATUS_OF = {
  hide: 'hidden',
  restore: 'restored',
  delete: 'deleted',
  dismiss: 'dismissed',
} as const satisfies Record<ReportAction, DiscussionReportStatus>;
/** The actions the author must be given a reason for. */
export const REASON_REQUIRED_ACTIONS: readonly ReportAction[] = ['hide', 'delete'];
export const REPORT_ACTION_LABELS: Record<ReportAction, string> = {
  hide: 'Hide',
  restore: 'Restore',
  delete: 'Delete',
  dismiss: 'Dismiss reports',
};
export const REPORT_REASON_LABELS: Record<DiscussionReportReason, string> = {
  spam: 'Spam',
  abuse: 'Abuse',
  off_topic: 'Off-topic',
  other: 'Other',
};
/** The moderators' queue: posts with an open report, or posts whose reports are all resolved. */
export const REPORT_QUEUES = ['open', 'resolved'] as const;
export type ReportQueue = (typeof REPORT_QUEUES)[number];
/** A moderator's reason is at most this long (the author reads it). */
export const MAX_REVIEW_REASON_CHARS = 500;

/** Why the discussion refuses a call (`reason` over REST, `data.reason` over tRPC). */
export const DISCUSSION_REFUSALS = [
  'discussion_closed',
  'not_allowed_to_post',
  'barred',
  'topic_locked',
  'own_post',
  'not_author',
  'post_deleted',
  'bad_quote',
  'not_a_reply',
  'post_too_soon',
  'topic_too_soon',
  'first_day_limit',
  'upvote_limit',
  'duplicate_post',
  'report_limit',
  'too_many_mentions',
  'quotes_too_deep',
  'report_resolved',
] as const;
export type DiscussionRefusal = (typeof DISCUSSION_REFUSALS)[number];

/** What a removed post's body reads as, in every answer. */
export const DELETED_BODY = '[deleted]';
/** What a hidden post's body reads as to everyone but moderators and its author. */
export const HIDDEN_BODY = '[hidden by a moderator]';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export const DISCUSSION_MESSAGES = {
  topicNotFound: 'Topic not found',
  postNotFound: 'Post not found',
  closed: 'The discussion of this contest is closed: nothing new can be posted',
  notAllowed:
    'Only participants, the organiser and staff can post in this discussion: join the contest first',
  banned: (reason: string | null) =>
    reason ? `Your account is banned: ${reason}` : 'Your account is banned',
  emailUnverified: 'Verify your e-mail address before you post',
  barred: (reason: string) => `You are barred from this discussion: ${reason}`,
  locked: 'This topic is locked: no new replies',
  ownPost: 'You cannot upvote your own post',
  notAuthor: 'Only its author can change this post',
  deleted: 'This post was deleted',
  badQuote: 'The quoted post is not in this topic',
  notAReply: 'Only a reply of this topic can be marked as the answer',
  notOrganiser: 'Only the organiser can do this',
  titleRequired: 'A title is required',
  titleTooLong: `The title must be at most ${MAX_TITLE_CHARS} characters`,
  bodyRequired: 'Write something first',
  bodyTooLong: `A post must be at most ${MAX_POST_CHARS.toLocaleString('en-US')} characters`,
  reasonRequired: 'Say why',
  reasonTooLong: `The reason must be at most ${MAX_BAR_REASON_CHARS} characters`,
  searchTooLong: 'Search for at most 100 characters',
  sortUnknown: 'Sort by activity, newest, active or upvoted',
  postTooSoon: (s: number) => `Wait ${plural(s, 'second')} between posts`,
  topicTooSoon: (s: number) => `Wait ${plural(s, 'second')} before starting another topic`,
  firstDayTopics: (n: number) =>
    `New members can start at most ${plural(n, 'topic')} on their first day: try again tomorrow`,
  firstDayReplies: (n: number) =>
    `New members can post at most ${n} ${n === 1 ? 'reply' : 'replies'} on their first day: try again tomorrow`,
  upvoteLimit: (n: number) => `You can upvote at most ${n} posts a day: try again later`,
  duplicate: 'You posted the same text a moment ago',
  alreadyReported: 'You have reported this post already',
  ownReport: 'You cannot report your own post',
  reportLimit: (n: number) => `You can report at most ${n} posts a day: try again later`,
  reportReason: 'Choose a reason: spam, abuse, off-topic or other',
  reportTooLong: `Say it in at most ${MAX_REPORT_CHARS.toLocaleString('en-US')} characters`,
  tooManyMentions: `A post can mention at most ${MAX_MENTIONS} members`,
  mentionQueryTooLong: 'Type at most 32 characters of a username',
  quotesTooDeep: `Quotes can be nested at most ${MAX_QUOTE_DEPTH} deep`,
  reportNotFound: 'Report not found',
  reportResolved: 'This report has been reviewed already',
  reviewersOnly: 'Only moderators and admins can review reports',
  reviewAction: 'Choose hide, restore, delete or dismiss',
  reviewReasonRequired: 'Say why: the author is told',
  reviewReasonTooLong: `The reason must be at most ${MAX_REVIEW_REASON_CHARS} characters`,
  queueUnknown: 'Show open or resolved reports',
} as const;

/**
 * Where a post is read: its contest's Discussion tab opened at the topic and the post (the
 * client's discussion reads exactly these parameters). Notifications link here.
 */
export const discussionPostPath = (contestSlug: string, topicId: number, postId: number) =>
  `/contests/${encodeURIComponent(contestSlug)}?tab=discussion&topic=${topicId}&post=${postId}`;
