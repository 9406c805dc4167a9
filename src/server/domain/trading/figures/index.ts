// The figures engine's door (issue 34): a parsed statement scored under a contest's rules.
export { scoreStatement, type ScoredStatement } from './score';
export type { Window as TradingWindow } from './select';
