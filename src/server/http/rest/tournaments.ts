// REST rows of the tournaments area (issue 19): a contest's teams and the teams' own rows, then
// brackets, standings, matches and their results.
import {
  bodyWithIdAs,
  boolQuery,
  choosingRow,
  fieldWithIdAs,
  idAs,
  idParam,
  on,
  optionalQuery,
  pagedRow,
  type RestRoute,
} from './row';

export const tournamentRows: RestRoute[] = [
  // Team mode (issue 19 'Teams'): a contest's teams and the caller's team in it, then the
  // team's own rows (invitations, accept/decline, leave, the captain's changes, registration).
  pagedRow('/contests/:id/teams', 'teams.list', [50, 100], (r) => ({
    contestId: idParam(r.params.id),
  })),
  on('POST /contests/:id/teams', 'teams.create', fieldWithIdAs('name', 'contestId'), 201),
  on('GET /contests/:id/teams/mine', 'teams.mine', idAs('contestId')),
  // Before '/teams/:id', which would read 'invites' as an id.
  on('GET /teams/invites', 'teams.invites'),
  on('GET /teams/:id', 'teams.get', idAs('teamId')),
  on('PATCH /teams/:id', 'teams.rename', fieldWithIdAs('name', 'teamId')),
  on('POST /teams/:id/invites', 'teams.invite', fieldWithIdAs('username', 'teamId'), 201),
  on('POST /teams/:id/accept', 'teams.accept', idAs('teamId')),
  on('POST /teams/:id/decline', 'teams.decline', idAs('teamId')),
  on('POST /teams/:id/leave', 'teams.leave', idAs('teamId')),
  on('DELETE /teams/:id/members/:userId', 'teams.removeMember', (r) => ({
    teamId: idParam(r.params.id),
    userId: idParam(r.params.userId),
  })),
  on('PUT /teams/:id/prize-shares', 'teams.setPrizeShares', fieldWithIdAs('shares', 'teamId')),
  on('PUT /teams/:id/captain', 'teams.transferCaptain', fieldWithIdAs('userId', 'teamId')),
  on('POST /teams/:id/register', 'teams.register', fieldWithIdAs('inviteCode', 'teamId')),
  // Tournaments (issue 19): a contest's bracket, standings and matches; results by match.
  on('POST /contests/:id/bracket', 'tournaments.generate', bodyWithIdAs('contestId'), 201),
  on('GET /contests/:id/bracket', 'tournaments.bracket', idAs('contestId')),
  on('GET /contests/:id/standings', 'tournaments.standings', idAs('contestId')),
  on('GET /contests/:id/matches', 'tournaments.matches', (r) => ({
    contestId: idParam(r.params.id),
    status: optionalQuery(r.query.status),
    mine: boolQuery(r.query.mine),
  })),
  // Before '/matches/:id', which would otherwise read 'disputes' as an id.
  on('GET /matches/disputes', 'tournaments.disputes'),
  on('GET /matches/:id', 'tournaments.match', idAs('matchId')),
  // `{ scores: [a, b] }` or `{ forfeit: participantId }`: a result; `{ scheduledAt }` alone: its time.
  choosingRow({
    method: 'patch',
    procedure: 'tournaments.report',
    path: '/matches/:id',
    call: (call, r) => {
      const fields = r.body;
      const matchId = idParam(r.params.id);
      const keys = Object.keys(fields);
      if (keys.length === 1 && keys[0] === 'scheduledAt') {
        return call('tournaments.schedule', { matchId, scheduledAt: fields.scheduledAt });
      }
      return call('tournaments.report', { ...fields, matchId });
    },
  }),
  on('POST /matches/:id/confirm', 'tournaments.confirm', idAs('matchId')),
  // `{ scores: [a, b], games?: [[a, b], ...], reason? }`: the disputer's own result and why.
  on('POST /matches/:id/dispute', 'tournaments.dispute', bodyWithIdAs('matchId')),
  // `{ accept: 'reported' | 'disputed' }`, or a third result: `{ scores, games? }` or `{ forfeit }`.
  on('POST /matches/:id/decide', 'tournaments.decide', bodyWithIdAs('matchId')),
];
