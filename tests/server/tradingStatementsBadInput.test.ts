// Bad statement files (issue 34): each is a StatementError with a message for the uploader, never
// another exception and never a wrong figure.
import { describe, expect, it } from 'vitest';
import {
  MAX_STATEMENT_BYTES,
  parseStatement,
  StatementError,
} from '../../src/server/domain/trading/statements';
import { mt5Report } from '../helpers/tradingFixtures';

const report = () => mt5Report().toString('utf8');

function refusal(bytes: Uint8Array | string): StatementError {
  try {
    parseStatement(typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(StatementError);
    expect((error as StatementError).reason).toBe('bad_statement');
    return error as StatementError;
  }
  throw new Error('the file was accepted');
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d6d0b50000000049454e44ae426082',
  'hex',
);

describe('bad statement files', () => {
  it.each([
    ['an empty file', new Uint8Array(0), /empty/],
    ['a PNG image', PNG, /not text.*MetaTrader 5 report, a MetaTrader 4 statement or a CSV/],
    ['random text', 'Dear organiser, here are my trades: I won.', /not a MetaTrader 5 report/],
    [
      'an unrelated HTML page',
      '<html><body><table><tr><td>hi</td></tr></table></body></html>',
      /not a MetaTrader 5 report/,
    ],
  ])('refuses %s, naming what was expected', (_name, bytes, message) => {
    expect(refusal(bytes).message).toMatch(message);
  });

  it('refuses a file over the size limit before reading it', () => {
    const big = new Uint8Array(MAX_STATEMENT_BYTES + 1);
    expect(refusal(big).message).toMatch(/larger than 20 MB/);
  });

  it('refuses the report cut in the middle of its Positions table', () => {
    const html = report();
    const cut = html.slice(0, html.indexOf('1771951169') + 300);
    expect(refusal(cut).message).toBe(
      'The report ends in the middle of its Positions table: save it again from the terminal',
    );
    // Cut between two rows, and cut in its Deals.
    const between = html.slice(0, html.indexOf('</tr>', html.indexOf('1771951169')) + 5);
    expect(refusal(between).message).toMatch(/middle of its Positions table/);
    const inDeals = html.slice(0, html.indexOf('1750730718'));
    expect(refusal(inDeals).message).toMatch(/middle of its Deals table/);
  });

  it('refuses a table nested in a cell', () => {
    const html = report().replace('<td>GBPUSD</td>', '<td><table><tr><td>1</td></tr></table></td>');
    expect(refusal(html).message).toMatch(/table inside a table cell/);
  });

  it('reads a script inside a cell as nothing: the figures are the same, nothing runs', () => {
    const html = report()
      .replace(
        '<td colspan="2">1.50</td>',
        '<td colspan="2"><script>globalThis.hacked = 1; document.write("999")</script>1.50</td>',
      )
      .replace(
        '<td colspan="3">200000</td>',
        '<td colspan="3">note<script>alert(1)</script><img src=x onerror=alert(1)></td>',
      );
    const statement = parseStatement(Buffer.from(html));
    expect((globalThis as { hacked?: number }).hacked).toBeUndefined();
    expect(statement.trades.find((t) => t.ticket === '1771882106')?.profit).toBe('1.50');
    expect(statement.comments).toContainEqual({ ticket: '1771882094', comment: 'note' });
  });

  it("refuses a number like '12.34.56', naming the position", () => {
    const html = report().replace('<td colspan="2">1.50</td>', '<td colspan="2">12.34.56</td>');
    expect(refusal(html).message).toMatch(
      /position 1771882106's profit is '12\.34\.56', which is not a number/,
    );
  });

  it("refuses a date like '2023.13.45', naming the position", () => {
    const html = report().replace('<td>2023.06.23 07:53:00</td>', '<td>2023.13.45 07:53:00</td>');
    expect(refusal(html).message).toMatch(
      /open time is '2023\.13\.45 07:53:00', which is not a date/,
    );
  });

  it('reads thousands separators and decimal commas, refuses ambiguous groupings', () => {
    const html = report().replace(
      '<td colspan="2">1.50</td>',
      '<td colspan="2">1&nbsp;234,56</td>',
    );
    const trade = parseStatement(Buffer.from(html)).trades.find((t) => t.ticket === '1771882106');
    expect(trade?.profit).toBe('1234.56');
    const bad = report().replace('<td colspan="2">1.50</td>', '<td colspan="2">1,23,4.5</td>');
    expect(refusal(bad).message).toMatch(/not a number/);
  });

  it('refuses a CSV of a million rows by the row limit, at once', () => {
    const header =
      'type,ticket,symbol,side,volume,open_time,open_price,close_time,close_price,commission,swap,profit,comment\n';
    const text = header + ',,,,,,,,,,,,\n'.repeat(1_000_000);
    const started = performance.now();
    expect(refusal(text).message).toMatch(/more than 200,000 rows/);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('refuses an HTML file of more than 200,000 rows', () => {
    const text = `<html><body><table>${'<tr><td>1</td></tr>'.repeat(200_001)}</table></body></html>`;
    expect(refusal(text).message).toMatch(/more than 200,000 rows/);
  });
});
