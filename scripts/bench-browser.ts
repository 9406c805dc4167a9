// The first page as a person meets it, for `npm run bench`: cold /auth in Debian's Chromium, on
// localhost and on emulated Fast 3G; the time until the sign-in form's 'Login' button is painted,
// the JavaScript bytes the page downloads (as sent over the wire), and any console error (a CSP
// refusal among them). Also runs alone against a server already up:
//   npx tsx scripts/bench-browser.ts http://127.0.0.1:5000
import type { Browser } from 'playwright-core';
import { launchPlainBrowser } from '../tests/helpers/browser';

/** Chrome DevTools' 'Fast 3G' preset, as its own source defines it. */
export const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};

/** What 'the page is usable' means here: the sign-in form's submit button, painted. */
const FIRST_TEXT = 'Login';

export interface PaintRun {
  /** From navigation start to the first animation frame with the button laid out. */
  firstTextMs: number;
  firstContentfulPaintMs: number;
  jsFiles: number;
  /** Response bodies of every script, as sent (compressed when the server compressed them). */
  jsWireBytes: number;
  encodings: string[];
  consoleErrors: string[];
}

async function measureOnce(
  browser: Browser,
  url: string,
  network?: typeof FAST_3G,
): Promise<PaintRun> {
  // A new context per run: an empty cache, no cookies, fresh connections.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    let jsFiles = 0;
    let jsWireBytes = 0;
    const encodings = new Set<string>();
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          jsFiles += 1;
          jsWireBytes += sizes.responseBodySize;
          encodings.add((await response?.headerValue('content-encoding')) ?? 'identity');
        })(),
      );
    });
    // A string, not a function: tsx would wrap a function's inner closures in a helper that
    // does not exist in the page.
    await page.addInitScript(`(() => {
      const check = () => {
        const shown = [...document.querySelectorAll('button[type=submit]')].some(
          (b) => b.textContent.trim() === ${JSON.stringify(FIRST_TEXT)} &&
            b.getBoundingClientRect().width > 0,
        );
        if (shown) window.__firstText = performance.now();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    })();`);
    if (network) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', network);
    }
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await page.waitForFunction(
      () => (window as unknown as { __firstText?: number }).__firstText !== undefined,
      undefined,
      { timeout: 60_000, polling: 50 },
    );
    // Whatever the page still fetches on its own (lazy chunks) counts as its JavaScript too.
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await Promise.all(pending);
    const timings = await page.evaluate(() => ({
      firstText: (window as unknown as { __firstText: number }).__firstText,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    }));
    return {
      firstTextMs: timings.firstText,
      firstContentfulPaintMs: timings.fcp,
      jsFiles,
      jsWireBytes,
      encodings: [...encodings],
      consoleErrors,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export interface PaintSummary {
  condition: string;
  firstTextMs: number;
  firstContentfulPaintMs: number;
  jsFiles: number;
  jsWireKB: number;
  encodings: string;
  consoleErrors: string[];
}

/** Median of `runs` cold loads of `${base}/auth`, on localhost and on Fast 3G. */
export async function measureAuthPaint(base: string, runs = 5): Promise<PaintSummary[]> {
  const browser = await launchPlainBrowser();
  const summaries: PaintSummary[] = [];
  try {
    // One load first, so the server's own first-request costs (JIT, caches) are not measured.
    await measureOnce(browser, `${base}/auth`);
    for (const [condition, network] of [
      ['localhost', undefined],
      ['Fast 3G', FAST_3G],
    ] as const) {
      const results: PaintRun[] = [];
      for (let i = 0; i < runs; i++)
        results.push(await measureOnce(browser, `${base}/auth`, network));
      const last = results[results.length - 1]!;
      summaries.push({
        condition,
        firstTextMs: Math.round(median(results.map((r) => r.firstTextMs))),
        firstContentfulPaintMs: Math.round(median(results.map((r) => r.firstContentfulPaintMs))),
        jsFiles: last.jsFiles,
        jsWireKB: Math.round(last.jsWireBytes / 1024),
        encodings: last.encodings.join(','),
        consoleErrors: [...new Set(results.flatMap((r) => r.consoleErrors))],
      });
    }
  } finally {
    await browser.close();
  }
  return summaries;
}

export function printAuthPaint(summaries: PaintSummary[]): void {
  console.log(`\nCold /auth in Chromium (median), until the '${FIRST_TEXT}' button is painted:`);
  for (const s of summaries) {
    console.log(
      `  ${s.condition.padEnd(10)} first text ${s.firstTextMs} ms, FCP ${s.firstContentfulPaintMs} ms, ` +
        `JS ${s.jsFiles} file(s) ${s.jsWireKB} KB over the wire (${s.encodings})`,
    );
    for (const error of s.consoleErrors) console.log(`    console error: ${error}`);
  }
}

if (process.argv[1]?.endsWith('bench-browser.ts')) {
  const base = process.argv[2] ?? 'http://127.0.0.1:5000';
  const runs = Number(process.env.BENCH_PAINT_RUNS ?? 5);
  measureAuthPaint(base, runs)
    .then(printAuthPaint)
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
