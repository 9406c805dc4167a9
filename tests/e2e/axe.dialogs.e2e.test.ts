// Accessibility with axe-core of what the route walk (axe.routes.*) cannot reach by a path: open
// dialogs and confirmations, menus, the phone menu drawer, forms showing their errors, toasts and
// the contest wizard's steps, in both themes; and maintenance mode as a guest, a member and an
// admin. Fails on any serious or critical violation. The shared parts are in ./axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import {
  THEMES,
  VIEWPORTS,
  animationsDone,
  audit,
  expectNoSerious,
  frames,
  navigate,
  report,
  settle,
  startAxeStage,
  type AxeStage,
  type Finding,
  type ViewportName,
} from './axe/support';

let stage: AxeStage;
// The stage's parts, under the names the tests use.
let s: TestServer;
let tabs: AxeStage['tabs'];
let people: AxeStage['people'];
let setTheme: AxeStage['setTheme'];
let setSettings: AxeStage['setSettings'];
let wizardCopy: AxeStage['wizardCopy'];
let tournamentIds: AxeStage['tournamentIds'];
beforeAll(async () => {
  // The demo contests (Remove demo data, the Edit dialog's contest, contest 1's fee), the
  // member's joins and score (the bell), the league (its dialogs), the payouts and the proofs
  // (their review dialogs).
  stage = await startAxeStage({
    seed: ['contests', 'takingPart', 'tournaments', 'results', 'payments'],
  });
  ({ s, tabs, people, setTheme, setSettings, wizardCopy, tournamentIds } = stage);
});
afterAll(async () => {
  await stage?.stop();
});

