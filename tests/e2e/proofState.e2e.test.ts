// What a member sees of their money in Chromium (issue 15): the entry fee on every contest card
// and on the carousel, a proof dialog that flags every required field at once and each network's
// shape, and a proof's state ('Your payment is awaiting review', a rejection with its reason) on
// the contest page and on /payment, updated live when a reviewer in another browser acts. The
// review queue links each hash to its block explorer. Each test stands alone (stage.ts): its own
// server, people and proofs.
import { AxeBuilder } from '@axe-core/playwright';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { contests } from '../../src/server/platform/db/schema';
import { seedContests } from '../../src/server/seed/seedContests';
import { PARTICIPATION_MESSAGES } from '../../src/shared/participation';
import {
  PAYMENT_MESSAGES as M,
  PROOF_STATE_MESSAGES as P,
  senderAddressFormatMessage,
  txHashFormatMessage,
} from '../../src/shared/payments';
import { insertContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { SENDER, configureNetwork, insertProof, txHash } from '../helpers/payments';
import { expectText } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage();
let admin: CreatedUser;
let member: CreatedUser;
let memberPage: Page;
let reviewerPage: Page;
/** The seeded 'The Dake Contest': active, free tier, $100 entry fee. */
let dake: { id: number; slug: string };

const REJECTION = 'No such transaction on Ethereum.';

async function open(page: Page, path: string) {
  await page.goto(`${stage.s.url}${path}`);
}

async function toast(page: Page, title: string) {
  await page.getByRole('status').filter({ hasText: title }).first().waitFor({ timeout: 15_000 });
}

/** No serious or critical axe finding on the page as it is now. */
async function expectAccessible(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, where).toEqual([]);
}

