// The MetaTrader 5 report parser over the real report of ../shared/fixtures/trading (issue 34):
// its trades summed exactly reproduce the report's own Results block, in English and with every
// label translated, and a 10 MB report parses in one linear pass.
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import type { ParsedStatement } from '../../src/shared/trading/statement';
import { parseStatement } from '../../src/server/domain/trading/statements';
import { grownMt5Report, mt5Report } from '../helpers/tradingFixtures';

const net = (t: ParsedStatement['trades'][number]) =>
  new Big(t.profit).plus(t.commission).plus(t.swap);

/** The figures of the report's Results block, from the parsed trades. */
function results(statement: ParsedStatement) {
  let total = new Big(0);
  let gross = new Big(0);
  let loss = new Big(0);
  let largest = new Big(0);
  let worst = new Big(0);
  for (const trade of statement.trades) {
    const n = net(trade);
    total = total.plus(n);
    if (n.gt(0)) gross = gross.plus(n);
    else loss = loss.plus(n);
    if (n.gt(largest)) largest = n;
    if (n.lt(worst)) worst = n;
  }
  // The balance walked trade by trade from the deposit, in the order they closed: the largest
  // fall from a high ('Balance Drawdown Maximal').
  let balance = new Big(0);
  for (const op of statement.balanceOperations) balance = balance.plus(op.amount);
  let peak = balance;
  let drawdown = new Big(0);
  for (const trade of statement.trades) {
    balance = balance.plus(net(trade));
    if (balance.gt(peak)) peak = balance;
    if (peak.minus(balance).gt(drawdown)) drawdown = peak.minus(balance);
  }
  return {
    trades: statement.trades.length,
    netProfit: total.toFixed(2),
    balanceDrawdownMaximal: drawdown.toFixed(2),
    grossProfit: gross.toFixed(2),
    grossLoss: loss.toFixed(2),
    // MetaTrader counts a break-even trade among the profit trades.
    profitTrades: statement.trades.filter((t) => new Big(t.profit).gte(0)).length,
    shortTrades: statement.trades.filter((t) => t.side === 'sell').length,
    longTrades: statement.trades.filter((t) => t.side === 'buy').length,
    largestProfit: largest.toFixed(2),
    largestLoss: worst.toFixed(2),
  };
}

const REPORT_RESULTS = {
  trades: 658,
  netProfit: '-50.84',
  // Only in the order the positions closed (their closing deals'): by close time then ticket, the
  // same trades fall 60.21 from a high.
  balanceDrawdownMaximal: '58.44',
  grossProfit: '157.73',
  grossLoss: '-208.57',
  profitTrades: 370,
  shortTrades: 309,
  longTrades: 349,
  largestProfit: '9.67',
  largestLoss: '-9.36',
};

function expectTheReport(statement: ParsedStatement) {
  expect(statement.format).toBe('mt5_html');
  expect(statement.account).toEqual({
    number: '70358000',
    server: 'MetaQuotes-Demo',
    currency: 'EUR',
    name: 'MetaTrader 5 Desktop Demo',
  });
  expect(statement.balanceOperations).toEqual([
    { ticket: '1719994675', time: '2023-06-07T11:14:49.000Z', amount: '10000.00', comment: '' },
  ]);
  expect(results(statement)).toEqual(REPORT_RESULTS);
  expect(statement.generatedAt).toBe('2023-06-26T17:03:00.000Z');
}

/** The fixture as a German or Russian terminal would label it (the layout is the same). */
function translated(words: Record<string, string>): Buffer {
  let html = mt5Report().toString('utf8');
  for (const [english, other] of Object.entries(words)) {
    html = html.replaceAll(`>${english}<`, `>${other}<`);
  }
  return Buffer.from(html, 'utf8');
}

