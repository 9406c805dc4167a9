// REST rows of the tournaments area (issue 19): a contest's teams and the teams' own rows, then
// brackets, standings, matches and their results.
import {
  boolQuery,
  choosingRow,
  idParam,
  itemsList,
  optionalQuery,
  paging,
  row,
  type RestRoute,
} from './row';

export const tournamentRows: RestRoute[] = [
  // Team mode (issue 19 'Teams'): a contest's teams and the caller's team in it, then the
  // team's own rows (invitations, accept/decline, leave, the captain's changes, registration).
  row({
    method: 'get',
    procedure: 'teams.list',
    path: '/contests/:id/teams',
    input: (r) => ({ contestId: idParam(r.params.id), ...paging(r, 50, 100) }),
    answer: itemsList,
  }),
  row({
    method: 'post',
    procedure: 'teams.create',
    path: '/contests/:id/teams',
    input: (r) => ({ name: r.body.name, contestId: idParam(r.params.id) }),
    status: 201,
  }),
  row({
    method: 'get',
    procedure: 'teams.mine',
    path: '/contests/:id/teams/mine',
    input: (r) => ({ contestId: idParam(r.params.id) }),
  }),
  // Before '/teams/:id', which would read 'invites' as an id.
  row({ method: 'get', procedure: 'teams.invites', path: '/teams/invites' }),
  row({
    method: 'get',
    procedure: 'teams.get',
    path: '/teams/:id',
    input: (r) => ({ teamId: idParam(r.params.id) }),
  }),
  row({
    method: 'patch',
    procedure: 'teams.rename',
    path: '/teams/:id',
    input: (r) => ({ name: r.body.name, teamId: idParam(r.params.id) }),
  }),
  row({
    method: 'post',
    procedure: 'teams.invite',
    path: '/teams/:id/invites',
    input: (r) => ({ username: r.body.username, teamId: idParam(r.params.id) }),
    status: 201,
  }),
  row({
    method: 'post',
    procedure: 'teams.accept',
    path: '/teams/:id/accept',
    input: (r) => ({ teamId: idParam(r.params.id) }),
  }),
  row({
    method: 'post',
    procedure: 'teams.decline',
    path: '/teams/:id/decline',
    input: (r) => ({ teamId: idParam(r.params.id) }),
  }),
  row({
    method: 'post',
    procedure: 'teams.leave',
    path: '/teams/:id/leave',
    input: (r) => ({ teamId: idParam(r.params.id) }),
  }),
  row({
    method: 'delete',
    procedure: 'teams.removeMember',
    path: '/teams/:id/members/:userId',
    input: (r) => ({ teamId: idParam(r.params.id), userId: idParam(r.params.userId) }),
  }),
  row({
    method: 'put',
    procedure: 'teams.transferCaptain',
    path: '/teams/:id/captain',
    input: (r) => ({ userId: r.body.userId, teamId: idParam(r.params.id) }),
  }),
  row({
    method: 'post',
    procedure: 'teams.register',
    path: '/teams/:id/register',
    input: (r) => ({ inviteCode: r.body.inviteCode, teamId: idParam(r.params.id) }),
  }),
  // Tournaments (issue 19): a contest's bracket, standings and matches; results by match.
  row({
    method: 'post',
    procedure: 'tournaments.generate',
    path: '/contests/:id/bracket',
    input: (r) => ({ ...r.body, contestId: idParam(r.params.id) }),
    status: 201,
  }),
  row({
    method: 'get',
    procedure: 'tournaments.bracket',
    path: '/contests/:id/bracket',
    input: (r) => ({ contestId: idParam(r.params.id) }),
  }),
  row({
    method: 'get',
    procedure: 'tournaments.standings',
    path: '/contests/:id/standings',
    input: (r) => ({ contestId: idParam(r.params.id) }),
  }),
  row({
    method: 'get',
    procedure: 'tournaments.matches',
    path: '/contests/:id/matches',
    input: (r) => ({
      contestId: idParam(r.params.id),
      status: optionalQuery(r.query.status),
      mine: boolQuery(r.query.mine),
    }),
  }),
  // Before '/matches/:id', which would otherwise read 'disputes' as an id.
  row({ method: 'get', procedure: 'tournaments.disputes', path: '/matches/disputes' }),
  row({
    method: 'get',
    procedure: 'tournaments.match',
    path: '/matches/:id',
    input: (r) => ({ matchId: idParam(r.params.id) }),
  }),
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
  row({
    method: 'post',
    procedure: 'tournaments.confirm',
    path: '/matches/:id/confirm',
    input: (r) => ({ matchId: idParam(r.params.id) }),
  }),
  row({
    method: 'post',
    procedure: 'tournaments.dispute',
    path: '/matches/:id/dispute',
    input: (r) => ({ reason: r.body.reason, matchId: idParam(r.params.id) }),
  }),
];
