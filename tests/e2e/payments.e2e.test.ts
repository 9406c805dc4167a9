// Money in Chromium (PRODUCT.md 'Money', SPEC 2.12, 2.14): an admin sets up a wallet and a price,
// a free member pays a Pro upgrade and a contest's entry fee with proofs, reviewers reject and
// verify them, and the member ends up Pro and admitted. Then the admin dashboard's figures
// against the database. Each test stands alone (stage.ts): its own server, people and proofs.
import { and, count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  contestParticipants,
  contests,
  paymentProofs,
  users,
} from '../../src/server/platform/db/schema';
import { getPaymentConfig } from '../../src/server/domain/settings';
import { adminStats } from '../../src/server/domain/admin/stats';
import { PARTICIPATION_MESSAGES } from '../../src/shared/participation';
import { PAYMENT_MESSAGES as M, PROOF_STATE_MESSAGES } from '../../src/shared/payments';
import { PNG } from '../helpers/accounts';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import {
  SENDER,
  WALLETS,
  configureNetwork,
  insertProof,
  sendProofAs,
  setTierPrice,
  txHash,
} from '../helpers/payments';
import { expectText } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage();
let admin: CreatedUser;
let moderator: CreatedUser;
let member: CreatedUser;
let feeContest: { id: number; title: string };

const REJECTION = 'No such transaction on Ethereum.';

beforeEach(async () => {
  const { db } = stage.s;
  admin = await createUser(db, { role: 'admin', username: 'pay_admin' });
  moderator = await createUser(db, { role: 'moderator', username: 'pay_moderator' });
  member = await createUser(db, { username: 'pay_member' });
  const contest = await insertContest(db, {
    createdBy: admin.id,
    status: 'active',
    title: 'Harbour Regatta',
    participationType: 'paid',
    entryFee: '15',
  });
  feeContest = { id: contest.id, title: contest.title };
});

/** What the admin's Platform Settings test saves: an ETH wallet and a Pro price of $40. */
async function paymentsSetUp() {
  await configureNetwork(stage.s.db, 'ETH', WALLETS.ETH);
  await setTierPrice(stage.s.db, 'pro', 40);
}

async function setTier(userId: number, tier: 'free' | 'pro') {
  await stage.s.db.update(users).set({ subscriptionTier: tier }).where(eq(users.id, userId));
}

async function open(page: Page, path: string) {
  await page.goto(stage.url(path));
}

/** Waits for the toast with this title (SPEC 8). */
async function toast(page: Page, title: string) {
  const found = page.getByRole('status').filter({ hasText: title });
  await found.first().waitFor({ timeout: 15_000 });
}

/** The 'Submit Payment Proof' dialog, filled and sent. */
async function sendProof(
  page: Page,
  values: { hash: string; sender?: string; notes?: string; file?: boolean },
): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Submit Payment Proof' });
  if (!(await dialog.isVisible())) {
    await page.getByRole('button', { name: 'Submit Payment Proof' }).click();
    await dialog.waitFor();
  }
  await dialog.getByLabel('Transaction Hash').fill(values.hash);
  await dialog.getByLabel('Sender Wallet Address').fill(values.sender ?? SENDER);
  if (values.notes) await dialog.getByLabel('Additional Notes (optional)').fill(values.notes);
  if (values.file) {
    await dialog.getByLabel('Payment Screenshot (optional)').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await dialog.getByRole('button', { name: 'Remove file' }).waitFor();
  }
  await dialog.getByRole('button', { name: 'Submit Proof' }).click();
  return dialog;
}

/** A pending proof's row in the review queue, found by its member and purpose. */
function queueRow(page: Page, purpose: string): Locator {
  return page.getByRole('row').filter({ hasText: member.username }).filter({ hasText: purpose });
}

const proofsOf = (userId: number) =>
  stage.s.db
    .select()
    .from(paymentProofs)
    .where(eq(paymentProofs.userId, userId))
    .orderBy(paymentProofs.id);

