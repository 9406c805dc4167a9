// One entry for every statement file: decode the bytes, tell the format by its structure (never
// by the file's name or its labels' language) and read it, or refuse it with what was expected.
import type { ParsedStatement } from '../../../../shared/trading/statement';
import { csvHeader, parseCsv } from './csv';
import { decodeStatement } from './decode';
import { EXPECTED_FORMATS, StatementError } from './errors';
import { htmlRows } from './htmlRows';
import { isMt4, parseMt4 } from './mt4';
import { isMt5, parseMt5 } from './mt5';
import { layoutOf } from './sections';

const looksLikeHtml = (text: string) =>
  /<(!doctype\s+html|html|table|body)\b/i.test(text.slice(0, 64 * 1024));

/**
 * The statement in `bytes` (a MetaTrader 5 report, a MetaTrader 4 statement or the documented
 * CSV). `fileName` is only for the message; throws a StatementError for anything else.
 */
export function parseStatement(bytes: Uint8Array, fileName?: string): ParsedStatement {
  const text = decodeStatement(bytes);
  const named = fileName ? `'${fileName.slice(0, 80)}': ` : '';
  try {
    if (looksLikeHtml(text)) {
      const rows = htmlRows(text);
      // The header is whatever precedes the first section (MT5 needs 10 columns, MT4 13).
      const { preamble } = layoutOf(rows, () => false, 10);
      if (isMt5(preamble)) return parseMt5(rows, preamble);
      if (isMt4(preamble)) return parseMt4(rows, preamble);
      throw new StatementError(EXPECTED_FORMATS);
    }
    if (csvHeader(text)) return parseCsv(text);
    throw new StatementError(EXPECTED_FORMATS);
  } catch (error) {
    if (error instanceof StatementError && named) throw new StatementError(named + error.message);
    throw error;
  }
}
