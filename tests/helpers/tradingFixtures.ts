// The trading statement fixtures (issue 34), in tests/fixtures/trading: the real MT5 report as
// the project's shared fixtures hold it (its origin and licence in the README there), and the MT4
// and CSV fixtures written for these tests.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const TRADING_FIXTURES = path.join(REPO_ROOT, 'tests', 'fixtures', 'trading');

export const MT5_REPORT = 'mt5-report-70358000-en.html';

export const localFixture = (name: string) => fs.readFileSync(path.join(TRADING_FIXTURES, name));

export const mt5Report = () => localFixture(MT5_REPORT);

/** The data rows of the MT5 fixture's section titled `title` (English), as written. */
function sectionRows(html: string, title: string): { start: number; end: number; rows: string[] } {
  const at = html.indexOf(`<b>${title}</b>`);
  const headerEnd = html.indexOf('</tr>', html.indexOf('<tr', at)) + '</tr>'.length;
  const rows: string[] = [];
  const pattern = /\s*<tr bgcolor="#[0-9A-F]{6}" align="right">[\s\S]*?<\/tr>/gy;
  pattern.lastIndex = headerEnd;
  let end = headerEnd;
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    rows.push(m[0]);
    end = pattern.lastIndex;
  }
  return { start: headerEnd, end, rows };
}

/**
 * The MT5 fixture grown `times` over: its Positions, Orders and Deals rows repeated, each copy's
 * tickets made new (a digit before each), as a long account's report is.
 */
export function grownMt5Report(times: number): string {
  let html = mt5Report().toString('utf8');
  // From the last section back, so earlier offsets stay right.
  for (const title of ['Deals', 'Orders', 'Positions']) {
    const { start, end, rows } = sectionRows(html, title);
    const copies: string[] = [];
    for (let k = 0; k < times; k++) {
      for (const row of rows)
        copies.push(
          k === 0 ? row : row.replace(/<td( nowrap)?>(\d{9,})<\/td>/, `<td$1>${k}$2</td>`),
        );
    }
    html = html.slice(0, start) + copies.join('') + html.slice(end);
  }
  return html;
}

export { sectionRows };
