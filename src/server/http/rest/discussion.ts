// REST rows of a contest's discussion (issue 32), the paths the issue names, plus the organiser's
// few the issue leaves to the client (the edit history, bars, the 'open discussion' switch).
// A list answers a plain array with X-Total-Count; a topic answers with its page of replies.
import {
  bodyWithIdAs,
  fieldWithIdAs,
  idAs,
  idParam,
  intQuery,
  on,
  optionalQuery,
  pagedRow,
  paging,
  row,
  type RestRoute,
} from './row';

export const discussionRows: RestRoute[] = [
  pagedRow('/contests/:id/topics', 'discussion.list', [20, 20], (r) => ({
    contestId: idParam(r.params.id),
    sort: optionalQuery(r.query.sort),
    search: optionalQuery(r.query.search),
  })),
  on('POST /contests/:id/topics', 'discussion.createTopic', bodyWithIdAs('contestId'), 201),
  row({
    method: 'get',
    path: '/contests/:id/mentionable',
    procedure: 'discussion.mentionable',
    input: (r) => ({ contestId: idParam(r.params.id), query: optionalQuery(r.query.q) ?? '' }),
  }),
  on('PATCH /contests/:id/discussion', 'discussion.setOpen', fieldWithIdAs('open', 'contestId')),
  on('GET /contests/:id/discussion/bars', 'discussion.bars', idAs('contestId')),
  on('POST /contests/:id/discussion/bars', 'discussion.bar', bodyWithIdAs('contestId')),
  on('DELETE /contests/:id/discussion/bars/:userId', 'discussion.unbar', (r) => ({
    contestId: idParam(r.params.id),
    userId: idParam(r.params.userId),
  })),
  row({
    method: 'get',
    path: '/topics/:id',
    procedure: 'discussion.get',
    // ?page=last opens a long topic at its end.
    input: (r) => ({
      id: idParam(r.params.id),
      ...(r.query.page === 'last'
        ? { last: true, pageSize: intQuery(r.query.pageSize) ?? 20 }
        : paging(r, 20, 20)),
      // ?post=ID opens the page holding that reply.
      ...(r.query.post === undefined ? {} : { postId: intQuery(r.query.post) }),
    }),
  }),
  on('PATCH /topics/:id', 'discussion.updateTopic', bodyWithIdAs('id')),
  on('POST /topics/:id/replies', 'discussion.reply', bodyWithIdAs('topicId'), 201),
  on('POST /topics/:id/follow', 'discussion.follow', idAs('id')),
  on('DELETE /topics/:id/follow', 'discussion.unfollow', idAs('id')),
  on('PATCH /posts/:id', 'discussion.editPost', fieldWithIdAs('body', 'id')),
  on('DELETE /posts/:id', 'discussion.deletePost', idAs('id')),
  on('GET /posts/:id/edits', 'discussion.history', idAs('id')),
  on('POST /posts/:id/upvote', 'discussion.upvote', idAs('id')),
  on('DELETE /posts/:id/upvote', 'discussion.removeUpvote', idAs('id')),
  on('POST /posts/:id/reports', 'discussion.report', bodyWithIdAs('id'), 201),
];
