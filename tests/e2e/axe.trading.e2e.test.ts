// Accessibility with axe-core of a trading contest's screens (issue 34) beyond what the route
// walk sees: the board with a disqualified trader's breaches open (the seeded statement breaks
// the deposit rule), the organiser's review list with its actions menu, the Reject dialog
// showing its error, and a statement's trades. Fails on any serious or critical violation. The
// shared parts are in ./axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EACH_ONCE,
  VIEWPORTS,
  animationsDone,
  audit,
  expectNoSerious,
  navigate,
  report,
  startAxeStage,
  type AxeStage,
  type Finding,
} from './axe/support';

let stage: AxeStage;
beforeAll(async () => {
  stage = await startAxeStage({ seed: ['trading'], tabs: ['member', 'admin'] });
});
afterAll(async () => {
  await stage?.stop();
});

describe('axe-core on a trading contest', () => {
  it('finds nothing serious on the statement panel, the board, the review list and its dialogs', async () => {
    const findings: Finding[] = [];
    const [contestPath, boardPath] = stage.paths.trading as [string, string];
    const member = stage.tabs.member.page;
    const admin = stage.tabs.admin.page;
    try {
      for (const [theme, viewport] of EACH_ONCE) {
        for (const page of [member, admin]) {
          await stage.setTheme(page, theme);
          await page.setViewportSize(VIEWPORTS[viewport]);
        }
        const where = `${viewport} ${theme}`;

        // The member: their code, the upload and the summary of their statement.
        await navigate(member, contestPath);
        await member
          .getByRole('region', { name: 'Your statement' })
          .getByText('2090417')
          .first()
          .waitFor();
        await audit(member, `member ${where} statement panel`, findings);
        await navigate(member, boardPath);
        // The seeded statement's withdrawal breaks the deposit rule: its breaches open.
        await member.getByRole('button', { name: 'Why axe_member is disqualified' }).click();
        await member.getByRole('list', { name: "axe_member's breaches" }).waitFor();
        await animationsDone(member);
        await audit(member, `member ${where} trading board`, findings);

        // The admin: the review list, its menu, the Reject dialog with its error, the trades.
        await navigate(admin, contestPath);
        const review = admin.getByRole('region', { name: 'Statements review' });
        await review.getByText('Not proven').first().waitFor();
        await audit(admin, `admin ${where} statements review`, findings);
        const actions = review.getByRole('button', { name: "Actions for axe_member's statement" });
        await actions.click();
        await admin.getByRole('menuitem', { name: 'Reject' }).waitFor();
        await animationsDone(admin);
        await audit(admin, `admin ${where} review actions menu`, findings);
        await admin.getByRole('menuitem', { name: 'Reject' }).click();
        const reject = admin.getByRole('dialog', { name: 'Reject statement' });
        // By keyboard: a pointer left resting on the red button would audit its hover shade.
        await reject.getByRole('button', { name: 'Reject' }).press('Enter');
        await reject.getByText('Say why: the trader reads the reason').waitFor();
        await animationsDone(admin);
        await audit(admin, `admin ${where} Reject statement dialog with errors`, findings);
        await reject.getByRole('button', { name: 'Cancel' }).click();
        await reject.waitFor({ state: 'hidden' });
        // Focus comes back to the menu's button once the dialog is gone; a menu opened before
        // that would close as the focus moves.
        await expect.poll(() => actions.evaluate((el) => el === document.activeElement)).toBe(true);
        await actions.click();
        await admin.getByRole('menuitem', { name: 'View trades' }).click();
        const trades = admin.getByRole('dialog', { name: "Trades of axe_member's statement" });
        await trades
          .getByText('Ticket 50112301')
          .or(trades.getByText('50112301'))
          .first()
          .waitFor();
        await animationsDone(admin);
        await audit(admin, `admin ${where} statement trades dialog`, findings);
        await trades.getByRole('button', { name: 'Close dialog' }).click();
        await trades.waitFor({ state: 'hidden' });
      }
    } finally {
      report('trading', findings);
    }
    expectNoSerious(findings);
  }, 240_000);
});
