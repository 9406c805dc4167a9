// Each browser test stands alone: one Chromium for the file, and for every test its own server
// with a fresh database and its own browser contexts, so a test makes the state it needs itself
// (through tests/helpers and the services, straight on its server's database) and a failure
// never leaves anything behind for the next test. Any test runs alone:
//   npx vitest run --project e2e tests/e2e/<file> -t '<name>'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { sessionCookie } from '../helpers/accounts';
import { launchPlainBrowser } from '../helpers/browser';
import type { CreatedUser } from '../helpers/db';
import { startTestServer, type TestServer } from '../helpers/server';
import { signInThroughForm } from './flows';

type ServerOptions = Parameters<typeof startTestServer>[0];

export interface PageOptions extends BrowserContextOptions {
  /** Sign in with the sign-in form (a real device cookie, the tab's 'signed in' note), not a session made on the server. */
  throughForm?: boolean;
}

export interface Stage {
  /** This test's server (a fresh database per test). */
  readonly s: TestServer;
  /** The file's Chromium. */
  readonly browser: Browser;
  /** A new browser context (closed after the test) and its page, signed in as `user`. */
  pageAs(user: CreatedUser, options?: PageOptions): Promise<Page>;
  /** A new browser context (closed after the test) and its page, signed in as nobody. */
  anonymousPage(options?: BrowserContextOptions): Promise<Page>;
  /** A new context (closed after the test), for tests that drive contexts themselves. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** The address of a path on this test's server. */
  url(path: string): string;
}

const DEFAULT_VIEWPORT = { width: 1366, height: 900 };

/** A page's state in a few lines: where it is, what has focus, which dialogs, menus and toasts show. */
async function describePage(page: Page): Promise<string> {
  try {
    const state = await page.evaluate(() => {
      const name = (el: Element) =>
        el.getAttribute('aria-label') ||
        document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent ||
        (el as HTMLInputElement).labels?.[0]?.textContent ||
        el.textContent?.trim().slice(0, 60) ||
        '';
      const shown = (selector: string) =>
        [...document.querySelectorAll(selector)]
          .filter((el) => !(el as HTMLElement).hidden && el.getAttribute('data-state') !== 'closed')
          .map(name);
      const active = document.activeElement;
      return {
        url: location.href,
        focused: active ? `${active.tagName.toLowerCase()} '${name(active)}'` : 'none',
        dialogs: shown('[role="dialog"], [role="alertdialog"]'),
        menus: shown('[role="menu"]'),
        toasts: shown('[role="status"], [role="alert"]'),
      };
    });
    return `  ${state.url}: focus ${state.focused}; dialogs ${JSON.stringify(state.dialogs)}; menus ${JSON.stringify(state.menus)}; toasts ${JSON.stringify(state.toasts)}`;
  } catch (error) {
    return `  ${page.url()}: not readable (${(error as Error).message.split('\n')[0]})`;
  }
}

/** Registers the hooks: call once at the top of a test file. */
export function standaloneStage(
  serverOptions: ServerOptions | (() => ServerOptions) = {},
  defaults: BrowserContextOptions = {},
): Stage {
  let server: TestServer | undefined;
  let chromium: Browser | undefined;
  let contexts: BrowserContext[] = [];
  // The pages' console errors and uncaught exceptions, printed when a test fails.
  let pageMessages: string[] = [];

  beforeAll(async () => {
    chromium = await launchPlainBrowser();
  });
  beforeEach(async () => {
    const options = typeof serverOptions === 'function' ? serverOptions() : serverOptions;
    server = await startTestServer({ withClient: true, ...options });
  });
  afterEach(async (context) => {
    // E2E_SHOTS=<dir>: a failed test leaves a screenshot of each of its pages there.
    const shots = process.env.E2E_SHOTS;
    if (shots && context.task.result?.state === 'fail') {
      const name = context.task.name.replace(/[^\w-]+/g, '_').slice(0, 80);
      const pages = contexts.flatMap((c) => c.pages());
      await Promise.all(
        pages.map((page, i) =>
          page.screenshot({ path: `${shots}/${name}-${i}.png` }).catch(() => undefined),
        ),
      );
    }
    if (context.task.result?.state === 'fail') {
      // What each page showed when the test failed, for a failure seen only in CI's output.
      const pages = contexts.flatMap((c) => c.pages());
      const states = await Promise.all(pages.map((page) => describePage(page)));
      console.error(
        `[e2e] '${context.task.name}' failed; its pages then:\n${states.join('\n')}\n` +
          (pageMessages.length ? `page messages:\n${pageMessages.slice(-20).join('\n')}` : ''),
      );
    }
    pageMessages = [];
    const closing = contexts;
    contexts = [];
    await Promise.all(closing.map((context) => context.close().catch(() => undefined)));
    await server?.stop();
    server = undefined;
  });
  afterAll(async () => {
    await chromium?.close();
  });

  const stage: Stage = {
    get s() {
      if (!server) throw new Error('no server: the stage is used outside a test');
      return server;
    },
    get browser() {
      if (!chromium) throw new Error('no browser: the stage is used outside a test');
      return chromium;
    },
    async newContext(options = {}) {
      const context = await stage.browser.newContext({
        viewport: DEFAULT_VIEWPORT,
        ...defaults,
        ...options,
      });
      contexts.push(context);
      context.on('page', (page) => {
        page.on('pageerror', (error) => pageMessages.push(`pageerror: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') {
            pageMessages.push(`console.${message.type()}: ${message.text().slice(0, 300)}`);
          }
        });
      });
      return context;
    },
    async anonymousPage(options = {}) {
      return (await stage.newContext(options)).newPage();
    },
    async pageAs(user, { throughForm, ...options } = {}) {
      const context = await stage.newContext(options);
      const page = await context.newPage();
      if (throughForm) {
        await signInThroughForm(page, stage.s.url, user.username, user.password);
      } else {
        const cookie = await sessionCookie(stage.s, user.id);
        const eq = cookie.indexOf('=');
        await context.addCookies([
          { name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: stage.s.url },
        ]);
      }
      return page;
    },
    url(path) {
      return `${stage.s.url}${path}`;
    },
  };
  return stage;
}
