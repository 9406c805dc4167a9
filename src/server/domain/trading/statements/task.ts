// The statement worker's tasks. 'parse': a statement's bytes in, the parsed statement out; a
// refused file is a TaskRefusal, so its message reaches the uploader (the pool's 'failed').
// 'score': statements scored under a contest's rules and window, off the request thread too (a
// 5,000-trade statement takes tens of milliseconds, a board of 200 after a rule change half a
// second).
import type { ParsedStatement } from '../../../../shared/trading/statement';
import type { TradingRules } from '../../../../shared/trading/rules';
import { scoreStatement, type ScoredStatement, type TradingWindow } from '../figures';
import { TaskRefusal } from '../../../platform/workers';
import { StatementError } from './errors';
import { parseStatement } from './parse';

export interface ParseTaskInput {
  bytes: Uint8Array;
  fileName?: string;
}

export function parseTask({ bytes, fileName }: ParseTaskInput): ParsedStatement {
  try {
    return parseStatement(bytes, fileName);
  } catch (error) {
    if (error instanceof StatementError) throw new TaskRefusal(error.message);
    throw error;
  }
}

export interface ScoreTaskInput {
  statements: ParsedStatement[];
  rules: TradingRules;
  window: TradingWindow;
}

export function scoreTask({ statements, rules, window }: ScoreTaskInput): ScoredStatement[] {
  return statements.map((statement) => scoreStatement(statement, rules, window));
}
