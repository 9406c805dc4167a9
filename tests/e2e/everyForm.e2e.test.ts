// Every form saved once, each on a fresh database, the way a person does it: open it, make a realistic
// change, save, see the success toast, reload and see the value (a password: sign in with it).
//
// KEEP THIS TEST GROWING: every new form gets its own small `it` here, in the describe of the
// role that uses it. A form that cannot be saved on a fresh install (as the Payments tab once
// could not) is found here first.
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import {
  contestEvaluations,
  contestTradingRules,
  contests,
  discussionReports,
  paymentProofs,
  users,
} from '../../src/server/platform/db/schema';
import { formatDate } from '../../src/shared/format';
import { DAY_MS } from '../../src/shared/subscriptions';
import { createEducation } from '../../src/server/domain/education/education';
import { ZCreateEducationRequestSchema } from '../../src/shared/schemas/education';
import { startWordPressFixture } from '../helpers/wordpress';
import { joinContest } from '../../src/server/domain/participation/participation';
import { acceptInvite, createTeam, inviteMember } from '../../src/server/domain/tournaments/teams';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { SCORING_FIXTURES } from '../helpers/scoringFixtures';
import { SENDER, configureNetwork, insertProof, txHash } from '../helpers/payments';
import { chooseFromMenu, expectText, pathOf, strengthShown } from './flows';
import { generate } from 'otplib';
import { getPlatformSettings } from '../../src/server/domain/settings';
import { reportedPost } from './reportData';
import { standaloneStage } from './stage';
import { finishAdminWizard } from './adminWizardEnd';
import { createTopic, reply } from '../../src/server/domain/discussion';
import { discussionCast, type DiscussionCast } from '../helpers/discussion';
import {
  closeRegistration,
  createPlayers,
  generatedTournament,
  openTournament,
} from './tournamentData';

// Each test stands alone (stage.ts): a fresh database of its own, and the person signed in.
const stage = standaloneStage({}, { viewport: { width: 1280, height: 900 } });

const at = (urlPath: string) => stage.url(urlPath);

/** Signs in through the form in a new browser and waits for the landing page. */
async function signedIn(user: { username: string; password: string }): Promise<Page> {
  const page = await stage.pageAs(user as CreatedUser, { throughForm: true });
  await expectText(page, `Welcome back, ${user.username}`);
  return page;
}

async function open(page: Page, urlPath: string) {
  await page.goto(at(urlPath));
  await page.waitForURL(at(urlPath));
}

/** The two names in a 'Report result of match N, A vs B' (or 'Schedule match N, ...') label. */
async function sidesOfButton(button: ReturnType<Page['getByRole']>): Promise<[string, string]> {
  await button.waitFor();
  const label = (await button.getAttribute('aria-label')) ?? '';
  const match = /, (.+) vs (.+)$/.exec(label);
  if (!match) throw new Error(`no sides in '${label}'`);
  return [match[1]!, match[2]!];
}

async function valueOf(page: Page, label: string, exact = false): Promise<string> {
  const field = page.getByLabel(label, { exact });
  await field.waitFor();
  return field.inputValue();
}

