// The MetaTrader 4 statement and the documented CSV (issue 34): tests/fixtures/trading's MT4
// statement (20 trades, a deposit, a withdrawal, a cancelled buy limit carrying an ownership code
// in its comment) against figures summed by hand, and the CSV template and its variants.
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import {
  CSV_TEMPLATE,
  parseStatement,
  StatementError,
} from '../../src/server/domain/trading/statements';
import { localFixture } from '../helpers/tradingFixtures';

const sum = (values: string[]) => values.reduce((a, v) => a.plus(v), new Big(0)).toFixed(2);
const csv = (text: string) => parseStatement(Buffer.from(text, 'utf8'), 'trades.csv');

describe('the MetaTrader 4 statement', () => {
  const statement = parseStatement(localFixture('mt4-statement.html'));

  it('reads the header, the trades, the balance rows and the comments', () => {
    expect(statement.format).toBe('mt4_html');
    expect(statement.account).toEqual({
      number: '2090417',
      server: null,
      currency: 'USD',
      name: 'Jane Trader',
    });
    expect(statement.generatedAt).toBe('2024-03-12T21:04:00.000Z');
    expect(statement.trades).toHaveLength(20);
    expect(statement.trades.filter((t) => t.side === 'buy')).toHaveLength(10);
    // By hand: profits -40.50, commissions 4 × -3.50 + 16 × -0.70 = -28.00, swaps 4 × -0.42.
    expect(sum(statement.trades.map((t) => t.profit))).toBe('-40.50');
    expect(sum(statement.trades.map((t) => t.commission))).toBe('-28.00');
    expect(sum(statement.trades.map((t) => t.swap))).toBe('-1.68');
    expect(sum(statement.trades.flatMap((t) => [t.profit, t.commission, t.swap]))).toBe('-70.18');
    expect(statement.trades[0]).toEqual({
      ticket: '50112301',
      symbol: 'eurusd',
      side: 'buy',
      volume: '0.50',
      openTime: '2024-03-04T08:15:00.000Z',
      closeTime: '2024-03-04T10:40:30.000Z',
      openPrice: '1.08500',
      closePrice: '1.08522',
      commission: '-3.50',
      swap: '-0.42',
      profit: '11.00',
    });
    expect(statement.balanceOperations.map((o) => [o.amount, o.comment])).toEqual([
      ['5000.00', 'Deposit'],
      ['-1200.00', 'Withdrawal'],
    ]);
    // The cancelled buy limit is no trade, but its comment (the ownership code) is kept.
    expect(statement.trades.find((t) => t.ticket === '50112350')).toBeUndefined();
    expect(statement.comments).toContainEqual({ ticket: '50112350', comment: 'CP-7F3K9Q' });
    expect(statement.openPositions).toBe(1);
  });

  it('reads it with translated labels (German)', () => {
    const german = localFixture('mt4-statement.html')
      .toString('utf8')
      .replace('Account:', 'Konto:')
      .replace('Name:', 'Name:')
      .replace('Currency:', 'Währung:')
      .replace('Closed Transactions:', 'Geschlossene Transaktionen:')
      .replace('<td>Ticket</td>', '<td>Ticket-Nr.</td>');
    const translated = parseStatement(Buffer.from(german, 'utf8'));
    expect(translated.account.number).toBe('2090417');
    expect(translated.account.currency).toBe('USD');
    expect(translated.trades).toEqual(statement.trades);
  });

  it('refuses a statement cut in the middle of its Closed Transactions', () => {
    const text = localFixture('mt4-statement.html').toString('utf8');
    const cut = text.slice(0, text.indexOf('50112310') + 200);
    expect(() => parseStatement(Buffer.from(cut))).toThrow(
      /ends in the middle of its Closed Transactions table/,
    );
  });
});

describe('the CSV of trades', () => {
  it('reads its own template', () => {
    const statement = csv(CSV_TEMPLATE);
    expect(statement.format).toBe('csv');
    expect(statement.account).toEqual({
      number: '12345678',
      server: 'Broker-Demo',
      currency: 'USD',
      name: 'Jane Trader',
    });
    expect(statement.trades).toEqual([
      {
        ticket: '1002',
        symbol: 'EURUSD',
        side: 'buy',
        volume: '0.10',
        openTime: '2024-03-04T10:15:00.000Z',
        closeTime: '2024-03-04T14:40:30.000Z',
        openPrice: '1.08512',
        closePrice: '1.08730',
        commission: '-0.70',
        swap: '0.00',
        profit: '21.80',
      },
    ]);
    expect(statement.balanceOperations).toEqual([
      { ticket: '1001', time: '2024-03-01T09:00:00.000Z', amount: '10000.00', comment: 'Deposit' },
    ]);
    expect(statement.comments).toContainEqual({ ticket: '1002', comment: 'CP-7F3K9Q' });
  });

  it("reads ';' between fields, decimal commas, columns in another order and quoted comments", () => {
    const statement = csv(
      [
        'ticket;type;symbol;side;volume;open_time;open_price;close_time;close_price;commission;swap;profit;comment',
        '7;trade;DE40;sell;1;2024.05.02 09:00;18 010,5;2024.05.02 09:30:05;17 990,0;−2,00;0;20,50;"a; quoted ""note"""',
        '8;balance;;;;;;2024-05-01T08:00:00Z;;;;1 000,00;',
      ].join('\r\n'),
    );
    expect(statement.trades[0]).toMatchObject({
      ticket: '7',
      side: 'sell',
      openPrice: '18010.5',
      closePrice: '17990.0',
      commission: '-2.00',
      profit: '20.50',
      openTime: '2024-05-02T09:00:00.000Z',
    });
    expect(statement.comments).toEqual([{ ticket: '7', comment: 'a; quoted "note"' }]);
    expect(statement.balanceOperations[0]!.amount).toBe('1000.00');
    expect(statement.account.number).toBe('');
  });

  it.each([
    ['a missing column', 'type,ticket,symbol,profit\ntrade,1,EURUSD,1.00', /no column side/],
    [
      'an unknown type',
      `${CSV_TEMPLATE.split('\n')[4]}\nfee,9,,,,,,2024-01-01 00:00,,,,1.00,`,
      /type 'fee'/,
    ],
    [
      'a side that is neither buy nor sell',
      `${CSV_TEMPLATE.split('\n')[4]}\ntrade,9,EURUSD,long-ish,0.1,2024-01-01 00:00,1,2024-01-01 01:00,1.1,0,0,1,`,
      /side.*must be buy or sell/,
    ],
    [
      'a row with too few fields',
      `${CSV_TEMPLATE.split('\n')[4]}\ntrade,9,EURUSD`,
      /CSV row 1 has 3 fields/,
    ],
  ])('refuses %s with a StatementError', (_name, text, message) => {
    expect(() => csv(text)).toThrow(StatementError);
    expect(() => csv(text)).toThrow(message);
  });
});