describe('axe-core on every screen', () => {
  it('finds nothing serious in open dialogs, the phone menu, error states and toasts', async () => {
    const findings: Finding[] = [];
    const { page } = tabs.admin;
    const member = tabs.member.page;
    try {
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await setTheme(member, theme);
        await page.setViewportSize(VIEWPORTS.desktop);
        await navigate(page, '/admin/users');

        await page.getByRole('button', { name: 'Add User' }).click();
        const add = page.getByRole('dialog', { name: 'Add New User' });
        await add.waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Add User dialog`, findings);
        // The same dialog showing its field errors.
        await add.getByRole('button', { name: 'Create User' }).click();
        await add
          .getByText(/required|at least/i)
          .first()
          .waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Add User dialog with errors`, findings);
        await page.keyboard.press('Escape');
        await add.waitFor({ state: 'detached' });

        const actions = page.getByRole('button', { name: `Actions for ${people.member.username}` });
        await actions.click();
        await page.getByRole('menuitem', { name: 'Change Role/Subscription' }).click();
        const update = page.getByRole('dialog', { name: 'Update User' });
        await update.waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Update User dialog`, findings);
        await page.keyboard.press('Escape');
        await update.waitFor({ state: 'detached' });

        // A confirmation starts on its safe choice.
        await actions.click();
        await page.getByRole('menuitem', { name: 'Delete User' }).click();
        const confirm = page.getByRole('alertdialog', { name: 'Delete User' });
        await confirm.waitFor();
        await animationsDone(page);
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
          .toBe('Cancel');
        await audit(page, `admin ${theme} Delete User confirmation`, findings);
        await page.keyboard.press('Escape');
        await confirm.waitFor({ state: 'detached' });

        // 'Remove demo data' with its preview (what goes; what stays and why), not confirmed.
        await navigate(page, '/admin');
        await page.getByRole('button', { name: 'Remove demo data' }).click();
        const demo = page.getByRole('alertdialog', { name: 'Remove demo data' });
        await demo.getByText(/^These will be deleted/).waitFor();
        await demo.getByText('These stay, because they are in use').waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Remove demo data preview`, findings);
        await page.keyboard.press('Escape');
        await demo.waitFor({ state: 'detached' });

        // The payment review dialogs.
        await navigate(page, '/admin/subscriptions');
        const proofRow = page.getByRole('row').filter({ hasText: people.member.username }).first();
        await proofRow.getByRole('button', { name: /^Reject/ }).click();
        const reject = page.getByRole('dialog', { name: 'Reject Payment' });
        // By keyboard: a pointer left resting on the red button would audit its hover shade.
        await reject.getByRole('button', { name: 'Reject Payment' }).press('Enter');
        await reject.getByText('Please give a reason for the rejection.').waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Reject Payment dialog with errors`, findings);
        await page.keyboard.press('Escape');
        await reject.waitFor({ state: 'detached' });
        await proofRow.getByRole('button', { name: /^Verify/ }).click();
        const verify = page.getByRole('alertdialog', { name: 'Verify Payment' });
        await verify.waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Verify Payment confirmation`, findings);
        await page.keyboard.press('Escape');
        await verify.waitFor({ state: 'detached' });

        // The payout steps (issue 30): approving the member's line, forfeiting it, and marking
        // the approved line sent with its field's error.
        await navigate(page, '/admin/payouts');
        const memberLine = page.getByRole('row').filter({ hasText: people.member.username });
        await memberLine.getByRole('button', { name: /^Forfeit/ }).click();
        const forfeit = page.getByRole('dialog', { name: /Forfeit/ });
        await forfeit.waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Forfeit payout dialog`, findings);
        await page.keyboard.press('Escape');
        await forfeit.waitFor({ state: 'detached' });
        const approvedLine = page.getByRole('row').filter({ hasText: 'axe_runner1' });
        await approvedLine.getByRole('button', { name: /^Mark sent/ }).click();
        const sent = page.getByRole('dialog', { name: 'Mark payout sent' });
        await sent.getByLabel('Transaction hash or reference').fill('0x12');
        await sent.getByRole('button', { name: 'Mark sent' }).press('Enter');
        await sent.getByText(/Transaction hash must be/).waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Mark payout sent dialog with errors`, findings);
        await page.keyboard.press('Escape');
        await sent.waitFor({ state: 'detached' });

        // The member's proof dialog with SPEC 5's messages.
        await navigate(member, '/payment?contest=1');
        await member.getByRole('button', { name: 'Submit Payment Proof' }).click();
        const proof = member.getByRole('dialog', { name: 'Submit Payment Proof' });
        await proof.getByRole('button', { name: 'Submit Proof' }).click();
        await proof.getByText('Transaction hash must be at least 10 characters.').waitFor();
        await animationsDone(member);
        await audit(member, `member ${theme} payment proof dialog with errors`, findings);
        await member.keyboard.press('Escape');
        await proof.waitFor({ state: 'detached' });

        // The tournament dialogs: the organiser's report of a match and the manual seeding.
        await navigate(page, `/contests/${tournamentIds.league}`);
        await page
          .getByRole('button', { name: /^Report result of / })
          .first()
          .click();
        const report = page.getByRole('dialog', { name: 'Report result' });
        await report.getByRole('button', { name: 'Report result' }).press('Enter');
        await report
          .getByText(/^A score is/)
          .first()
          .waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Report result dialog with errors`, findings);
        await page.keyboard.press('Escape');
        await report.waitFor({ state: 'detached' });
        await page.getByRole('button', { name: 'Regenerate bracket' }).click();
        const regenerate = page.getByRole('alertdialog', { name: 'Regenerate the bracket?' });
        await regenerate.waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Regenerate confirmation`, findings);
        await regenerate.getByRole('button', { name: 'Continue' }).click();
        const seeding = page.getByRole('dialog', { name: 'Regenerate bracket' });
        await seeding.getByText('Manual order').click();
        await seeding.getByRole('list', { name: 'Seeding order, best seed first' }).waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Regenerate bracket dialog, manual order`, findings);
        await page.keyboard.press('Escape');
        await seeding.waitFor({ state: 'detached' });

        // The contest Edit dialog, and the member's contest filter.
        await navigate(page, '/admin/contests');
        await page.getByRole('button', { name: 'Actions for The Dake Contest' }).click();
        await page.getByRole('menuitem', { name: 'Edit' }).click();
        const edit = page.getByRole('dialog', { name: 'Edit Contest' });
        await edit.waitFor();
        await animationsDone(page);
        await audit(page, `admin ${theme} Edit Contest dialog`, findings);
        await page.keyboard.press('Escape');
        await edit.waitFor({ state: 'detached' });
        await navigate(member, '/contests');
        await member.getByRole('button', { name: /^Filter/ }).click();
        const filter = member.getByRole('dialog', { name: 'Filter contests' });
        await filter.waitFor();
        await animationsDone(member);
        await audit(member, `member ${theme} contest filter`, findings);
        await member.keyboard.press('Escape');
        await filter.waitFor({ state: 'hidden' });
        // The bell's popover: the member's latest notifications (their joins and score).
        await member.getByRole('button', { name: /^Notifications/ }).click();
        const bell = member.getByRole('dialog', { name: 'Notifications' });
        await bell.waitFor();
        await bell.getByRole('link', { name: 'See all notifications' }).waitFor();
        await animationsDone(member);
        await audit(member, `member ${theme} notifications popover`, findings);
        await member.keyboard.press('Escape');
        await bell.waitFor({ state: 'hidden' });

        for (const [who, p, path] of [
          ['admin', page, '/admin/users'],
          ['member', member, '/'],
        ] as const) {
          await p.setViewportSize(VIEWPORTS.phone);
          await navigate(p, path);
          await p.getByRole('button', { name: 'Open menu' }).click();
          await p.getByRole('dialog').waitFor();
          await animationsDone(p);
          await audit(p, `${who} phone ${theme} menu drawer`, findings);
          await p.keyboard.press('Escape');
          await p.getByRole('dialog').waitFor({ state: 'detached' });
        }

        // A toast on a phone stays clear of the bottom navigation.
        await navigate(member, '/settings');
        await member.getByLabel('Full Name').fill(`Axe ${theme}`);
        await member.getByRole('button', { name: 'Save Changes' }).click();
        const toast = member
          .getByRole('status')
          .filter({ hasText: 'Profile updated successfully' });
        await toast.waitFor();
        await animationsDone(member);
        const toastBox = await toast.boundingBox();
        const navBox = await member
          .getByRole('navigation', { name: 'Bottom navigation' })
          .boundingBox();
        expect(toastBox && navBox && toastBox.y + toastBox.height <= navBox.y + 1).toBe(true);
        await audit(member, `member phone ${theme} success toast`, findings);
        await member.setViewportSize(VIEWPORTS.desktop);

        // The contest wizard's messages after Next, and its Preview dialog (reached through the
        // browser copy, which reopens the wizard on its last step).
        await member.evaluate(() => localStorage.removeItem('contestDraft'));
        await navigate(member, '/contests/create');
        // Enter submits the step as Next does (the last toast may still cover the button).
        await member.getByLabel('Contest Title').press('Enter');
        await member.getByText('Title must be at least 3 characters').waitFor();
        await audit(member, `member ${theme} contest wizard with errors`, findings);
        await member.evaluate((copy) => localStorage.setItem('contestDraft', copy), wizardCopy());
        await navigate(member, '/');
        await navigate(member, '/contests/create');
        await member.getByRole('button', { name: 'Preview', exact: true }).click();
        const preview = member.getByRole('dialog', { name: 'Contest Preview' });
        await preview.getByRole('heading', { name: 'Rules' }).waitFor();
        await animationsDone(member);
        await audit(member, `member ${theme} contest preview dialog`, findings);
        await member.keyboard.press('Escape');
        await preview.waitFor({ state: 'detached' });
        // Step 2 asking what a double-elimination knockout needs.
        await member.evaluate(
          (copy) => localStorage.setItem('contestDraft', copy),
          wizardCopy(1, {
            format: 'knockout',
            tournament: { elimination: 'double', checkInMinutes: 30 },
          }),
        );
        await navigate(member, '/');
        await navigate(member, '/contests/create');
        await member.getByLabel('Grand final').waitFor();
        await audit(member, `member ${theme} contest wizard format settings`, findings);
        // Step 2 asking a submission contest's evaluation (issue 31), its messages shown.
        await member.evaluate(
          (copy) => localStorage.setItem('contestDraft', copy),
          wizardCopy(1, { format: 'submission', evaluation: { publicPercent: '100' } }),
        );
        await navigate(member, '/');
        await navigate(member, '/contests/create');
        await member.getByRole('button', { name: 'Next' }).click();
        await member.getByText(/^The public share is less than 1/).waitFor();
        await audit(member, `member ${theme} contest wizard evaluation`, findings);
        await member.evaluate(() => localStorage.removeItem('contestDraft'));

        // The sign-in form's field errors and the error toast of a refused sign-in.
        const guest = tabs.guest.page;
        await setTheme(guest, theme);
        await navigate(guest, '/auth');
        await guest.getByRole('button', { name: 'Login', exact: true }).click();
        await guest
          .getByText(/required/i)
          .first()
          .waitFor();
        await audit(guest, `guest ${theme} sign-in field errors`, findings);
        await guest.getByLabel('Username').fill(people.member.username);
        await guest.getByLabel('Password').fill('not-the-password');
        await guest.getByRole('button', { name: 'Login', exact: true }).click();
        await guest.locator('[data-part="root"][data-type="error"]').waitFor();
        await animationsDone(guest);
        await audit(guest, `guest ${theme} error toast`, findings);
      }
    } finally {
      report('dialogs and states', findings);
    }
    expectNoSerious(findings);
  }, 240_000);

  it('shows maintenance mode to guests on /auth, to members as a page and to admins as a banner', async () => {
    const findings: Finding[] = [];
    await setSettings({ maintenanceMode: true });
    try {
      for (const theme of THEMES) {
        for (const [who, path, text] of [
          ['guest', '/auth', /maintenance/i],
          ['member', '/', 'Under Maintenance'],
          ['admin', '/admin/users', /maintenance mode is on/i],
        ] as const) {
          const { page } = tabs[who];
          await setTheme(page, theme);
          // A fresh load: the app asks for the settings again.
          await page.goto(s.url + path);
          await settle(page);
          await page.getByText(text).first().waitFor({ timeout: 5_000 });
          for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
            await page.setViewportSize(VIEWPORTS[viewport]);
            await frames(page);
            await animationsDone(page);
            await audit(page, `${who} ${viewport} ${theme} maintenance ${path}`, findings);
          }
        }
      }
      // The banner is on every admin screen, not only one.
      await navigate(tabs.admin.page, '/admin/audit');
      await tabs.admin.page.getByText(/maintenance mode is on/i).waitFor();
    } finally {
      await setSettings({ maintenanceMode: false });
      report('maintenance', findings);
    }
    await tabs.admin.page.goto(`${s.url}/admin`);
    await settle(tabs.admin.page);
    expect(await tabs.admin.page.getByText(/maintenance mode is on/i).count()).toBe(0);
    expectNoSerious(findings);
  }, 90_000);
});