const RUSSIAN = {
  'Trade History Report': 'Отчет торговой истории',
  'Name:': 'Имя:',
  'Account:': 'Счет:',
  'Company:': 'Компания:',
  'Date:': 'Дата:',
  Positions: 'Позиции',
  Orders: 'Ордера',
  Deals: 'Сделки',
  'Open Positions': 'Открытые позиции',
  Time: 'Время',
  'Open Time': 'Время открытия',
  Position: 'Позиция',
  Symbol: 'Символ',
  Type: 'Тип',
  Volume: 'Объем',
  Price: 'Цена',
  Commission: 'Комиссия',
  Swap: 'Своп',
  Profit: 'Прибыль',
  Balance: 'Баланс',
  Comment: 'Комментарий',
  Direction: 'Направление',
  balance: 'баланс',
  filled: 'исполнен',
  in: 'вход',
  out: 'выход',
};

describe('the MetaTrader 5 report', () => {
  it("reads the real report: its account, trades, deposit and its own 'Results' figures", () => {
    const statement = parseStatement(mt5Report(), 'ReportHistory-70358000.html');
    expectTheReport(statement);
    expect(statement.trades[0]).toEqual({
      ticket: '1771885371',
      symbol: 'USDJPY',
      side: 'buy',
      volume: '0.04',
      openTime: '2023-06-23T07:55:00.000Z',
      closeTime: '2023-06-23T07:56:00.000Z',
      openPrice: '143.075',
      closePrice: '143.086',
      commission: '0.00',
      swap: '0.00',
      profit: '0.28',
    });
    // Orders' and deals' comments, each with its ticket.
    expect(statement.comments).toContainEqual({ ticket: '1771882094', comment: '200000' });
    expect(statement.comments).toContainEqual({ ticket: '1747169857', comment: '200000' });
    expect(statement.openPositions).toBe(85);
  });

  it('reads it saved as UTF-16LE with a BOM (as the terminal saves it) and without one', () => {
    const text = mt5Report().toString('utf8');
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expectTheReport(parseStatement(le));
    expectTheReport(parseStatement(Buffer.from(text, 'utf16le')));
    const be = Buffer.from(text, 'utf16le').swap16();
    expectTheReport(parseStatement(Buffer.concat([Buffer.from([0xfe, 0xff]), be])));
  });

  it('reads the same report in Russian and in German: the layout, not the labels', () => {
    expectTheReport(parseStatement(translated(RUSSIAN)));
    expectTheReport(
      parseStatement(
        translated({
          'Name:': 'Name:',
          'Account:': 'Konto:',
          Positions: 'Positionen',
          Orders: 'Aufträge',
          Deals: 'Geschäfte',
          Time: 'Zeit',
          Symbol: 'Symbol',
          Profit: 'Gewinn',
          balance: 'Saldo',
        }),
      ),
    );
  });

  it("tells a trade's side from its prices when the type word is translated", () => {
    const html = mt5Report()
      .toString('utf8')
      .replaceAll('<td>buy</td>', '<td>Kauf</td>')
      .replaceAll('<td>sell</td>', '<td>Verkauf</td>');
    const statement = parseStatement(Buffer.from(html));
    const english = parseStatement(mt5Report());
    // Trades with a price move and a profit are told apart; a flat trade cannot be.
    expect(statement.trades.map((t) => t.side)).toEqual(english.trades.map((t) => t.side));
  });

  it('parses a 10 MB report of 5,000+ trades in one linear pass', () => {
    const html = grownMt5Report(8);
    const bytes = Buffer.from(html, 'utf8');
    expect(bytes.length).toBeGreaterThan(10 * 1024 * 1024);
    parseStatement(mt5Report()); // warm the parser's code
    const started = performance.now();
    const statement = parseStatement(bytes);
    const ms = performance.now() - started;
    console.log(
      `tradingStatements: ${(bytes.length / 1024 / 1024).toFixed(1)} MB MT5 report, ` +
        `${statement.trades.length} trades, parsed in ${ms.toFixed(0)} ms`,
    );
    expect(statement.trades).toHaveLength(658 * 8);
    expect(new Set(statement.trades.map((t) => t.ticket)).size).toBe(658 * 8);
    expect(statement.balanceOperations).toHaveLength(8);
  });
});
