// REST rows of submission contests (issue 31) that carry no file: the evaluation, the lists, one
// submission, selection, re-scoring and publishing. The uploads and downloads are Express paths
// (http/submissionFiles.ts); the boards are the leaderboard's row with ?board= (participation.ts).
import { bodyWithIdAs, idAs, on, type RestRoute } from './row';
import { contestEntriesRow } from './contestEntriesRow';

export const submissionRows: RestRoute[] = [
  on('GET /contests/:id/evaluation', 'submissions.evaluation', idAs('contestId')),
  on('POST /contests/:id/evaluation/rescore', 'submissions.rescore', idAs('contestId'), 202),
  on('POST /contests/:id/evaluation/publish', 'submissions.publish', idAs('contestId')),
  contestEntriesRow('/contests/:id/submissions', 'submissions.list'),
  on('GET /submissions/:id', 'submissions.get', idAs('id')),
  on('PATCH /submissions/:id', 'submissions.select', bodyWithIdAs('id')),
];
