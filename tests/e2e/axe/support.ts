// What the axe files share: the sizes and themes, the walk's waits (settle, frames, within), the
// audit and its report, and startAxeStage, which gives a file its own server, one Chromium, the
// member, moderator and admin, a tab per role, and only the seeds (./seed) its screens need.
// One browser and one signed-in context per role keep a file within a few minutes on two cores:
// a tab stays signed in from screen to screen, and moves between them as a link does.
import { AxeBuilder } from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { getPlatformSettings, savePlatformSettings } from '../../../src/server/domain/settings';
import type { TPlatformSettings } from '../../../src/shared/schemas/settings';
import { launchPlainBrowser } from '../../helpers/browser';
import { createUser } from '../../helpers/db';
import { startTestServer, type TestServer } from '../../helpers/server';
import { signInThroughForm } from '../flows';
import { runSeeds, type People, type SeedName, type Seeded } from './seed';

export { ALL_SEEDS, type SeedName } from './seed';

export const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
/**
 * Where a state of a screen is audited: each theme once and each size once. The route walk
 * audits every route in all four combinations; a state (a flow's step, a refusal) differs from
 * its route in content, not in colours or layout rules, so the other two find nothing new.
 */
export const EACH_ONCE: [Theme, ViewportName][] = [
  ['light', 'desktop'],
  ['dark', 'phone'],
];
export type Who = 'guest' | 'member' | 'moderator' | 'admin';
export const EVERYONE: Who[] = ['guest', 'member', 'moderator', 'admin'];

export interface Finding {
  id: string;
  impact: string;
  help: string;
  target: string;
  where: string;
}

export interface AxeStage extends Seeded {
  s: TestServer;
  browser: Browser;
  people: People;
  /** A signed-in tab per role the file asked for (the guest's signed in as nobody). */
  tabs: Record<Who, { context: BrowserContext; page: Page }>;
  /** The stored theme, applied by reloading the app. */
  setTheme(page: Page, theme: Theme): Promise<void>;
  /** Changes the platform settings, keeping the rest. */
  setSettings(change: Partial<TPlatformSettings>): Promise<void>;
  /** A browser copy of a whole member wizard form (contestDraft), open on `step` (the last). */
  wizardCopy(step?: number, values?: Record<string, unknown>): string;
  stop(): Promise<void>;
}

/**
 * A file's server (with the client), its Chromium, the three people, a tab for each of `tabs`
 * (all four roles unless named) and the named seeds: call it in the file's beforeAll.
 */
export async function startAxeStage(options: {
  seed: SeedName[];
  tabs?: Who[];
}): Promise<AxeStage> {
  const s = await startTestServer({ withClient: true });
  const browser = await launchPlainBrowser().catch(async (error: unknown) => {
    await s.stop();
    throw error;
  });
  const people = {} as People;
  const tabs = {} as AxeStage['tabs'];
  let seeded: Seeded;
  try {
    people.member = await createUser(s.db, { username: 'axe_member' });
    people.moderator = await createUser(s.db, { username: 'axe_moderator', role: 'moderator' });
    people.admin = await createUser(s.db, { username: 'axe_admin', role: 'admin' });
    seeded = await runSeeds(s, people, options.seed);
    for (const who of options.tabs ?? EVERYONE) {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      const page = await context.newPage();
      if (who !== 'guest') {
        await signInThroughForm(page, s.url, people[who].username, people[who].password);
      }
      tabs[who] = { context, page };
    }
  } catch (error) {
    // The file's afterAll has no stage to stop yet.
    await browser.close();
    await s.stop();
    throw error;
  }

  return {
    ...seeded,
    s,
    browser,
    people,
    tabs,
    async setTheme(page, theme) {
      // Storage belongs to the site: a page that has not opened it yet opens it first.
      if (!page.url().startsWith(s.url)) await page.goto(`${s.url}/debug`);
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.reload();
      await settle(page);
    },
    async setSettings(change) {
      await savePlatformSettings({
        db: s.db,
        value: { ...(await getPlatformSettings({ db: s.db })), ...change },
      });
    },
    wizardCopy(step = 4, values = {}) {
      return JSON.stringify({
        userId: people.member.id,
        draftId: null,
        step,
        savedAt: Date.now(),
        values: {
          title: 'Axe Cup',
          category: 'gaming',
          shortDescription: 'A contest for the accessibility suite.',
          coverImage: '',
          mode: 'individual',
          maxParticipants: 20,
          format: 'league',
          registrationDeadline: '2031-01-01T09:00',
          startDate: '2031-01-02T09:00',
          endDate: '2031-01-03T09:00',
          participationType: 'paid',
          requiredTier: 'pro',
          entryFee: 15,
          prize: 'A trophy',
          description:
            '## Rules\n\nPlay fair and **have fun**. See [the rules](https://example.org).',
          externalLink: 'https://example.org/axe',
          pdfGuide: '',
          enableLeaderboard: true,
          enableComments: false,
          status: '',
          featured: false,
          ...values,
        },
      });
    },
    async stop() {
      await browser.close();
      await s.stop();
    },
  };
}

