// Why a statement file was refused (issue 34): one error class for every refusal, worded for the
// trader who uploaded it. The REST and tRPC layers answer it as 400 `bad_statement`; anything else
// a parser throws is a bug.

export class StatementError extends Error {
  readonly reason = 'bad_statement' as const;

  constructor(message: string) {
    super(message);
    this.name = 'StatementError';
  }
}

/** What every refusal of an unknown file says it expected. */
export const EXPECTED_FORMATS =
  "This file is not a MetaTrader 5 report, a MetaTrader 4 statement or a CSV of trades in the documented layout: save the 'Trade History Report' (MetaTrader 5) or the 'Detailed Statement' (MetaTrader 4) from the terminal as HTML, or fill in the CSV template";

/** The largest file read: a 10 MB MT5 report holds about 5,000 trades. */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;

/** The most table or CSV rows read (trades, deals and orders together). */
export const MAX_STATEMENT_ROWS = 200_000;

export function tooManyRows(): StatementError {
  return new StatementError(
    `The file has more than ${MAX_STATEMENT_ROWS.toLocaleString('en-US')} rows, the most a statement may have: upload a shorter period`,
  );
}
