// Statements parsed in the statement worker (issue 34): the real report's figures come back from
// the worker thread, and a refused file comes back as the parser's StatementError.
import { afterAll, describe, expect, it } from 'vitest';
import {
  closeParsePool,
  parseInWorker,
  parseStatement,
  StatementError,
} from '../../src/server/domain/trading/statements';
import { mt5Report } from '../helpers/tradingFixtures';

afterAll(closeParsePool);

describe('parseInWorker', () => {
  it('parses the real MT5 report in the worker as in the thread', async () => {
    const bytes = mt5Report();
    const statement = await parseInWorker(bytes, 'report.html');
    expect(statement).toEqual(parseStatement(bytes));
    expect(statement.trades).toHaveLength(658);
    // The caller's bytes stay usable (the worker gets a copy).
    expect(bytes.length).toBeGreaterThan(1_000_000);
  });

  it("answers a bad file with the parser's StatementError", async () => {
    const error = await parseInWorker(Buffer.from('not a statement'), 'notes.txt').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StatementError);
    expect((error as StatementError).message).toMatch(
      /^'notes\.txt': This file is not a MetaTrader 5 report/,
    );
  });
});
