// What other areas may use of tournaments: generating a bracket at a contest's start (the setup
// code's seam), and the reads and writes the router calls.
export { generateAtStart, generateBracket, SYSTEM_ACTOR, type GenerateResult } from './generate';
export { readBracket, readMatch, readMatches, readStandings } from './reads';
export { readDisputes, readNextMatch } from './acrossContests';
export { REMOVED_PARTICIPANT } from './names';
export { assertVisible } from './contest';
export { confirmMatch, decideMatch, disputeMatch, reportMatch, scheduleMatch } from './results';
export { readEntrants } from './entrants';
export { reviewTeamFee } from './teamRegistration';
export { teamRoleFor } from './teamRows';
export { teamNamesOf } from './teamReads';
export {
  addPlayer,
  checkInPlayer,
  processCheckIns,
  readRoster,
  removePlayer,
  startNow,
} from './roster';
export { disqualifyPlayer } from './disqualify';
export { writePlacement, type Place } from './placement';
export { ParticipantNames } from './names';
