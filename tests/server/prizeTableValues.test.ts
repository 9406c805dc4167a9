// The prize table's pure client helpers (src/client/components/contests/prizes): what the form
// sends (and the shared ZPrizeTable reads), the preview line, a stored table back as inputs, a
// kind switched, and a table read back from the wizard's browser copy.
import { describe, expect, it } from 'vitest';
import {
  cleanPrizeTable,
  newTable,
  nextRow,
  prizeTablePayload,
  previewText,
  tableValues,
  withKind,
  type PrizeTableValues,
} from '../../src/client/components/contests/prizes/prizeTableValues';
import { PRIZE_MESSAGES, ZPrizeTable } from '../../src/shared/schemas/prizes';

const fixed: PrizeTableValues = {
  kind: 'fixed',
  rows: [
    { from: 1, to: 1, amount: '1000', percent: '', currency: 'USDT' },
    { from: 2, to: 2, amount: '500', percent: '', currency: 'USDT' },
    { from: 4, to: 8, amount: '50', percent: '', currency: 'USDT' },
  ],
  poolPercentOfFees: '',
  poolFixed: '',
};

describe('prizeTablePayload', () => {
  it('sends only the fields of the kind, an empty one absent', () => {
    expect(prizeTablePayload(null)).toBeNull();
    const payload = prizeTablePayload({
      ...fixed,
      rows: [{ from: 1, to: 1, amount: '', percent: '40', currency: 'USD' }],
    });
    expect(payload).toEqual({
      kind: 'fixed',
      rows: [{ from: 1, to: 1, currency: 'USD', amount: undefined }],
    });
    // The schema then asks for the amount, under its field.
    const parsed = ZPrizeTable.safeParse(payload);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['rows.0.amount', PRIZE_MESSAGES.amountRequired],
    ]);
  });

  it("reads undefined as empty (Formik's prepared values)", () => {
    const prepared = {
      kind: 'pool',
      rows: [{ from: 1, to: 1, amount: undefined, percent: '50', currency: 'USDT' }],
      poolPercentOfFees: undefined,
      poolFixed: '100',
    } as unknown as PrizeTableValues;
    expect(ZPrizeTable.parse(prizeTablePayload(prepared))).toEqual({
      kind: 'pool',
      rows: [{ from: 1, to: 1, percent: '50', currency: 'USDT' }],
      poolFixed: '100',
    });
  });

  it('a stored table comes back as the same inputs and the same payload', () => {
    const table = ZPrizeTable.parse(prizeTablePayload(fixed));
    expect(tableValues(table)).toEqual(fixed);
    expect(tableValues(null)).toBeNull();
  });
});

describe('previewText', () => {
  it('reads each valid row, a range with each', () => {
    expect(previewText(fixed)).toBe('1st: 1,000 USDT · 2nd: 500 USDT · 4th-8th: 50 USDT each');
    const half = { ...fixed, rows: [...fixed.rows, nextRow(fixed.rows, 'fixed')] };
    // The new row has no amount yet, and cents have two places: each left out.
    expect(previewText(half)).toBe(previewText(fixed));
    expect(
      previewText({ ...fixed, rows: [{ ...fixed.rows[0]!, amount: '0.001', currency: 'USD' }] }),
    ).toBe('');
    const pool = withKind(
      { ...fixed, rows: fixed.rows.map((r) => ({ ...r, percent: '10' })) },
      'pool',
    );
    expect(previewText(pool)).toBe('1st: 10 % · 2nd: 10 % · 4th-8th: 10 % each');
  });
});

describe('new rows and kinds', () => {
  it('a new row goes on after the last, in its currency; a pool moves other coins to USDT', () => {
    expect(newTable('pool').rows).toEqual([
      { from: 1, to: 1, amount: '', percent: '', currency: 'USDT' },
    ]);
    expect(nextRow(fixed.rows, 'fixed')).toMatchObject({ from: 9, to: 9, currency: 'USDT' });
    const eth = { ...fixed, rows: [{ ...fixed.rows[0]!, currency: 'ETH' }] };
    expect(withKind(eth, 'pool').rows[0]!.currency).toBe('USDT');
    expect(withKind(eth, 'fixed').rows[0]!.currency).toBe('ETH');
  });
});

describe('cleanPrizeTable', () => {
  it('keeps a well-formed table from the browser copy and drops anything else', () => {
    expect(cleanPrizeTable(JSON.parse(JSON.stringify(fixed)))).toEqual(fixed);
    expect(cleanPrizeTable(null)).toBeNull();
    expect(cleanPrizeTable({ kind: 'jackpot', rows: fixed.rows })).toBeNull();
    expect(cleanPrizeTable({ kind: 'fixed', rows: 'all of it' })).toBeNull();
    expect(
      cleanPrizeTable({ kind: 'fixed', rows: [{ from: 'x', to: 1, currency: 'USD' }] }),
    ).toBeNull();
    expect(
      cleanPrizeTable({ kind: 'pool', rows: [{ from: 1, to: '', currency: 'USD', percent: 5 }] }),
    ).toEqual({
      kind: 'pool',
      rows: [{ from: 1, to: '', amount: '', percent: '', currency: 'USD' }],
      poolPercentOfFees: '',
      poolFixed: '',
    });
  });
});
