// REST rows of the participation area: joining and leaving a contest, check-in, the leaderboard
// and its scores.
import {
  bodyWithIdAs,
  fieldWithIdAs,
  idAs,
  idParam,
  intQuery,
  on,
  pagedRow,
  row,
  type RestRequest,
  type RestRoute,
} from './row';

/** A player of a contest named by the path: /contests/:id/participants/:userId. */
function player(r: RestRequest) {
  return { contestId: idParam(r.params.id), userId: idParam(r.params.userId) };
}

/** The same with the body's fields (a reason). */
function playerWithBody(r: RestRequest) {
  return { ...r.body, ...player(r) };
}

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
  // The organiser's player list (issue 29): add by username, check in for a player, process
  // check-ins, remove before the start, disqualify after it, start now.
  on('GET /contests/:id/roster', 'roster.list', idAs('contestId')),
  on('POST /contests/:id/participants', 'roster.add', bodyWithIdAs('contestId'), 201),
  on('DELETE /contests/:id/participants/:userId', 'roster.remove', playerWithBody),
  on('POST /contests/:id/participants/:userId/disqualify', 'roster.disqualify', playerWithBody),
  on('POST /contests/:id/participants/:userId/check-in', 'roster.checkIn', player),
  on('DELETE /contests/:id/participants/:userId/check-in', 'roster.checkOut', player),
  on('POST /contests/:id/check-ins/process', 'roster.processCheckIns', idAs('contestId')),
  on('POST /contests/:id/start', 'roster.startNow', idAs('contestId')),
  // A submission contest's boards (issue 31): ?board=public|private (private: 404 to members
  // until it is published). Without ?board=, the leaderboard below.
  ...(['public', 'private'] as const).map((board) =>
    row({
      method: 'get',
      path: '/contests/:id/leaderboard',
      procedure: 'submissions.board',
      query: { board },
      input: (r) => ({ contestId: idParam(r.params.id), board }),
    }),
  ),
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
  pagedRow('/contests/:id/scores/history', 'leaderboard.scoreHistory', [20, 20], (r) => ({
    contestId: idParam(r.params.id),
  })),
];
