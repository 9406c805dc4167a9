// The real MetaTrader 5 report end to end (issue 34's 'Done when': "the real report's figures
// equal its own 'Results' block"): parsed as a trader uploads it (in the statement worker), then
// scored under a window holding the whole report, the figures are the terminal's own.
import { afterAll, describe, expect, it } from 'vitest';
import {
  closeParsePool,
  parseInWorker,
  scoreInWorker,
  scoreStatement,
} from '../../src/server/domain/trading';
import { ZTradingRulesSchema } from '../../src/shared/trading/rules';
import { mt5Report } from '../helpers/tradingFixtures';

afterAll(() => closeParsePool());

// The report's account was funded on 7 June 2023 and made on 26 June 2023 at 17:03.
const WHOLE_REPORT = {
  startsAt: new Date('2023-06-01T00:00:00Z'),
  endsAt: new Date('2023-06-30T23:59:59Z'),
};

describe("the real MT5 report against its own 'Results' block", () => {
  it('parses and scores in the worker to the terminal’s figures', async () => {
    const statement = await parseInWorker(new Uint8Array(mt5Report()));
    const rules = ZTradingRulesSchema.parse({});
    const [scored] = await scoreInWorker({ statements: [statement], rules, window: WHOLE_REPORT });
    // The worker's answer is the engine's own.
    expect(scored).toEqual(scoreStatement(statement, rules, WHOLE_REPORT));
    const { figures, breaches, excluded } = scored!;
    expect(excluded).toEqual([]);
    expect(breaches).toEqual([]);
    expect(figures).toMatchObject({
      startingBalance: '10000.00',
      // Total Net Profit, Gross Profit, Gross Loss, Profit Factor.
      netProfit: '-50.84',
      grossProfit: '157.73',
      grossLoss: '-208.57',
      profitFactor: '0.76',
      // Balance Drawdown Maximal 58.44 (0.58%).
      maxDrawdown: '58.44',
      maxDrawdownPct: '0.58',
      // Total Trades.
      trades: 658,
      countedTrades: 658,
      // -50.84 of 10,000.00.
      returnPct: '-0.51',
    });
  });

  it('counts only what the window holds and says why the rest was left out', async () => {
    const statement = await parseInWorker(new Uint8Array(mt5Report()));
    const { figures, excluded } = scoreStatement(statement, ZTradingRulesSchema.parse({}), {
      startsAt: new Date('2023-06-01T00:00:00Z'),
      endsAt: new Date('2023-06-26T12:00:00Z'),
    });
    const after = excluded.filter((e) => e.reason === 'after_end');
    expect(after.length).toBeGreaterThan(0);
    expect(figures.countedTrades + excluded.length).toBe(658);
    expect(after[0]!.message).toMatch(/^ticket \d+ closed 2023\.06\.26 \d\d:\d\d after the end$/);
  });
});
