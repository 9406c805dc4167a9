// Trading contests (issue 34): what other areas may use. So far the engine (a statement parsed
// in its worker and scored under a contest's rules) and the rules stored per contest.
// docs/trading.md says what is built.
export * from './statements';
export * from './figures';
export { readTradingRules, saveTradingRules } from './rulesStore';
export { storeParsedStatement, readParsedStatement, removeParsedStatements } from './parsedStore';
export { ownershipCode } from './ownershipCode';
export { admitStatement, uploadStatement, type SentStatement } from './upload';
export { listStatements, readStatement, statementView } from './statementReads';
export { reviewStatement } from './review';
export { traderBoardChanged } from './boardSeam';