/** Marks the page, so a later check can tell that it was not reloaded meanwhile. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
}
async function expectNotReloaded(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true),
  ).toBe(true);
}

function queueRow(page: Page): Locator {
  return page
    .getByRole('row')
    .filter({ hasText: member.username })
    .filter({ hasText: 'Entry fee: The Dake Contest' });
}

async function openProofDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Submit Payment Proof' });
  await page.getByRole('button', { name: 'Submit Payment Proof' }).click();
  await dialog.waitFor();
  return dialog;
}

beforeEach(async () => {
  const { db } = stage.s;
  admin = await createUser(db, { role: 'admin', username: 'proof_admin' });
  member = await createUser(db, { username: 'proof_member' });
  await seedContests(db);
  await insertContest(db, {
    createdBy: admin.id,
    status: 'active',
    featured: true,
    title: 'Free Friday Cup',
  });
  await configureNetwork(db, 'ETH');
  const [row] = await db
    .select({ id: contests.id, slug: contests.slug })
    .from(contests)
    .where(eq(contests.slug, 'the-dake-contest'));
  dake = row!;
  [memberPage, reviewerPage] = await Promise.all([stage.pageAs(member), stage.pageAs(admin)]);
});

describe('entry fees on the cards', () => {
  it('every contest card and the carousel say the fee beside the tier', async () => {
    const page = memberPage;
    await open(page, '/contests');
    const card = (title: string) =>
      page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await card('The Dake Contest').getByText('Entry $100', { exact: true }).waitFor();
    await card('The Dake Contest').getByText('Free tier', { exact: true }).waitFor();
    await card('Free Friday Cup').getByText('Free entry', { exact: true }).waitFor();

    // The carousel stays on its first slide for those who prefer reduced motion.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await open(page, '/');
    const featured = page.getByRole('region', { name: 'Featured Contests' });
    const dakeCard = featured
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'The Dake Contest' }) });
    await dakeCard.getByText('Entry $100', { exact: true }).waitFor();
    const carousel = page.getByRole('region', { name: 'Featured banners' });
    const slide = carousel.getByRole('group', { name: '1 of 2' });
    await slide.getByText('Entry $100', { exact: true }).waitFor();
    await slide.getByText('Free tier', { exact: true }).waitFor();
    await page.emulateMedia({ reducedMotion: null });
  });
});

describe('a proof and what becomes of it', () => {
  it('the proof dialog flags every required field at once, then each field’s network shape', async () => {
    const page = memberPage;
    await open(page, `/payment?contest=${dake.id}`);
    await page.getByRole('heading', { name: 'Payment for The Dake Contest' }).waitFor();
    const dialog = await openProofDialog(page);
    await dialog.getByRole('button', { name: 'Submit Proof' }).click();
    await dialog.getByText(M.txHash).waitFor();
    await dialog.getByText(M.senderAddress).waitFor();
    for (const label of ['Transaction Hash', 'Sender Wallet Address']) {
      expect(await dialog.getByLabel(label).getAttribute('aria-invalid'), label).toBe('true');
    }

    // Long enough, but not Ethereum's shapes: a Bitcoin address and a short hex string.
    await dialog.getByLabel('Transaction Hash').fill(`0x${'ab'.repeat(20)}`);
    await dialog
      .getByLabel('Sender Wallet Address')
      .fill('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    await dialog.getByRole('button', { name: 'Submit Proof' }).click();
    await dialog.getByText(txHashFormatMessage('ETH')).waitFor();
    await dialog.getByText(senderAddressFormatMessage('ETH')).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('after sending one, the contest page says it awaits review; a rejection shows live, with its reason', async () => {
    const page = memberPage;
    await open(page, `/payment?contest=${dake.id}`);
    await page.getByRole('heading', { name: 'Payment for The Dake Contest' }).waitFor();
    const dialog = await openProofDialog(page);
    const hash = txHash();
    await dialog.getByLabel('Transaction Hash').fill(hash);
    await dialog.getByLabel('Sender Wallet Address').fill(SENDER);
    await dialog.getByRole('button', { name: 'Submit Proof' }).click();
    await toast(page, M.submitted);
    // /payment says it too, and the member's own list links the hash to the explorer.
    await expectText(page, P.pendingTitle);
    const ownLink = page.getByRole('link', { name: /view on the block explorer/ });
    expect(await ownLink.getAttribute('href')).toBe(`https://etherscan.io/tx/${hash}`);

    await open(page, `/contests/${dake.slug}`);
    await page.getByRole('heading', { name: 'The Dake Contest', level: 1 }).waitFor();
    await expectText(page, P.pendingTitle);
    expect(await page.getByRole('link', { name: 'Pay entry fee' }).count()).toBe(0);
    await expectAccessible(page, 'contest page, payment awaiting review');
    await markPage(page);

    // A reviewer, in another browser, finds the hash linked to Etherscan and rejects the proof.
    await open(reviewerPage, '/admin/subscriptions');
    const row = queueRow(reviewerPage);
    await row.waitFor();
    const link = row.getByRole('link', { name: /view on the block explorer/ });
    expect(await link.getAttribute('href')).toBe(`https://etherscan.io/tx/${hash}`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    await row.getByRole('button', { name: /^Reject/ }).click();
    const reject = reviewerPage.getByRole('dialog', { name: 'Reject Payment' });
    await reject.getByLabel('Reason').fill(REJECTION);
    await reject.getByRole('button', { name: 'Reject Payment' }).click();
    await toast(reviewerPage, 'Payment rejected');

    // The member's page follows without a reload.
    await expectText(page, P.rejectedTitle);
    await expectText(page, `Reason: ${REJECTION}`);
    await page.getByRole('link', { name: 'Send a new payment proof' }).waitFor();
    await expectNotReloaded(page);
    await expectAccessible(page, 'contest page, payment rejected');
  });

  it('/payment shows the rejection too, takes a new proof, and follows a verification live', async () => {
    const page = memberPage;
    // Where the test before left the member: their proof rejected, read on the contest page.
    await insertProof(stage.s.db, {
      userId: member.id,
      contestId: dake.id,
      status: 'rejected',
      reason: REJECTION,
    });
    await open(page, `/contests/${dake.slug}`);
    await expectText(page, P.rejectedTitle);
    await page.getByRole('link', { name: 'Send a new payment proof' }).click();
    await page.waitForURL(`${stage.s.url}/payment?contest=${dake.id}`);
    await expectText(page, P.rejectedTitle);
    await expectText(page, `Reason: ${REJECTION}`);
    await expectAccessible(page, '/payment, payment rejected');
    const dialog = await openProofDialog(page);
    await dialog.getByLabel('Transaction Hash').fill(txHash());
    await dialog.getByLabel('Sender Wallet Address').fill(SENDER);
    await dialog.getByRole('button', { name: 'Submit Proof' }).click();
    await toast(page, M.submitted);
    await expectText(page, P.pendingTitle);
    await markPage(page);

    await open(reviewerPage, '/admin/subscriptions');
    await queueRow(reviewerPage)
      .getByRole('button', { name: /^Verify/ })
      .click();
    await reviewerPage
      .getByRole('alertdialog', { name: 'Verify Payment' })
      .getByRole('button', { name: 'Verify' })
      .click();
    await toast(reviewerPage, 'Payment verified');

    await expectText(page, PARTICIPATION_MESSAGES.already_joined);
    await page.getByText(P.pendingTitle).waitFor({ state: 'detached' });
    await expectNotReloaded(page);
  });
});
