// The route walk's lanes (axe.routes.*.e2e.test.ts): each route a role opens, walked in both
// themes and both sizes on that role's tab, every screen audited and its document title kept.
import { expect } from 'vitest';
import {
  GUEST_PATHS,
  OPEN_PATHS,
  SIGNED_IN_PATHS,
  samplePath,
} from '../../../src/client/routePaths';
import { pathOf } from '../flows';
import {
  THEMES,
  VIEWPORTS,
  audit,
  navigate,
  type AxeStage,
  type Finding,
  type ViewportName,
  type Who,
} from './support';

/** The paths `who` is walked through, on the stage's seeds (which must be all of them). */
export function visitsOf(stage: AxeStage, who: Who): string[] {
  const { paths } = stage;
  const visits: Record<Who, string[]> = {
    // The reset form as a mailed link opens it, and a verification link that no longer works.
    guest: [
      ...GUEST_PATHS,
      ...OPEN_PATHS.map(samplePath),
      '/reset-password?token=axe-token',
      '/verify-email?token=axe-token',
      '/no-such-page',
    ],
    // Besides the plan chooser (/payment): an upgrade (30 and 365 days, and a plan not
    // offered: lifetime is off by default), the seeded contest's fee, the proofs.
    member: [
      ...SIGNED_IN_PATHS.map(samplePath),
      ...paths.takingPart,
      ...paths.tournaments,
      ...paths.results,
      ...paths.submissions,
      ...paths.trading,
      '/payment?tier=pro',
      '/payment?tier=pro&period=365',
      '/payment?tier=pro&period=lifetime',
      '/payment?contest=1',
      '/settings?tab=payments',
      '/settings?tab=subscription',
      '/contests?tab=drafts',
    ],
    // The moderator's own screens; the rest they share with members.
    moderator: ['/admin/contests', '/admin/subscriptions', '/admin/disputes', '/admin/reports'],
    // The admin's own screens, and two shared ones seen with the admin's navigation; the
    // member screens look the same to an admin (the member audits them) but for the sidebar.
    admin: SIGNED_IN_PATHS.filter((p) => p.startsWith('/admin'))
      .map(samplePath)
      .concat(['/settings', '/contests/1', '/admin/settings?tab=payments'])
      .concat(paths.tournaments, paths.results.slice(0, 1), paths.submissions, paths.trading),
  };
  return visits[who];
}

/**
 * Walks `who`'s routes on their tab: each theme, each size, each path. A route this role may not
 * open sends it elsewhere (that screen is audited there) and is not walked again. Adds what axe
 * finds to `findings` and each screen's document title to `titles` (keyed 'who path').
 */
export async function walkRole(
  stage: AxeStage,
  who: Who,
  findings: Finding[],
  titles: Map<string, string>,
) {
  const { page } = stage.tabs[who];
  const redirected = new Set<string>();
  const started = Date.now();
  let audits = 0;
  for (const theme of THEMES) {
    await stage.setTheme(page, theme);
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      for (const path of visitsOf(stage, who)) {
        if (redirected.has(`${who} ${path}`)) continue;
        await navigate(page, path);
        // A route this role may not open sends it elsewhere: that screen is audited there.
        if (pathOf(page) !== path.split('?')[0]) {
          redirected.add(`${who} ${path}`);
          continue;
        }
        if (who !== 'guest' || path !== '/no-such-page') {
          expect(await page.getByText('Page Not Found').count(), `${path} renders`).toBe(0);
        }
        await page
          .waitForFunction(() => document.title.includes(' · '), null, { timeout: 1_000 })
          .catch(() => undefined);
        titles.set(`${who} ${path}`, await page.title());
        await audit(page, `${who} ${viewport} ${theme} ${path}`, findings);
        audits += 1;
      }
    }
  }
  console.log(`${who}: ${audits} screens in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Every screen names itself in the title, after the platform. */
export function expectTitled(titles: Map<string, string>) {
  for (const [key, title] of titles) expect(title, key).toMatch(/^\S.* · Contest Platform$/);
}
