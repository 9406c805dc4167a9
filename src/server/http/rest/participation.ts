// REST rows of the participation area: joining and leaving a contest, check-in, the leaderboard
// and its scores.
import { idParam, intQuery, itemsList, paging, row, type RestRoute } from './row';

export const participationRows: RestRoute[] = [
  row({
    method: 'post',
    procedure: 'participation.join',
    path: '/contests/:id/join',
    input: (r) => ({ contestId: idParam(r.params.id), inviteCode: r.body.inviteCode }),
    status: 201,
  }),
  row({
    method: 'delete',
    procedure: 'participation.leave',
    path: '/contests/:id/join',
    input: (r) => ({ contestId: idParam(r.params.id) }),
  }),
  // Check-in (issue 19): the caller's state and the window; check in; undo it.
  row({
    method: 'get',
    procedure: 'checkIn.status',
    path: '/contests/:id/checkin',
    input: (r) => ({ contestId: idParam(r.params.id) }),
  }),
  row({
    method: 'post',
    procedure: 'checkIn.checkIn',
    path: '/contests/:id/checkin',
    input: (r) => ({ contestId: idParam(r.params.id) }),
  }),
  row({
    method: 'delete',
    procedure: 'checkIn.undo',
    path: '/contests/:id/checkin',
    input: (r) => ({ contestId: idParam(r.params.id) }),
  }),
  row({
    method: 'get',
    procedure: 'leaderboard.get',
    path: '/contests/:id/leaderboard',
    input: (r) => ({
      contestId: idParam(r.params.id),
      limit: intQuery(r.query.limit),
      offset: intQuery(r.query.offset),
    }),
  }),
  row({
    method: 'put',
    procedure: 'leaderboard.setScores',
    path: '/contests/:id/scores',
    // Recorded in the score history as entered over REST, whatever the body says.
    input: (r) => ({ ...r.body, contestId: idParam(r.params.id), source: 'rest' }),
  }),
  row({
    method: 'get',
    procedure: 'leaderboard.scoreHistory',
    path: '/contests/:id/scores/history',
    input: (r) => ({ contestId: idParam(r.params.id), ...paging(r, 20, 20) }),
    answer: itemsList,
  }),
];
