// What other areas may use of contests: reading a contest and who may see it.
export {
  isVisible,
  notFound,
  readById,
  readForWrite,
  type ContestRow,
  type Viewer,
} from './contestReads';