describe('a member', () => {
  let member: CreatedUser;
  let page: Page;
  beforeEach(async () => {
    member = await createUser(stage.s.db, { username: 'e2e_every_member' });
    page = await stage.pageAs(member);
  });

  it('Profile: changes the full name', async () => {
    await open(page, '/settings');
    await page.getByLabel('Full Name').fill('Mary Somerville');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page, 'Profile updated successfully');
    await page.reload();
    expect(await valueOf(page, 'Full Name')).toBe('Mary Somerville');
  });

  it('Change Password: the new password signs in', async () => {
    await open(page, '/settings');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByLabel('Current Password').fill(member.password);
    await page.getByLabel('New Password', { exact: true }).fill('quartz-meadow-harbor-27');
    await page.getByLabel('Confirm New Password').fill('quartz-meadow-harbor-27');
    await strengthShown(page);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectText(page, 'Password updated successfully');
    // This device stays signed in; another one signs in with the new password.
    await page.reload();
    await page.getByRole('button', { name: 'Change Password' }).waitFor();
    expect(pathOf(page)).toBe('/settings');
    member = { ...member, password: 'quartz-meadow-harbor-27' };
    await signedIn(member);
  });

  it('Two-Factor Sign-In: on with a code, new recovery codes, off with the password and a code', async () => {
    // Each code is accepted once and only within a step of the server's clock, so the setup takes
    // the code of now, new codes take the next step's, and turning off takes a recovery code: no
    // third step is needed, whatever the load makes the clock do between them.
    const code = (secret: string, steps: 0 | 1) =>
      generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
    await open(page, '/settings');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secretText = page.getByLabel('Or type this secret key into the app:');
    const secret = (await secretText.textContent())!.replace(/\s/g, '');
    await page.getByLabel('2. Enter the 6-digit code the app shows').fill(await code(secret, 0));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expectText(page, 'Two-factor sign-in turned on');
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page.reload();
    await expectText(page, '10 recovery codes left.');

    await page.getByRole('button', { name: 'New recovery codes' }).click();
    await page.getByLabel('Code from your app, or a recovery code').fill(await code(secret, 1));
    await page.getByRole('button', { name: 'Create new codes' }).click();
    await expectText(page, 'New recovery codes created');
    const list = page.getByRole('list', { name: 'Your recovery codes' });
    const [recovery] = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();

    await page.getByRole('button', { name: 'Turn off', exact: true }).click();
    await page.getByLabel('Your password').fill(member.password);
    await page.getByLabel('Code from your app, or a recovery code').fill(recovery!);
    await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await expectText(page, 'Two-factor sign-in turned off');
    await page.reload();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).waitFor();
  });

  it('Payout Method: a bank account with every field', async () => {
    await open(page, '/settings');
    await page.getByRole('tab', { name: 'Payment Methods' }).click();
    await page.getByLabel('Payment Method', { exact: true }).selectOption('bank');
    await page.getByLabel('Account Name').fill('Mary Somerville');
    await page.getByLabel('Account Number').fill('GB33BUKB20201555555555');
    await page.getByLabel('Bank Name').fill('First Bank of Jedburgh');
    await page.getByLabel('Bank Code').fill('BUKBGB22');
    await page.getByRole('button', { name: 'Save Payment Method' }).click();
    await expectText(page, 'Payment settings updated successfully');
    await page.reload();
    await page.getByRole('tab', { name: 'Payment Methods' }).click();
    expect(await valueOf(page, 'Payment Method', true)).toBe('bank');
    expect(await valueOf(page, 'Account Name')).toBe('Mary Somerville');
    expect(await valueOf(page, 'Account Number')).toBe('GB33BUKB20201555555555');
    expect(await valueOf(page, 'Bank Name')).toBe('First Bank of Jedburgh');
    expect(await valueOf(page, 'Bank Code')).toBe('BUKBGB22');
  });

  it('Submit Payment Proof: the proof is stored, pending', async () => {
    await configureNetwork(stage.s.db, 'ETH');
    const hash = txHash();
    await open(page, '/payment?tier=standard');
    await page.getByRole('button', { name: 'Submit Payment Proof' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit Payment Proof' });
    await dialog.getByLabel('Transaction Hash').fill(hash);
    await dialog.getByLabel('Sender Wallet Address').fill(SENDER);
    await dialog.getByLabel('Additional Notes (optional)').fill('Paid from my exchange account.');
    await dialog.getByRole('button', { name: 'Submit Proof' }).click();
    await expectText(page, 'Payment proof submitted');
    await page.reload();
    await page.getByRole('button', { name: 'Payment Proof Submitted' }).waitFor();
    // Stored normalised: the 64 digits in lower case, without 0x.
    const [stored] = await stage.s.db
      .select()
      .from(paymentProofs)
      .where(eq(paymentProofs.txHash, hash.slice(2)));
    expect(stored).toMatchObject({
      userId: member.id,
      tier: 'standard',
      notes: 'Paid from my exchange account.',
      status: 'pending',
    });
  });

  it('Create Contest: Save Draft keeps the values across a reload', async () => {
    await open(page, '/contests/create');
    await page.getByLabel('Contest Title').fill('Harbour Chess Evening');
    await page.getByLabel('Short Description').fill('Rapid games by the harbour, all levels.');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expectText(page, 'Draft saved');
    // The saved draft is named in the address: a reload continues it from the server.
    await page.waitForURL(/\?draft=\d+$/);
    await page.evaluate(() => localStorage.removeItem('contestDraft'));
    await page.reload();
    expect(await valueOf(page, 'Contest Title')).toBe('Harbour Chess Evening');
    expect(await valueOf(page, 'Short Description')).toBe(
      'Rapid games by the harbour, all levels.',
    );
  });

  it('Teams: founds a team, then renames it (the captain)', async () => {
    const contest = await insertContest(stage.s.db, {
      createdBy: member.id,
      mode: 'team',
      title: 'Harbour Relay',
    });
    await open(page, `/contests/${contest.slug}`);
    await page.getByLabel('Team name').fill('Harbour Gulls');
    await page.getByRole('button', { name: 'Create team' }).click();
    await expectText(page, 'Team created');
    expect(await valueOf(page, 'New team name')).toBe('Harbour Gulls');
    await page.getByLabel('New team name').fill('Harbour Terns');
    await page.getByRole('button', { name: 'Rename' }).click();
    await expectText(page, 'Team renamed');
    await page.reload();
    await page.getByRole('heading', { name: 'Your team: Harbour Terns' }).waitFor();
    expect(await valueOf(page, 'New team name')).toBe('Harbour Terns');
  });

  it("Prize shares: the captain splits the team's prize 75/25", async () => {
    const organiser = await createUser(stage.s.db);
    const contest = await insertContest(stage.s.db, {
      createdBy: organiser.id,
      mode: 'team',
      title: 'Harbour Pairs',
    });
    const mate = await createUser(stage.s.db, { username: 'every_form_mate' });
    const teamId = await createTeam({
      db: stage.s.db,
      actor: member,
      contestId: contest.id,
      name: 'Harbour Pair',
    });
    await inviteMember({ db: stage.s.db, actor: member, teamId, username: mate.username });
    await acceptInvite({ db: stage.s.db, actor: mate, teamId });
    await open(page, `/teams/${teamId}`);
    await page.getByLabel(`${member.username}'s share (%)`).fill('75');
    await page.getByLabel(`${mate.username}'s share (%)`).fill('25');
    await page.getByRole('button', { name: 'Save shares' }).click();
    await expectText(page, 'Prize shares saved');
    await page.reload();
    await page.getByRole('heading', { name: 'Prize shares' }).waitFor();
    expect(await valueOf(page, `${member.username}'s share (%)`)).toBe('75');
    expect(await valueOf(page, `${mate.username}'s share (%)`)).toBe('25');
  });
});