/** Until CSS transitions and animations (dialogs opening, toasts sliding in) have finished. */
export async function animationsDone(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          // Spinners turn forever; only what ends is waited for.
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .every((a) => a.playState !== 'running'),
      null,
      { timeout: 3_000 },
    )
    .catch(() => slow(page, 'animations still running after 3 s'));
}

/** Said in the log: a wait the walk gives up on and carries on past, so a slow run says why. */
function slow(page: Page, what: string) {
  console.warn(`[axe] ${what} on ${page.url()}`);
}

/**
 * An in-page step (a frame, an axe run) has no timeout of its own: one that never ends fails
 * here, named, instead of running the test out of time without a word.
 */
export async function within<T>(
  page: Page,
  what: string,
  ms: number,
  step: Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms on ${page.url()}`)), ms);
  });
  try {
    return await Promise.race([step, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Two frames: whatever a navigation or a resize made React and the browser do is drawn. */
export async function frames(page: Page) {
  await within(
    page,
    'two frames',
    10_000,
    page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    ),
  );
}

/** Until the screen is drawn: its heading is there and nothing is still loading. */
export async function settle(page: Page) {
  await frames(page);
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(async (error: Error) => {
      const text = await page
        .locator('body')
        .innerText()
        .catch(() => '');
      throw new Error(`No heading on ${page.url()} (${text.slice(0, 200)}): ${error.message}`);
    });
  await page
    .waitForFunction(() => !document.querySelector('.chakra-spinner'), null, { timeout: 5_000 })
    .catch(() => slow(page, 'a spinner still shown after 5 s'));
  await animationsDone(page);
}

/** Opens a path inside the running app, as a link does: no reload, so far fewer seconds. */
export async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settle(page);
}

export async function audit(page: Page, where: string, findings: Finding[]) {
  // Legacy mode runs axe in the page itself; the default opens a second page for every run,
  // which costs three times as long and gains nothing here (the app has no iframes).
  const results = await within(
    page,
    `axe at ${where}`,
    30_000,
    new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'] })
      .analyze(),
  );
  for (const v of results.violations) {
    for (const node of v.nodes) {
      findings.push({
        id: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        target: node.target.join(' '),
        where,
      });
    }
  }
}

/** Prints every violation (each id, impact, target and help once, with where it was seen). */
export function report(title: string, findings: Finding[]) {
  if (findings.length === 0) return;
  const byKey = new Map<string, { f: Finding; where: Set<string> }>();
  for (const f of findings) {
    const key = `${f.id}|${f.target}`;
    const entry = byKey.get(key) ?? { f, where: new Set<string>() };
    entry.where.add(f.where);
    byKey.set(key, entry);
  }
  const lines = [...byKey.values()].map(({ f, where }) => {
    const seen = [...where];
    const more = seen.length > 3 ? ` and ${seen.length - 3} more` : '';
    return `  [${f.impact}] ${f.id}: ${f.help}\n    target: ${f.target}\n    seen: ${seen.slice(0, 3).join('; ')}${more}`;
  });
  const pages = new Map<string, Set<string>>();
  for (const f of findings) pages.set(f.id, (pages.get(f.id) ?? new Set()).add(f.where));
  const counts = [...pages].map(([id, where]) => `${id} x${where.size}`).join(', ');
  console.log(`${title}: ${byKey.size} distinct violations (${counts})\n${lines.join('\n')}`);
}

export function expectNoSerious(findings: Finding[]) {
  const serious = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
  expect(serious.map((f) => `${f.id} (${f.impact}) ${f.target} @ ${f.where}`)).toEqual([]);
}

/** Nothing moderate or worse (the screens held to the stricter bar; minor findings are printed). */
export function expectNoModerate(findings: Finding[]) {
  const found = findings.filter((f) => f.impact !== 'minor');
  expect(found.map((f) => `${f.id} (${f.impact}) ${f.target} @ ${f.where}`)).toEqual([]);
}
