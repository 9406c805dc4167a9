// The first page's JavaScript budget (issue 6: under 200 KB compressed for /auth), checked on the
// production build the browser tests run against. Sizes, not timings: how fast it paints is the
// benchmark's business (`npm run bench`).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLIENT = 'dist/client';
const BUDGET_KB = 200;

/** The entry script and every module index.html preloads: what /auth downloads before it paints. */
function firstPageScripts(): string[] {
  const html = fs.readFileSync(path.join(CLIENT, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
}

describe('the first page', () => {
  it(`downloads under ${BUDGET_KB} KB of brotli JavaScript`, () => {
    const scripts = firstPageScripts();
    expect(scripts.length).toBeGreaterThan(0);
    // What the server sends: the brotli copy, or the file itself when it is too small to have one.
    const bytes = scripts.reduce((sum, script) => {
      const file = path.join(CLIENT, script);
      return sum + fs.statSync(fs.existsSync(`${file}.br`) ? `${file}.br` : file).size;
    }, 0);
    expect(Math.round(bytes / 1024)).toBeLessThan(BUDGET_KB);
  });

  it('leaves zod and the signed-in screens’ components to later chunks', () => {
    for (const script of firstPageScripts()) {
      const code = fs.readFileSync(path.join(CLIENT, script), 'utf8');
      expect(code, script).not.toContain('ZodError');
      // The menu, dialog and popover state machines (zag-js) come with the signed-in frame.
      for (const scope of ['menu', 'dialog', 'popover']) {
        expect(code, script).not.toContain(`data-scope="${scope}"`);
      }
    }
  });
});