describe('paying in crypto with reviewed proofs', () => {
  it('says payments are not set up, and whom to contact, while no wallet is configured', async () => {
    const page = await stage.pageAs(member);
    await open(page, '/payment?tier=pro');
    await page.getByRole('heading', { name: 'Payment for the Pro tier upgrade' }).waitFor();
    await expectText(page, 'Payments are not set up yet');
    await expectText(page, 'admin@example.com');
    expect(await page.getByRole('button', { name: 'Submit Payment Proof' }).count()).toBe(0);
    // The tier choice says it too, and bad addresses get words, not a crash.
    await open(page, '/payment');
    await expectText(page, 'Payments are not set up yet');
    await open(page, '/payment?tier=free');
    await expectText(page, 'There is no such tier to upgrade to');
    await open(page, '/payment?contest=999999');
    await page.getByRole('heading', { name: 'Contest Not Found' }).waitFor();
  });

  it('an admin sets an ETH wallet and the Pro price in Platform Settings', async () => {
    const page = await stage.pageAs(admin);
    await open(page, '/admin/settings?tab=payments');
    await page.getByLabel('ETH wallet address').fill(WALLETS.ETH);
    await page.getByLabel('Pro price for 30 days').fill('40');
    await page.getByRole('button', { name: 'Save Payment Settings' }).click();
    await toast(page, 'Payment settings updated successfully');
    const saved = await getPaymentConfig({ db: stage.s.db });
    expect(saved.networks.ETH.address).toBe(WALLETS.ETH);
    expect(saved.tierPrices.pro).toBe(40);
  });

  it('the member chooses Pro, sees the amount and the QR code, and copies the address', async () => {
    await paymentsSetUp();
    const page = await stage.pageAs(member, { permissions: ['clipboard-read', 'clipboard-write'] });
    await open(page, '/payment');
    await expectText(page, 'Your current tier:');
    const pro = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Pro' }) });
    await pro.getByText('$40.00 USD').waitFor();
    await pro.getByRole('link', { name: 'Pro, 30 days' }).click();
    await page.waitForURL(stage.url('/payment?tier=pro&period=30'));
    await page.getByRole('heading', { name: 'Payment for the Pro tier upgrade' }).waitFor();
    await expectText(page, 'Amount due: $40.00 USD');
    // SPEC 9's ETH rate: 40 USD x 0.00042 = 0.0168 ETH, to 8 decimals.
    await expectText(page, '0.01680000 ETH');
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['ETH']);
    const qr = page.getByRole('img', { name: 'QR code of the Ethereum wallet address' });
    await qr.waitFor();
    expect(await qr.evaluate((svg) => svg.querySelectorAll('path').length)).toBeGreaterThan(0);
    await expectText(page, WALLETS.ETH);

    await page.getByRole('button', { name: 'Copy address' }).click();
    await toast(page, 'Address copied');
    await expectText(page, 'Wallet address has been copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(WALLETS.ETH);
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    // The mark goes back after SPEC's 2 seconds.
    await page.getByRole('button', { name: 'Copy address' }).waitFor({ timeout: 5_000 });
  });

  it('refuses a short hash with SPEC 5’s message, then takes a proof with a screenshot', async () => {
    await paymentsSetUp();
    const page = await stage.pageAs(member);
    await open(page, '/payment?tier=pro');
    await page.getByRole('heading', { name: 'Payment for the Pro tier upgrade' }).waitFor();
    const dialog = await sendProof(page, { hash: 'abc123' });
    await dialog.getByText(M.txHash).waitFor();
    expect(await proofsOf(member.id)).toHaveLength(0);

    const hash = txHash();
    await sendProof(page, { hash, notes: 'Sent from my hardware wallet.', file: true });
    await toast(page, 'Payment proof submitted');
    await expectText(page, 'Your payment proof has been submitted successfully!');
    const button = page.getByRole('button', { name: 'Payment Proof Submitted' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    await expectText(page, PROOF_STATE_MESSAGES.pendingTitle);
    const [stored] = await proofsOf(member.id);
    expect(stored).toMatchObject({
      purpose: 'tier_upgrade',
      tier: 'pro',
      network: 'ETH',
      // Stored normalised: 64 lower-case digits without 0x.
      txHash: hash.slice(2),
      status: 'pending',
      amountUsd: '40.00',
      amountCoin: '0.01680000',
    });
    expect(stored!.proofFile).toMatch(/^\/uploads\/.+\.png$/);
  });

  it('shows the proof pending in Account Settings > Payments', async () => {
    await paymentsSetUp();
    await sendProofAs(stage.s, member, { tier: 'pro' });
    const page = await stage.pageAs(member);
    await open(page, '/settings');
    await page.getByRole('tab', { name: 'Payments', exact: true }).click();
    await page.waitForURL(/\/settings\?tab=payments$/);
    const row = page.getByRole('row').filter({ hasText: 'Upgrade to Pro' });
    await row.getByText('Pending review').waitFor();
    expect(await row.innerText()).toContain('$40.00');
  });

  it('refuses a reused hash on its field, for a contest’s entry fee', async () => {
    await paymentsSetUp();
    // The member's earlier proof, for the Pro upgrade: its hash is stored without 0x.
    const used = (await sendProofAs(stage.s, member, { tier: 'pro' })).txHash;
    expect(used).toMatch(/^[0-9a-f]{64}$/);
    const page = await stage.pageAs(member);
    await open(page, `/payment?contest=${feeContest.id}`);
    await page.getByRole('heading', { name: `Payment for ${feeContest.title}` }).waitFor();
    await expectText(page, 'Amount due: $15.00 USD');
    const dialog = await sendProof(page, { hash: used.toUpperCase().replace('0X', '0x') });
    await dialog.getByText(M.tx_hash_used).waitFor();
    // Beside the hash field, which is marked invalid.
    const field = dialog.getByLabel('Transaction Hash');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await proofsOf(member.id)).toHaveLength(1);
    // It stays there when the focus leaves the field (a blur validates the form again)...
    await field.focus();
    await page.keyboard.press('Tab');
    const sender = dialog.getByLabel('Sender Wallet Address');
    await expect.poll(() => sender.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByText(M.tx_hash_used).isVisible()).toBe(true);
    // ...and goes with the first change of the hash.
    await field.fill(txHash());
    await dialog.getByText(M.tx_hash_used).waitFor({ state: 'detached' });
    expect(await field.getAttribute('aria-invalid')).toBeNull();

    await sendProof(page, { hash: txHash() });
    await toast(page, 'Payment proof submitted');
    await page.getByRole('button', { name: 'Payment Proof Submitted' }).waitFor();
  });

  it('an admin reviews: opens the file, rejects the fee with a reason, verifies the upgrade', async () => {
    await paymentsSetUp();
    await sendProofAs(stage.s, member, { tier: 'pro' }, { withFile: true });
    await sendProofAs(stage.s, member, { contestId: feeContest.id });
    const page = await stage.pageAs(admin);
    await open(page, '/admin/subscriptions');
    await page.getByRole('heading', { name: 'Subscriptions & Payments', level: 1 }).waitFor();
    const upgrade = queueRow(page, 'Upgrade to Pro');
    const fee = queueRow(page, `Entry fee: ${feeContest.title}`);
    await upgrade.waitFor();
    await fee.waitFor();

    // The proof file opens for a reviewer.
    const file = upgrade.getByRole('link', { name: /^Open file/ });
    const href = await file.getAttribute('href');
    expect(href).toBe((await proofsOf(member.id))[0]!.proofFile);
    const popupOpened = page.context().waitForEvent('page');
    await file.click();
    const popup = await popupOpened;
    await popup.waitForLoadState();
    expect(popup.url()).toBe(stage.url(href!));
    await popup.close();
    const served = await page.request.get(stage.url(href!));
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect((await served.body()).length).toBeGreaterThan(0);

    await fee.getByRole('button', { name: /^Reject/ }).click();
    const reject = page.getByRole('dialog', { name: 'Reject Payment' });
    await reject.getByRole('button', { name: 'Reject Payment' }).click();
    await reject.getByText(M.reasonRequired).waitFor();
    await reject.getByLabel('Reason').fill(REJECTION);
    await reject.getByRole('button', { name: 'Reject Payment' }).click();
    await toast(page, 'Payment rejected');
    await fee.waitFor({ state: 'detached' });

    await upgrade.getByRole('button', { name: /^Verify/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Verify Payment' });
    await confirm.getByRole('button', { name: 'Verify' }).click();
    await toast(page, 'Payment verified');
    await expectText(page, `${member.username} is now on the Pro tier.`);
    await page.getByText('There are no payment proofs awaiting review.').waitFor();

    const [tier] = await stage.s.db
      .select({ tier: users.subscriptionTier })
      .from(users)
      .where(eq(users.id, member.id));
    expect(tier?.tier).toBe('pro');
    expect((await proofsOf(member.id)).map((p) => p.status)).toEqual(['verified', 'rejected']);

    await page.getByRole('tab', { name: 'Rejected' }).click();
    await page.waitForURL(/\/admin\/subscriptions\?tab=rejected$/);
    await expectText(page, REJECTION);
  });

  it('the member reads the reason and is Pro now, on the server and on screen', async () => {
    await paymentsSetUp();
    // What the admin's review left: the upgrade verified (the member is Pro), the fee rejected.
    await insertProof(stage.s.db, { userId: member.id, tier: 'pro', status: 'verified' });
    await setTier(member.id, 'pro');
    await insertProof(stage.s.db, {
      userId: member.id,
      contestId: feeContest.id,
      status: 'rejected',
      reason: REJECTION,
    });
    const page = await stage.pageAs(member);
    await open(page, `/payment?contest=${feeContest.id}`);
    const row = page.getByRole('row').filter({ hasText: 'Rejected' });
    await row.getByText(REJECTION).waitFor();
    // A rejected proof can be followed by a new one.
    expect(await page.getByRole('button', { name: 'Submit Payment Proof' }).isEnabled()).toBe(true);

    await open(page, '/payment');
    await expectText(page, 'Your current tier:');
    const current = page.getByText('Your current tier:');
    await current.getByText('Pro', { exact: true }).waitFor();
    const pro = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Pro' }) });
    await pro.getByText('Your tier').waitFor();
    // The phone's top bar names the tier (SPEC 2.2).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('banner').getByText('Pro', { exact: true }).waitFor();
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('pays the entry fee again; a moderator verifies it and the member is admitted', async () => {
    await paymentsSetUp();
    await insertProof(stage.s.db, {
      userId: member.id,
      contestId: feeContest.id,
      status: 'rejected',
      reason: REJECTION,
    });
    const [memberPage, moderatorPage] = await Promise.all([
      stage.pageAs(member),
      stage.pageAs(moderator),
    ]);
    await open(memberPage, `/payment?contest=${feeContest.id}`);
    await sendProof(memberPage, { hash: txHash() });
    await toast(memberPage, 'Payment proof submitted');

    const page = moderatorPage;
    await open(page, '/');
    await page.getByRole('link', { name: 'Payment Review' }).click();
    await page.getByRole('heading', { name: 'Subscriptions & Payments', level: 1 }).waitFor();
    const fee = queueRow(page, `Entry fee: ${feeContest.title}`);
    await fee.getByRole('button', { name: /^Verify/ }).click();
    await page
      .getByRole('alertdialog', { name: 'Verify Payment' })
      .getByRole('button', { name: 'Verify' })
      .click();
    await toast(page, 'Payment verified');
    await expectText(page, `${member.username} is now a participant of ${feeContest.title}.`);

    const [joined] = await stage.s.db
      .select({ n: count() })
      .from(contestParticipants)
      .where(
        and(
          eq(contestParticipants.contestId, feeContest.id),
          eq(contestParticipants.userId, member.id),
        ),
      );
    expect(joined?.n).toBe(1);
    const [row] = await stage.s.db
      .select({ participants: contests.participants })
      .from(contests)
      .where(eq(contests.id, feeContest.id));
    expect(row?.participants).toBe(1);

    await open(memberPage, `/payment?contest=${feeContest.id}`);
    await expectText(memberPage, PARTICIPATION_MESSAGES.already_joined);
  });
});

describe('the admin dashboard', () => {
  /** A figure of the Platform Overview, read from its card. */
  async function figure(page: Page, label: string): Promise<number> {
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByText(label, { exact: true }) })
      .first();
    const lines = (await card.innerText())
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const value = lines[1] ?? '';
    return Number(value.replace(/,/g, ''));
  }

  async function expectFigures(page: Page) {
    const stats = await adminStats({ db: stage.s.db });
    const expected: Record<string, number> = {
      'Total Users': stats.users.total,
      'Active Contests': stats.contests.active,
      'Education Content': stats.education.total,
      'Pending Contests': stats.pendingContests,
      'Pending Payment Proofs': stats.pendingProofs,
      Free: stats.users.subscriptions.free,
      Pro: stats.users.subscriptions.pro,
      Draft: stats.contests.draft,
      Pending: stats.contests.pending,
    };
    for (const [label, value] of Object.entries(expected)) {
      await expect.poll(() => figure(page, label), { timeout: 10_000 }).toBe(value);
    }
    return stats;
  }

  it('shows the database’s figures, and Refresh Stats follows a new member and contest', async () => {
    // One Pro member (the one whose upgrade was verified), and a proof awaiting review.
    await setTier(member.id, 'pro');
    await insertProof(stage.s.db, { userId: moderator.id, contestId: feeContest.id });
    const page = await stage.pageAs(admin);
    await open(page, '/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const before = await expectFigures(page);
    // Independent counts, straight from the tables.
    expect(before.users.total).toBe((await stage.s.db.select({ n: count() }).from(users))[0]!.n);
    expect(before.users.subscriptions.pro).toBe(1);
    await expectText(page, /\d+ sign-ups? in the last 30 days/);

    await createUser(stage.s.db, { username: 'pay_newcomer' });
    await insertContest(stage.s.db, {
      createdBy: admin.id,
      status: 'active',
      title: 'Dashboard Cup',
    });
    await insertContest(stage.s.db, {
      createdBy: member.id,
      status: 'pending',
      title: 'Waiting Cup',
    });
    await page.getByRole('button', { name: 'Refresh Stats' }).click();
    const after = await expectFigures(page);
    expect(after.users.total).toBe(before.users.total + 1);
    expect(after.contests.active).toBe(before.contests.active + 1);
    expect(after.pendingContests).toBe(before.pendingContests + 1);

    await page
      .getByRole('listitem')
      .filter({ hasText: 'Pending Contests' })
      .getByRole('link', { name: 'Review contests' })
      .click();
    await page.waitForURL(stage.url('/admin/contests?tab=pending'));
    await page.getByRole('link', { name: 'Waiting Cup' }).waitFor();

    await open(page, '/admin');
    await page.getByRole('tab', { name: 'Quick Access' }).click();
    await page.waitForURL(/\/admin\?tab=quick-access$/);
    await page.getByRole('link', { name: 'Subscriptions & Payments' }).last().click();
    await page.waitForURL(stage.url('/admin/subscriptions'));
  });
});
