// A contest's discussion (issue 32, first slice): topics and replies read by whoever sees the
// contest; posting, editing, deleting, upvoting and following by signed-in members as the
// discussion's rules allow (domain/discussion/writers.ts); pin, lock, answer, bars, the edit
// history and the 'open discussion' switch by the organiser (creator, moderators, admins).
import { z } from 'zod';
import {
  ZBarList,
  ZBarRequest,
  ZBarsRequest,
  ZCreateReplyRequest,
  ZCreateTopicRequest,
  ZEditPostRequest,
  ZFollowState,
  ZListTopicsRequest,
  ZMentionable,
  ZMentionableRequest,
  ZOpenDiscussionRequest,
  ZPost,
  ZPostHistory,
  ZPostRef,
  ZReadTopicRequest,
  ZReportRequest,
  ZReportState,
  ZTopicList,
  ZTopicListItem,
  ZTopicRef,
  ZTopicView,
  ZUnbarRequest,
  ZUpdateTopicRequest,
  ZUpvoteState,
} from '../../../shared/schemas/discussion';
import * as discussion from '../../domain/discussion';
import { protectedProcedure, publicProcedure, router } from '../trpc';
import { asActor, asViewer } from './resolve';

const ZOk = z.object({ success: z.literal(true) });

export const discussionRouter = router({
  list: publicProcedure
    .input(ZListTopicsRequest)
    .output(ZTopicList)
    .query(({ ctx, input }) => discussion.listTopics({ db: ctx.db, viewer: ctx.actor, ...input })),

  get: publicProcedure
    .input(ZReadTopicRequest)
    .output(ZTopicView)
    .query(({ ctx, input }) => discussion.readTopic({ db: ctx.db, viewer: ctx.actor, ...input })),

  createTopic: protectedProcedure
    .input(ZCreateTopicRequest)
    .output(ZTopicView)
    .mutation(asActor(discussion.createTopic)),

  reply: protectedProcedure
    .input(ZCreateReplyRequest)
    .output(ZPost)
    .mutation(asActor(discussion.reply)),

  editPost: protectedProcedure
    .input(ZEditPostRequest)
    .output(ZPost)
    .mutation(asActor(discussion.editPost)),

  deletePost: protectedProcedure
    .input(ZPostRef)
    .output(ZOk.extend({ id: z.number().int() }))
    .mutation(asActor(discussion.deletePost)),

  upvote: protectedProcedure
    .input(ZPostRef)
    .output(ZUpvoteState)
    .mutation(asActor(discussion.upvote)),

  removeUpvote: protectedProcedure
    .input(ZPostRef)
    .output(ZUpvoteState)
    .mutation(asActor(discussion.removeUpvote)),

  follow: protectedProcedure
    .input(ZTopicRef)
    .output(ZFollowState)
    .mutation(asActor(discussion.follow)),

  unfollow: protectedProcedure
    .input(ZTopicRef)
    .output(ZFollowState)
    .mutation(asActor(discussion.unfollow)),

  updateTopic: protectedProcedure
    .input(ZUpdateTopicRequest)
    .output(ZTopicListItem)
    .mutation(asActor(discussion.updateTopic)),

  history: protectedProcedure
    .input(ZPostRef)
    .output(ZPostHistory)
    .query(asActor(discussion.postHistory)),

  bar: protectedProcedure.input(ZBarRequest).output(ZOk).mutation(asActor(discussion.barMember)),

  bars: protectedProcedure.input(ZBarsRequest).output(ZBarList).query(asActor(discussion.listBars)),

  unbar: protectedProcedure
    .input(ZUnbarRequest)
    .output(ZOk)
    .mutation(asActor(discussion.unbarMember)),

  // Anyone signed in who sees the post (the queue that reads reports is a later slice).
  report: protectedProcedure
    .input(ZReportRequest)
    .output(ZReportState)
    .mutation(asActor(discussion.reportPost)),

  // The @mention suggestions as one types: who may be mentioned here, to a writer who sees it.
  mentionable: protectedProcedure
    .input(ZMentionableRequest)
    .output(ZMentionable)
    .query(asViewer(discussion.mentionable)),

  setOpen: protectedProcedure
    .input(ZOpenDiscussionRequest)
    .output(z.object({ contestId: z.number().int(), open: z.boolean() }))
    .mutation(asActor(discussion.setOpenDiscussion)),
});
