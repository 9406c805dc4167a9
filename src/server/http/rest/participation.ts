// REST rows of the participation area: joining and leaving a contest, check-in, the leaderboard
// and its scores.
import {
  fieldWithIdAs,
  idAs,
  idParam,
  intQuery,
  itemsList,
  on,
  paging,
  row,
  type RestRoute,
} from './row';

export const participationRows: RestRoute[] = [
  on(
    'POST /contests/:id/join',
    'participation.join',
    fieldWithIdAs('inviteCode', 'contestId'),
    201,
  ),
  on('DELETE /contests/:id/join', 'participation.leave', idAs('contestId')),
  // Check-in (issue 19): the caller's state and the window; check in; undo it.
  on('GET /contests/:id/checkin', 'checkIn.status', idAs('contestId')),
  on('POST /contests/:id/checkin', 'checkIn.checkIn', idAs('contestId')),
  on('DELETE /contests/:id/checkin', 'checkIn.undo', idAs('contestId')),
  on('GET /contests/:id/leaderboard', 'leaderboard.get', (r) => ({
    contestId: idParam(r.params.id),
    limit: intQuery(r.query.limit),
    offset: intQuery(r.query.offset),
  })),
  // Recorded in the score history as entered over REST, whatever the body says.
  on('PUT /contests/:id/scores', 'leaderboard.setScores', (r) => ({
    ...r.body,
    contestId: idParam(r.params.id),
    source: 'rest',
  })),
  row({
    method: 'get',
    procedure: 'leaderboard.scoreHistory',
    path: '/contests/:id/scores/history',
    input: (r) => ({ contestId: idParam(r.params.id), ...paging(r, 20, 20) }),
    answer: itemsList,
  }),
];
