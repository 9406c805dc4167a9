// What other areas may use of submission contests (issue 31): the evaluation settings and their
// read, uploads and their reads, selection, the boards, re-scoring, publishing the private board,
// the scoring job and the private files; the metrics for the bench and the scoring workers.
export {
  prepareEvaluationSettings,
  saveEvaluation,
  writeEvaluationSettings,
  type PreparedSettings,
  type SaveEvaluationInput,
  type SentFile,
} from './evaluation';
export { readEvaluationView } from './evaluationView';
export { admitSubmission, submitFile } from './submit';
export { listSubmissions, readSubmission } from './reads';
export { selectSubmission } from './select';
export { readBoard } from './boards';
export { rescoreAll } from './rescore';
export { publishPrivateBoard } from './publish';
export { scoreDueSubmissions, scoringJob, type ScoringRound } from './scoringJob';
export { closeScoringPool, scoringLoad } from './scoringPool';
export { privateCleanupJob, removeOrphanPrivateFiles } from './privateCleanup';
export { privatePath } from './storage';
export { sampleFileOf } from './sample';
export * from './metrics';
