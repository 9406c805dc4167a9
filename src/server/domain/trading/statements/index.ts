// Trading statements (issue 34): a MetaTrader 5 report, a MetaTrader 4 statement or the
// documented CSV read into the ParsedStatement the figures and rules use.
export { parseStatement } from './parse';
export {
  StatementError,
  EXPECTED_FORMATS,
  MAX_STATEMENT_BYTES,
  MAX_STATEMENT_ROWS,
} from './errors';
export { CSV_TEMPLATE, CSV_COLUMNS } from './csv';
export { parseInWorker, scoreInWorker, closeParsePool, STATEMENT_WORKER_ENTRY } from './parsePool';
export { readDecimal, readTime } from './values';
