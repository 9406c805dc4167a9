// What other areas may use of participation: the one writer of participant rows, and the one
// join rule (payments apply it to entry-fee proofs and their review).
export {
  addParticipant,
  applyScores,
  clearScores,
  finalStandings,
  lockContest,
  rankColumn,
  rankOrder,
  ranksOfPage,
  moveParticipant,
  removeFromAllContests,
  removeParticipant,
  rerankContest,
  setCheckedIn,
  setDisqualified,
} from './contestParticipants';
export {
  emailRefusalFor,
  emailRefusalOf,
  entryFeeProofs,
  hasVerifiedFee,
  joinRefusalFor,
  memberTier,
  openFeeProof,
  readJoinContest,
  refusalError,
  visibleJoinContest,
  type JoinContest,
  type JoinRefusalInfo,
  type TeamRole,
} from './joinRule';
export { entrantOf, entrantRows } from './entrant';
export { withInviteGuessLimit } from './participation';
export {
  afterContestCompleted,
  completeContest,
  completeEndedContests,
  contestEndJob,
  LIFECYCLE_ACTOR,
} from './completion';
