// Reading an answer key and checking a submission file (issue 31): pure functions over bytes, no
// database and no state, so they run as they are inside a scoring worker thread.
export { readAnswerKey } from './key';
export { checkSubmission } from './submission';
export { readInput, MAX_UNPACKED_BYTES } from './input';
export { DEFAULT_MAX_COLUMNS, DEFAULT_MAX_ROW_BYTES } from './csv';
export { halfSipHash32, splitKey } from './splitHash';
export type * from './types';
export { findId, findIdText, idAt } from './idIndex';
export { classLookup } from './classes';
export { bytesInWords } from './problems';
