// What other areas may use of contests: reading a contest and who may see it (one SQL condition
// every read of a contest, or of what hangs off one, puts in its where).
export {
  notFound,
  readForWrite,
  readVisible,
  type ContestRow,
  type ContestPageArgs,
  type Viewer,
} from './contestReads';
export { organisedForWrite } from './organisedForWrite';
export { readVisibleOrNotFound } from './readVisibleOrNotFound';
export {
  contestVisibleTo,
  preparedViewer,
  publicContest,
  viewerKind,
  type ViewerKind,
  type VisibilityViewer,
} from './visibility';
export { assertPrizeTableOpen } from './contestWriteRules';
export { verifiedFeeCents } from './prizeSummaries';
