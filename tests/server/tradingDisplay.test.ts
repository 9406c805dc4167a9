// A trading contest's client words (src/client/components/trading/tradingDisplay.ts): the
// figures as sent ('inf' as '∞', null as a dash), tickets and breaches, statement times and the
// balance curve's text alternative.
import { describe, expect, it } from 'vitest';
import {
  NO_FIGURE,
  curveText,
  figureText,
  moneyText,
  noticeText,
  percentText,
  statementTime,
  ticketsText,
} from '../../src/client/components/trading/tradingDisplay';

describe('figures', () => {
  it("shows 'inf' as ∞, null as a dash, the rest as sent", () => {
    expect(figureText('inf')).toBe('∞');
    expect(figureText(null)).toBe(NO_FIGURE);
    expect(figureText('-50.84')).toBe('-50.84');
    expect(percentText('-0.51')).toBe('-0.51 %');
    expect(percentText(null)).toBe(NO_FIGURE);
    expect(percentText('inf')).toBe('∞');
    expect(moneyText('-50.84', 'EUR')).toBe('-50.84 EUR');
    expect(moneyText('12.00', null)).toBe('12.00');
    expect(moneyText(null, 'EUR')).toBe(NO_FIGURE);
  });
});

describe('tickets', () => {
  it('names one ticket, a few, or the first five and how many more', () => {
    expect(ticketsText([])).toBe('');
    expect(ticketsText(['9002'])).toBe('ticket 9002');
    expect(ticketsText(['1', '2'])).toBe('tickets 1, 2');
    expect(ticketsText(['1', '2', '3', '4', '5', '6', '7'])).toBe(
      'tickets 1, 2, 3, 4, 5 and 2 more',
    );
  });

  it('adds to a message only the tickets it does not name', () => {
    const message = 'drawdown 15.00 % on 2024.03.04 > 10 % (ticket 9002)';
    expect(noticeText(message, ['9002'])).toBe(message);
    expect(noticeText('2 tickets changed', ['11', '12'])).toBe(
      '2 tickets changed (tickets 11, 12)',
    );
    expect(noticeText('changed: 11', ['11', '12'])).toBe('changed: 11 (ticket 12)');
  });
});

describe('times and curves', () => {
  it("says a statement's time in UTC to the minute", () => {
    expect(statementTime('2023-06-26T17:03:00.000Z')).toBe('2023-06-26 17:03 UTC');
    expect(statementTime(null)).toBe(NO_FIGURE);
  });

  it('says where the balance started, ended and its lowest point, exactly', () => {
    expect(curveText([])).toBe('No counted trades yet');
    const curve = [
      { time: 'a', balance: '1000.00' },
      { time: 'b', balance: '850.10' },
      { time: 'c', balance: '890.00' },
    ];
    expect(curveText(curve)).toBe('Balance from 1000.00 to 890.00, lowest 850.10');
  });
});
