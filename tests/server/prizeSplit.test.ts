// Prizes from places (issue 30): the pure split rule (ties share, the disqualified are skipped,
// rounding down with the remainder stated) and what a table comes to (totals, the summary).
import { describe, expect, it } from 'vitest';
import { splitPrizes, type SplitStanding } from '../../src/shared/prizeSplit';
import { poolUnits, prizeSummary, prizeTotals } from '../../src/shared/prizeTotals';
import { ZPrizeTable, type TPrizeTable } from '../../src/shared/schemas/prizes';

const fixed = (rows: [number, number, string, TPrizeTable['rows'][number]['currency']?][]) =>
  ZPrizeTable.parse({
    kind: 'fixed',
    rows: rows.map(([from, to, amount, currency = 'USDT']) => ({ from, to, amount, currency })),
  });

const stand = (...places: (number | null | 'dq')[]): SplitStanding[] =>
  places.map((place, i) => ({
    key: `m${i + 1}`,
    place: place === 'dq' ? 1 : place,
    disqualified: place === 'dq',
  }));

const amounts = (split: ReturnType<typeof splitPrizes>) =>
  Object.fromEntries(Object.entries(split.prizes).map(([k, p]) => [k, p && p.amount]));

describe('splitPrizes', () => {
  it('pays each place its prize', () => {
    const split = splitPrizes(
      fixed([
        [1, 1, '500'],
        [2, 2, '300'],
        [3, 3, '100'],
      ]),
      stand(1, 2, 3, 4),
    );
    expect(amounts(split)).toEqual({ m1: '500', m2: '300', m3: '100', m4: null });
    expect(split.prizes.m1).toEqual({ amount: '500', currency: 'USDT' });
    expect(split.remainder).toEqual([]);
  });

  it("the issue's example: two tied for 2nd with 2nd = 300 and 3rd = 100 get 200 each", () => {
    const split = splitPrizes(
      fixed([
        [1, 1, '500'],
        [2, 2, '300'],
        [3, 3, '100'],
      ]),
      stand(1, 2, 2, 4),
    );
    expect(amounts(split)).toEqual({ m1: '500', m2: '200', m3: '200', m4: null });
    expect(split.places).toEqual({ m1: 1, m2: 2, m3: 2, m4: 4 });
  });

  it('pays every place of a range', () => {
    const split = splitPrizes(
      fixed([
        [1, 3, '100'],
        [4, 8, '10.5'],
      ]),
      stand(1, 2, 3, 4, 5, 6, 7, 8, 9),
    );
    expect(amounts(split)).toEqual({
      m1: '100',
      m2: '100',
      m3: '100',
      m4: '10.5',
      m5: '10.5',
      m6: '10.5',
      m7: '10.5',
      m8: '10.5',
      m9: null,
    });
  });

  it('a three-way tie across the paid/unpaid boundary shares the paid places only', () => {
    // 2nd = 300, 3rd = 100, 4th unpaid: three tied for 2nd share 400, 133.333333 each (USDT: 6
    // decimals), 0.000001 left over.
    const split = splitPrizes(
      fixed([
        [1, 1, '500'],
        [2, 2, '300'],
        [3, 3, '100'],
      ]),
      stand(1, 2, 2, 2, 5),
    );
    expect(amounts(split)).toEqual({
      m1: '500',
      m2: '133.333333',
      m3: '133.333333',
      m4: '133.333333',
      m5: null,
    });
    expect(split.remainder).toEqual([{ amount: '0.000001', currency: 'USDT' }]);
  });

  it('skips the disqualified: the next ones move up (re-ranked first)', () => {
    const table = fixed([
      [1, 1, '500'],
      [2, 2, '300'],
      [3, 3, '100'],
    ]);
    // m1 (1st) is disqualified: the two tied for 2nd become tied for 1st and share 1st + 2nd.
    const split = splitPrizes(
      table,
      [
        { key: 'a', place: 1, disqualified: true },
        { key: 'b', place: 2 },
        { key: 'c', place: 2 },
        { key: 'd', place: 4 },
        { key: 'e', place: null },
      ],
      0n,
    );
    expect(amounts(split)).toEqual({ a: null, b: '400', c: '400', d: '100', e: null });
    expect(split.places).toEqual({ a: null, b: 1, c: 1, d: 3, e: null });
  });

  it('rounds down to the smallest unit of a 6-decimal currency and states the remainder', () => {
    const split = splitPrizes(fixed([[1, 1, '1', 'USDC']]), stand(1, 1, 1));
    expect(amounts(split)).toEqual({ m1: '0.333333', m2: '0.333333', m3: '0.333333' });
    expect(split.remainder).toEqual([{ amount: '0.000001', currency: 'USDC' }]);
  });

  it('a pool pays percent per place of the pool total', () => {
    const table = ZPrizeTable.parse({
      kind: 'pool',
      poolPercentOfFees: '50',
      poolFixed: '1000',
      rows: [
        { from: 1, to: 1, percent: '50', currency: 'USDT' },
        { from: 2, to: 2, percent: '30', currency: 'USDT' },
        { from: 3, to: 3, percent: '20', currency: 'USDT' },
      ],
    });
    // 1,500 USD of verified fees: 750 + 1,000 = 1,750 USDT.
    const pool = poolUnits(table, 150_000n);
    expect(pool).toBe(1_750_000_000n);
    const split = splitPrizes(table, stand(1, 2, 3, 4), pool);
    expect(amounts(split)).toEqual({ m1: '875', m2: '525', m3: '350', m4: null });
    expect(prizeSummary(table, 150_000n)).toBe('Prize pool: 1,750 USDT, top 3');
  });
});

