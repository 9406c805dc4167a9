// What other areas may use of tournaments. Teams: the names a registered team's participant row
// shows (brackets, standings), and the entry-fee review of a team contest (money).
export { reviewTeamFee, teamRoleFor } from './teams';
export { teamNamesOf } from './teamReads';
