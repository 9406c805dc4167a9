// The worker's 'parse' task: a statement's bytes in, the parsed statement out; a refused file is
// a TaskRefusal, so its message reaches the uploader (the pool's 'failed').
import type { ParsedStatement } from '../../../../shared/trading/statement';
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
