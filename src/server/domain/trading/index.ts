// Trading contests (issue 34): what other areas may use. The engine (a statement parsed in its
// worker and scored under a contest's rules), the rules stored per contest, the board and its
// places on the leaderboard, and the recompute after a rule or a date change.
// docs/trading.md says what is built.
export * from './statements';
export * from './figures';
export { readTradingRules, saveTradingRules } from './rulesStore';
export { storeParsedStatement, readParsedStatement, removeParsedStatements } from './parsedStore';
export { tradingBoard } from './board/board';
export { placeTraders } from './board/places';
export { recomputeTraders } from './board/recompute';
export { contestDates, datesEdited } from './board/dates';
export { ownershipCode } from './ownershipCode';
export { admitStatement, uploadStatement, type SentStatement } from './upload';
export { listStatements, readStatement, statementView } from './statementReads';
export { reviewStatement } from './review';
export { traderBoardChanged } from './boardSeam';
export { scoredColumns } from './scoredColumns';
export { groupExcluded } from './excludedGroups';