describe('prizeTotals and prizeSummary', () => {
  it('fixed: the sum per currency of amount x places', () => {
    const table = fixed([
      [1, 1, '300', 'USD'],
      [2, 3, '100', 'USD'],
      [4, 4, '0.1', 'ETH'],
    ]);
    expect(prizeTotals(table, 0n)).toEqual([
      { amount: '500', currency: 'USD' },
      { amount: '0.1', currency: 'ETH' },
    ]);
    expect(prizeSummary(table, 0n)).toBe('Prizes: 500 USD + 0.1 ETH, top 4');
    expect(prizeSummary(fixed([[1, 3, '1000']]), 0n)).toBe('Prizes: 3,000 USDT, top 3');
    expect(prizeSummary(null, 0n)).toBeNull();
  });

  it('a pool with a share per place of a range counts it per place', () => {
    const table = ZPrizeTable.parse({
      kind: 'pool',
      poolPercentOfFees: '100',
      rows: [
        { from: 1, to: 1, percent: '50', currency: 'USD' },
        { from: 4, to: 8, percent: '5', currency: 'USD' },
        { from: 9, to: 9, percent: '0', currency: 'USD' },
      ],
    });
    expect(prizeSummary(table, 12_345n)).toBe('Prize pool: 123.45 USD, top 8');
    const split = splitPrizes(table, stand(1, 2, 3, 4), poolUnits(table, 12_345n));
    // 50 % of 123.45 = 61.725, rounded down to the cent.
    expect(amounts(split)).toEqual({ m1: '61.72', m2: null, m3: null, m4: '6.17' });
  });
});

describe("a pool's shares add up exactly", () => {
  const pool = (percents: string[]) => ({
    kind: 'pool' as const,
    rows: percents.map((percent, i) => ({
      from: i + 1,
      to: i + 1,
      currency: 'USDT' as const,
      percent,
    })),
  });
  it('takes 33.3 + 33.3 + 33.4 as 100 %', () => {
    expect(ZPrizeTable.safeParse(pool(['33.3', '33.3', '33.4'])).success).toBe(true);
  });
  it('refuses 100.0000000001 %, which a float tolerance let through', () => {
    expect(50 + 50.0000000001 <= 100 + 1e-9).toBe(true);
    expect(ZPrizeTable.safeParse(pool(['50', '50.0000000001'])).success).toBe(false);
  });
  it('refuses a hundred and a millionth of a percent', () => {
    const parsed = ZPrizeTable.safeParse(pool(['50', '50.000001']));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(
      'The shares of the pool add up to more than 100 %',
    );
  });
});
