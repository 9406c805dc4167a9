// What other areas and the transports may use of a contest's discussion (issue 32): topics and
// their lists, replies, edits with their history, deletion, upvotes, follows, the organiser's pin,
// lock, answer, bars and the 'open discussion' switch, reports and the moderators' queue
// (listReports, reviewReport). The side effects (notifications, mentions, live) go in
// afterWrite.ts, where each write calls them.
export { listTopics } from './listTopics';
export { readTopic } from './readTopic';
export { createTopic } from './createTopic';
export { reply } from './reply';
export { editPost } from './editPost';
export { deletePost } from './deletePost';
export { upvote, removeUpvote } from './upvotes';
export { follow, unfollow } from './follows';
export { updateTopic } from './updateTopic';
export { barMember, listBars, unbarMember } from './bars';
export { postHistory } from './history';
export { setOpenDiscussion } from './openDiscussion';
export { reportPost } from './reportPost';
export { mentionable } from './mentionable';
export { assertContestVisible, assertTopicVisible } from './liveAccess';
export { listReports } from './listReports';
export { reviewReport } from './reviewReport';
export type { DiscussionViewer } from './access';