describe('an admin', () => {
  let page: Page;
  const added = { username: 'e2e_every_added', password: 'lantern-orchard-58' };
  let admin: CreatedUser;
  beforeEach(async () => {
    admin = await createUser(stage.s.db, { role: 'admin', username: 'e2e_every_admin' });
    page = await stage.pageAs(admin);
  });
  /** The member the Add User test creates. */
  const addedMember = () =>
    createUser(stage.s.db, { username: added.username, password: 'meadow-compass-41' });

  it('Account Settings: changes their own full name', async () => {
    await open(page, '/settings');
    await page.getByLabel('Full Name').fill('Ada Byron');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page, 'Profile updated successfully');
    await page.reload();
    expect(await valueOf(page, 'Full Name')).toBe('Ada Byron');
  });

  it('Platform Settings, General: renames the platform', async () => {
    await open(page, '/admin/settings');
    await page.getByLabel('Platform Name').fill('Every Form Arena');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectText(page, 'Platform settings updated successfully');
    await page.reload();
    expect(await valueOf(page, 'Platform Name')).toBe('Every Form Arena');
  });

  it('Platform Settings, General: requires two-factor sign-in of staff (this admin first)', async () => {
    await open(page, '/admin/settings');
    await page.getByText('Require two-factor sign-in for moderators and admins').click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectText(page, 'Platform settings updated successfully');
    expect((await getPlatformSettings({ db: stage.s.db })).requireStaffTwoFactor).toBe(true);
    // This admin has none: the setup comes before anything else now.
    await page.reload();
    await page.getByRole('heading', { name: 'Set up two-factor sign-in', level: 1 }).waitFor();
  });

  it('Platform Settings, General: the payout settings (days to claim, one admin)', async () => {
    await open(page, '/admin/settings');
    await page.getByLabel('Days to claim a prize').fill('45');
    await page.getByText('One admin may approve and send a payout').click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectText(page, 'Platform settings updated successfully');
    const saved = await getPlatformSettings({ db: stage.s.db });
    expect([saved.payoutClaimDays, saved.payoutsOneAdmin]).toEqual([45, true]);
    await page.reload();
    expect(await valueOf(page, 'Days to claim a prize')).toBe('45');
  });

  it('Platform Settings, Payments: changes plan prices and the grace period', async () => {
    await open(page, '/admin/settings');
    await page.getByRole('tab', { name: 'Payments' }).click();
    await page.getByLabel('Pro price for 30 days').fill('29');
    await page.getByLabel('Pro price for 365 days').fill('290');
    await page.getByLabel('Grace period (days)').fill('4');
    await page.getByRole('button', { name: 'Save Payment Settings' }).click();
    await expectText(page, 'Payment settings updated successfully');
    await page.reload();
    await page.getByRole('tab', { name: 'Payments' }).click();
    expect(await valueOf(page, 'Pro price for 30 days')).toBe('29');
    expect(await valueOf(page, 'Pro price for 365 days')).toBe('290');
    expect(await valueOf(page, 'Grace period (days)')).toBe('4');
  });

  it('Add User: creates a member', async () => {
    await open(page, '/admin/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByLabel('Username').fill(added.username);
    await dialog.getByLabel('Email').fill(`${added.username}@example.com`);
    await dialog.getByLabel('Password', { exact: true }).fill('meadow-compass-41');
    await dialog.getByLabel('Confirm Password').fill('meadow-compass-41');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectText(page, 'User has been created successfully');
    await page.reload();
    await page.getByRole('button', { name: `Actions for ${added.username}` }).waitFor();
  });

  it('Update User: changes the tier', async () => {
    await addedMember();
    await open(page, '/admin/users');
    const openUpdate = async () => {
      const dialog = page.getByRole('dialog', { name: 'Update User' });
      await chooseFromMenu(
        page,
        `Actions for ${added.username}`,
        'Change Role/Subscription',
        dialog,
      );
      return dialog;
    };
    let dialog = await openUpdate();
    await dialog.getByLabel('Subscription').selectOption('pro');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page, 'User updated successfully');
    await page.reload();
    dialog = await openUpdate();
    expect(await dialog.getByLabel('Subscription').inputValue()).toBe('pro');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('Manage Plan: grants Pro for 10 days; a missing reason is refused beside its field', async () => {
    const member = await addedMember();
    await open(page, '/admin/users');
    const dialog = page.getByRole('dialog', { name: 'Manage Plan' });
    await chooseFromMenu(page, `Actions for ${added.username}`, 'Manage Plan…', dialog);
    await dialog.getByLabel('Tier').selectOption('pro');
    await dialog.getByLabel('Days').fill('10');
    await dialog.getByRole('button', { name: 'Save Plan' }).click();
    await dialog.getByText('Please give a reason').waitFor();
    await dialog.getByLabel('Reason').fill('Beta tester');
    await dialog.getByRole('button', { name: 'Save Plan' }).click();
    await expectText(page, 'Plan updated');
    const [stored] = await stage.s.db
      .select({ tier: users.subscriptionTier, expiresAt: users.tierExpiresAt })
      .from(users)
      .where(eq(users.id, member.id));
    expect(stored!.tier).toBe('pro');
    expect(stored!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 9 * DAY_MS);
    // The users table shows the plan's end.
    await page
      .getByRole('row')
      .filter({ hasText: added.username })
      .getByText(formatDate(stored!.expiresAt!))
      .waitFor();
  });

  it('Temporary password: the member signs in with it and chooses their own', async () => {
    await addedMember();
    await open(page, '/admin/users');
    const dialog = page.getByRole('dialog', { name: 'Set Temporary Password' });
    await chooseFromMenu(page, `Actions for ${added.username}`, 'Set Temporary Password', dialog);
    await dialog.getByLabel('Temporary Password').fill(added.password);
    await dialog.getByRole('button', { name: 'Set Password' }).click();
    await expectText(page, 'Temporary password set');
    await dialog.waitFor({ state: 'hidden' });
    const member = await signedIn(added);
    await member.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await member.getByLabel('Temporary Password').fill(added.password);
    await member.getByLabel('New Password', { exact: true }).fill('orchard-lantern-85');
    await member.getByLabel('Confirm New Password').fill('orchard-lantern-85');
    await strengthShown(member);
    await member.getByRole('button', { name: 'Save New Password' }).click();
    await expectText(member, 'Password updated successfully');
    await member.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('Education, new content: writes an article', async () => {
    await open(page, '/admin/education/new');
    await page.getByLabel('Title').fill('Every Form Article');
    await page.getByLabel('Kind').selectOption('resource');
    await page.getByLabel('Category').fill('Forms');
    await page.getByLabel('Content (Markdown)').fill('A body long enough to be saved.');
    await page.getByRole('button', { name: 'Create Content' }).click();
    await expectText(page, 'Content created');
    await page.waitForURL(at('/admin/education'));
    await page.getByRole('link', { name: 'Every Form Article' }).click();
    await page.waitForURL(/\/admin\/education\/\d+\/edit$/);
    expect(await valueOf(page, 'Title')).toBe('Every Form Article');
    expect(await valueOf(page, 'Kind')).toBe('resource');
  });

  it('Education, edit: changes the title', async () => {
    // The article the test before writes.
    await createEducation({
      db: stage.s.db,
      actor: admin,
      input: ZCreateEducationRequestSchema.parse({
        title: 'Every Form Article',
        kind: 'resource',
        category: 'Forms',
        content: 'A body long enough to be saved.',
      }),
    });
    await open(page, '/admin/education');
    await page.getByRole('link', { name: 'Every Form Article' }).click();
    await page.getByLabel('Title').fill('Every Form Article, Edited');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page, 'Content updated');
    await page.getByRole('link', { name: 'Every Form Article, Edited' }).click();
    await page.reload();
    expect(await valueOf(page, 'Title')).toBe('Every Form Article, Edited');
  });

  it('Education, import from WordPress: imports a post', async () => {
    const site = await startWordPressFixture([
      { id: 9, title: 'Every Form Import', content: '<p>Imported.</p>' },
    ]);
    // The fixture is on 127.0.0.1, which imports refuse unless the operator allows it.
    stage.s.deps.allowPrivateImports = true;
    try {
      await open(page, '/admin/education');
      await page.getByLabel('WordPress site address').fill(site.url);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await expectText(page, 'Import finished');
      await page.reload();
      await page.getByRole('link', { name: 'Every Form Import' }).waitFor();
    } finally {
      stage.s.deps.allowPrivateImports = false;
      await site.stop();
    }
  });

  it('Edit Contest: changes the prize and the required tier', async () => {
    await insertContest(stage.s.db, {
      createdBy: admin.id,
      status: 'active',
      title: 'Harbour Photo Walk',
    });
    await open(page, '/admin/contests');
    const openEdit = async () => {
      const dialog = page.getByRole('dialog', { name: 'Edit Contest' });
      await chooseFromMenu(page, 'Actions for Harbour Photo Walk', 'Edit', dialog);
      return dialog;
    };
    let dialog = await openEdit();
    await dialog.getByLabel('Prize').fill('$300 in gift cards');
    await dialog.getByLabel('Required Tier').selectOption('pro');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page, 'The contest has been updated successfully.');
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    dialog = await openEdit();
    expect(await dialog.getByLabel('Prize').inputValue()).toBe('$300 in gift cards');
    expect(await dialog.getByLabel('Required Tier').inputValue()).toBe('pro');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('Format settings (Edit Contest): a league becomes home and away, a win worth 2', async () => {
    await insertContest(stage.s.db, {
      createdBy: admin.id,
      status: 'active',
      format: 'league',
      title: 'Harbour Chess League',
    });
    await open(page, '/admin/contests');
    const openEdit = async () => {
      const dialog = page.getByRole('dialog', { name: 'Edit Contest' });
      await chooseFromMenu(page, 'Actions for Harbour Chess League', 'Edit', dialog);
      return dialog;
    };
    let dialog = await openEdit();
    await dialog.getByLabel('Legs').selectOption('2');
    await dialog.getByLabel('Points for a win').fill('2');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page, 'The contest has been updated successfully.');
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    dialog = await openEdit();
    expect(await dialog.getByLabel('Legs').inputValue()).toBe('2');
    expect(await dialog.getByLabel('Points for a win').inputValue()).toBe('2');
    expect(await dialog.getByLabel('Points for a draw').inputValue()).toBe('1');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('Generate Bracket: a manual seeding, the second seed moved up', async () => {
    const players = await createPlayers(stage.s.db, 'e2e_every_seed', 2);
    const fixture = await openTournament(stage.s, {
      organiser: admin,
      players,
      format: 'knockout',
      title: 'Harbour Darts Cup',
    });
    await closeRegistration(stage.s, fixture);
    await open(page, `/contests/${fixture.slug}`);
    await page.getByRole('button', { name: 'Generate bracket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate bracket' });
    await dialog.getByText('Manual order').click();
    const order = dialog.getByRole('list', { name: 'Seeding order, best seed first' });
    const names = async () =>
      (await order.getByRole('listitem').allInnerTexts()).map((t) =>
        t.replace(/^\d+\.\s*/, '').trim(),
      );
    await order.getByRole('listitem').nth(1).waitFor();
    const [first, second] = await names();
    await dialog.getByRole('button', { name: `Move ${second} up` }).click();
    await expect.poll(names).toEqual([second, first]);
    await dialog.getByRole('button', { name: 'Generate bracket' }).click();
    await expectText(page, 'Bracket generated');
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    // The best seed, now the second, takes the first place of the one match.
    await page
      .getByRole('button', { name: `Report result of match 1, ${second} vs ${first}` })
      .waitFor();
  });

  it('Report Result: the organiser reports a match on the contest page', async () => {
    const players = await createPlayers(stage.s.db, 'e2e_every_report', 2);
    const fixture = await generatedTournament(stage.s, {
      organiser: admin,
      players,
      format: 'knockout',
      title: 'Harbour Pool Final',
    });
    await open(page, `/contests/${fixture.slug}`);
    const report = page.getByRole('button', { name: /^Report result of match 1, / });
    const [a, b] = await sidesOfButton(report);
    await report.click();
    const dialog = page.getByRole('dialog', { name: 'Report result' });
    await dialog.getByLabel(`Score of ${a}`).fill('3');
    await dialog.getByLabel(`Score of ${b}`).fill('1');
    await dialog.getByRole('button', { name: 'Report result' }).click();
    await expectText(page, 'Result saved');
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await expectText(page, `${a} 3 – 1 ${b}, ${a} won`);
    await page.getByRole('button', { name: `Edit result of match 1, ${a} 3 – 1 ${b}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit result' });
    expect(await edit.getByLabel(`Score of ${a}`).inputValue()).toBe('3');
    expect(await edit.getByLabel(`Score of ${b}`).inputValue()).toBe('1');
  });

  it('Schedule Match: the organiser sets a match time', async () => {
    const players = await createPlayers(stage.s.db, 'e2e_every_sched', 2);
    const fixture = await generatedTournament(stage.s, {
      organiser: admin,
      players,
      format: 'knockout',
      title: 'Harbour Table Tennis Final',
    });
    await open(page, `/contests/${fixture.slug}`);
    const scheduleButton = page.getByRole('button', { name: /^Schedule match 1, / });
    await scheduleButton.click();
    let dialog = page.getByRole('dialog', { name: 'Schedule match' });
    await dialog.getByLabel('Date and time').fill('2031-05-04T18:30');
    await dialog.getByRole('button', { name: 'Save schedule' }).click();
    await expectText(page, 'Match scheduled');
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await expectText(page, /Scheduled May 4, 2031, 18:30/);
    await scheduleButton.click();
    dialog = page.getByRole('dialog', { name: 'Schedule match' });
    expect(await dialog.getByLabel('Date and time').inputValue()).toBe('2031-05-04T18:30');
  });

  it('Scores, one by one: enters a participant’s score on the contest page', async () => {
    const contest = await insertContest(stage.s.db, {
      createdBy: admin.id,
      status: 'active',
      title: 'Harbour Quiz Night',
    });
    const player = await createUser(stage.s.db, { username: 'e2e_every_player' });
    await joinContest({ db: stage.s.db, actor: player, contestId: contest.id });
    await open(page, `/contests/${contest.id}`);
    await page.getByLabel('Username').fill(player.username);
    await page.getByLabel(/^Score\W*$/).fill('42');
    await page.getByRole('button', { name: 'Save Score' }).click();
    await expectText(page, 'Score saved');
    await page.reload();
    const row = page
      .getByRole('list', { name: 'Top of the leaderboard of Harbour Quiz Night' })
      .getByRole('listitem')
      .filter({ hasText: player.username });
    await row.getByText('42 pts').waitFor();
  });

  it('Evaluation (submission contest): the metric, the answer key and the limits', async () => {
    const contest = await insertContest(stage.s.db, {
      createdBy: admin.id,
      status: 'active',
      title: 'Harbour Forecast',
      format: 'submission',
    });
    await open(page, `/contests/${contest.id}`);
    const panel = page.getByRole('region', { name: 'Evaluation' });
    await panel.getByLabel('Metric').selectOption('rmse');
    await panel.getByLabel('Submissions per day').fill('3');
    await panel
      .getByLabel('Answer key')
      .setInputFiles(path.join(SCORING_FIXTURES, 'regression', 'key.csv'));
    await panel.getByRole('button', { name: 'Save evaluation' }).click();
    await expectText(page, 'Evaluation saved');
    await page.reload();
    expect(await valueOf(page, 'Metric')).toBe('rmse');
    expect(await valueOf(page, 'Submissions per day')).toBe('3');
    await page.getByRole('region', { name: 'Evaluation' }).getByText('key.csv').waitFor();
  });

  it('Reject Payment: stored with its reason', async () => {
    const payer = await createUser(stage.s.db, { username: 'e2e_every_payer' });
    const id = await insertProof(stage.s.db, { userId: payer.id, tier: 'pro' });
    await open(page, '/admin/subscriptions');
    await page
      .getByRole('row')
      .filter({ hasText: payer.username })
      .getByRole('button', { name: /^Reject/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Reject Payment' });
    await dialog.getByLabel('Reason').fill('The amount received was short.');
    await dialog.getByRole('button', { name: 'Reject Payment' }).click();
    await expectText(page, 'Payment rejected');
    await page.goto(at('/admin/subscriptions?tab=rejected'));
    await expectText(page, 'The amount received was short.');
    const [stored] = await stage.s.db.select().from(paymentProofs).where(eq(paymentProofs.id, id));
    expect(stored).toMatchObject({ status: 'rejected', reason: 'The amount received was short.' });
  });

  it('Review Report: hides a reported discussion post with the reason', async () => {
    const reported = await reportedPost(stage.s, { topicTitle: 'A reported question' });
    await open(page, '/admin/reports');
    await page
      .getByRole('row')
      .filter({ hasText: 'A reported question' })
      .getByRole('button', { name: /^Review the post by/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Review Report' });
    await dialog.getByLabel('Action').selectOption('hide');
    await dialog.getByLabel('Reason').fill('Advertising');
    await dialog.getByRole('button', { name: 'Hide' }).click();
    await expectText(page, 'Post hidden');
    await page.goto(at('/admin/reports?tab=resolved'));
    await expectText(page, /Hidden by .*Advertising/);
    const [stored] = await stage.s.db
      .select()
      .from(discussionReports)
      .where(eq(discussionReports.postId, reported.postId));
    expect(stored).toMatchObject({ status: 'hidden', resolutionReason: 'Advertising' });
  });

  it('Create Contest (admin wizard): the contest is created, active', async () => {
    await open(page, '/admin/contests/create');
    await page.getByLabel('Contest Title').fill('Staff Spelling Bee');
    await page.getByLabel('Short Description').fill('A spelling contest for the whole staff.');
    const next = () => page.getByRole('button', { name: 'Next' }).click();
    await next();
    await expectText(page, 'Step 2 of 5');
    await next();
    await page.getByLabel('Registration Deadline').fill('2031-09-01T09:00');
    await page.getByLabel('Start Date').fill('2031-09-02T09:00');
    await page.getByLabel('End Date').fill('2031-09-02T17:00');
    await next();
    await expectText(page, 'Admin Settings');
    await next();
    await page
      .getByLabel('Detailed Description', { exact: true })
      .fill('Words are read aloud one by one; the last speller standing wins the cup.');
    // With comments on (the default), the 'open discussion' switch beside them (issue 32).
    await page.getByText('Open discussion to every signed-in member').click();
    await page.getByRole('button', { name: 'Create Contest' }).click();
    await expectText(page, 'Contest created');
    await page.waitForURL(at('/admin/contests'));
    const [created] = await stage.s.db
      .select()
      .from(contests)
      .where(eq(contests.title, 'Staff Spelling Bee'));
    expect(created).toMatchObject({
      status: 'active',
      category: 'academic',
      draft: false,
      enableComments: true,
      openDiscussion: true,
    });
  });

  it('Create Contest, evaluation (admin wizard, submission format): settings and key stored', async () => {
    await open(page, '/admin/contests/create');
    await page.getByLabel('Contest Title').fill('Staff Rainfall Forecast');
    await page.getByLabel('Short Description').fill('Predict next week of rain, scored by RMSE.');
    const next = () => page.getByRole('button', { name: 'Next' }).click();
    await next();
    await expectText(page, 'Step 2 of 5');
    await page.getByLabel('Format', { exact: true }).selectOption('submission');
    await page.getByLabel('Metric').selectOption('rmse');
    await page.getByLabel('Submissions per day').fill('4');
    await page
      .getByLabel('Answer key (optional now)')
      .setInputFiles(path.join(SCORING_FIXTURES, 'regression', 'key.csv'));
    await finishAdminWizard(page, {
      description: 'Send a forecast of the rain for each station; the lowest error wins.',
      adminList: at('/admin/contests'),
    });
    const [created] = await stage.s.db
      .select()
      .from(contests)
      .where(eq(contests.title, 'Staff Rainfall Forecast'));
    const [stored] = await stage.s.db
      .select()
      .from(contestEvaluations)
      .where(eq(contestEvaluations.contestId, created!.id));
    expect(stored).toMatchObject({ metric: 'rmse', dailyLimit: 4, keyName: 'key.csv' });
    expect(stored!.keyRows).toBeGreaterThan(0);
  });

  it('Edit Contest, evaluation (submission contest): changes the daily limit', async () => {
    await insertContest(stage.s.db, {
      createdBy: admin.id,
      status: 'active',
      title: 'Harbour Tide Forecast',
      format: 'submission',
    });
    await open(page, '/admin/contests');
    const openEdit = async () => {
      const dialog = page.getByRole('dialog', { name: 'Edit Contest' });
      await chooseFromMenu(page, 'Actions for Harbour Tide Forecast', 'Edit', dialog);
      return dialog;
    };
    let dialog = await openEdit();
    // No settings yet: another change does not ask for them (they are not sent).
    await dialog.getByLabel('Prize').fill('A tide table');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page, 'The contest has been updated successfully.');
    await dialog.waitFor({ state: 'hidden' });
    dialog = await openEdit();
    await dialog.getByLabel('Metric').selectOption('mae');
    await dialog.getByLabel('Submissions per day').fill('6');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page, 'The contest has been updated successfully.');
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    dialog = await openEdit();
    expect(await dialog.getByLabel('Metric').inputValue()).toBe('mae');
    expect(await dialog.getByLabel('Submissions per day').inputValue()).toBe('6');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('Create Contest, trading (admin wizard, forex Open): the rules are set', async () => {
    await open(page, '/admin/contests/create');
    await page.getByLabel('Contest Title').fill('Staff Forex Sprint');
    await page.getByLabel('Short Description').fill('A week of demo trading, ranked by return.');
    await page.getByLabel('Category').selectOption('forex');
    const next = () => page.getByRole('button', { name: 'Next' }).click();
    await next();
    await expectText(page, 'Step 2 of 5');
    await page.getByLabel('Format', { exact: true }).selectOption('open');
    // A forex Open contest reads as scored from statements until told otherwise.
    expect(await page.getByLabel('From trading statements').isChecked()).toBe(true);
    await page.getByLabel('Maximum drawdown (%)').fill('10');
    await page.getByLabel('Allowed symbols').fill('eurusd, xauusd');
    await page.getByLabel('Minimum holding time').fill('2');
    await page.getByLabel('Holding time unit').selectOption('minutes');
    await finishAdminWizard(page, {
      description: 'Trade the demo account you registered; the best return under the rules wins.',
      adminList: at('/admin/contests'),
    });
    const [created] = await stage.s.db
      .select()
      .from(contests)
      .where(eq(contests.title, 'Staff Forex Sprint'));
    const [stored] = await stage.s.db
      .select()
      .from(contestTradingRules)
      .where(eq(contestTradingRules.contestId, created!.id));
    expect(stored!.rules).toMatchObject({
      metric: 'return_pct',
      maxDrawdownPct: 10,
      symbols: ['EURUSD', 'XAUUSD'],
      minHoldSeconds: 120,
      deposits: 'neutralise',
    });
  });

  it('Edit Contest, trading rules (an Open contest): scored from statements, a daily loss', async () => {
    await insertContest(stage.s.db, {
      createdBy: admin.id,
      status: 'active',
      title: 'Harbour FX Cup',
      format: 'open',
      category: 'forex',
    });
    await open(page, '/admin/contests');
    const openEdit = async () => {
      const dialog = page.getByRole('dialog', { name: 'Edit Contest' });
      await chooseFromMenu(page, 'Actions for Harbour FX Cup', 'Edit', dialog);
      return dialog;
    };
    let dialog = await openEdit();
    // Stored as scored by hand (no rules yet): the organiser switches it.
    await dialog.getByText('From trading statements').click();
    await dialog.getByLabel('Maximum daily loss (%)').fill('5');
    await dialog.getByLabel('Account currency').fill('usd');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page, 'The contest has been updated successfully.');
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    dialog = await openEdit();
    expect(await dialog.getByLabel('From trading statements').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Maximum daily loss (%)').inputValue()).toBe('5');
    expect(await dialog.getByLabel('Account currency').inputValue()).toBe('USD');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});

// A contest's discussion (issue 32): its five forms, each saved once.
describe('a contest discussion', () => {
  let cast: DiscussionCast;
  let topicId: number;
  const topicPath = () => `/contests/${cast.contestId}?tab=discussion&topic=${topicId}`;
  beforeEach(async () => {
    cast = await discussionCast(stage.s.db);
    topicId = (
      await createTopic({
        db: stage.s.db,
        actor: cast.admin,
        contestId: cast.contestId,
        title: 'Welcome',
        body: 'Say hello.',
      })
    ).id;
  });

  it('New topic: a participant asks a question', async () => {
    const page = await stage.pageAs(cast.participant);
    await open(page, `/contests/${cast.contestId}?tab=discussion`);
    await page.getByRole('button', { name: 'New topic' }).click();
    await page.getByLabel('Title').fill('Is the data cleaned?');
    await page.getByLabel('Message').fill('Some rows look duplicated.');
    await page.getByRole('button', { name: 'Post topic' }).click();
    await expectText(page, 'Topic posted');
    await page.reload();
    await page.getByRole('heading', { name: 'Is the data cleaned?' }).waitFor();
    await page.getByText('Some rows look duplicated.').waitFor();
  });

  it('Reply: a participant answers a topic', async () => {
    const page = await stage.pageAs(cast.participant);
    await open(page, topicPath());
    await page.getByLabel('Your reply').fill('Hello from the participant.');
    await page.getByRole('button', { name: 'Post reply' }).click();
    await expectText(page, 'Reply posted');
    await page.reload();
    await page.getByText('Hello from the participant.').waitFor();
  });

  it('Edit post: the author changes their words', async () => {
    const page = await stage.pageAs(cast.admin);
    await open(page, topicPath());
    await chooseFromMenu(
      page,
      /^Actions for the opening post by /,
      'Edit',
      page.getByLabel('Edit post'),
    );
    await page.getByLabel('Edit post').fill('Say hello, and your team.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectText(page, 'Post saved');
    await page.reload();
    await page.getByText('Say hello, and your team.').waitFor();
    await page.getByText(/· edited/).waitFor();
  });

  it('Report: a participant reports a post', async () => {
    const page = await stage.pageAs(cast.participant);
    await open(page, topicPath());
    const dialog = page.getByRole('dialog', { name: 'Report post' });
    await chooseFromMenu(page, /^Actions for the opening post by /, 'Report', dialog);
    await dialog.getByLabel('Reason').selectOption('spam');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expectText(page, 'Report sent');
    // One report per member per post: a second is refused with the server's sentence.
    await page.reload();
    await chooseFromMenu(page, /^Actions for the opening post by /, 'Report', dialog);
    await dialog.getByLabel('Reason').selectOption('other');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('You have reported this post already').waitFor();
  });

  it('Bar member: the organiser bars a participant, who is told why', async () => {
    await reply({
      db: stage.s.db,
      actor: cast.participant,
      topicId,
      body: 'Buy my course!',
    });
    const page = await stage.pageAs(cast.creator);
    await open(page, topicPath());
    const dialog = page.getByRole('dialog', { name: `Bar ${cast.participant.username}` });
    await chooseFromMenu(
      page,
      `Actions for the reply by ${cast.participant.username}`,
      'Bar member',
      dialog,
    );
    await dialog.getByLabel('Reason').fill('Advertising');
    await dialog.getByRole('button', { name: 'Bar member' }).click();
    await expectText(page, 'Member barred');
    const barred = await stage.pageAs(cast.participant);
    await open(barred, topicPath());
    await barred.getByText('You are barred from this discussion: Advertising').waitFor();
    // The organiser's bar above the topic list names who is barred and why, and lifts it.
    await open(page, `/contests/${cast.contestId}?tab=discussion`);
    const bars = page.getByRole('list', { name: 'Barred from this discussion' });
    await bars.getByText(`${cast.participant.username}: Advertising`).waitFor();
    await bars
      .getByRole('button', { name: `Lift the bar on ${cast.participant.username}` })
      .click();
    await expectText(page, 'Bar lifted');
    await bars.waitFor({ state: 'detached' });
  });
});
