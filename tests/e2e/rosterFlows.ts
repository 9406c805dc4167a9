// The organiser's player list driven the way an organiser drives it (issue 29 point 3): open it
// from the toolbar, add a member by username, check a player in, remove or disqualify one with a
// reason, process check-ins and start now. Each waits for the toast that says it is done.
import type { Locator, Page } from 'playwright-core';
import { closeToast } from './flows';

/** The toolbar at the top of the contest page (the organiser's only). */
export function toolbarOf(page: Page): Locator {
  return page.getByRole('region', { name: 'Organiser tools' });
}

/** Opens the player list from the toolbar; answers its region. */
export async function openPlayers(page: Page): Promise<Locator> {
  const list = page.getByRole('region', { name: 'Players' });
  if (!(await list.isVisible())) {
    await toolbarOf(page).getByRole('button', { name: 'Players' }).click();
  }
  await list.waitFor();
  return list;
}

/** The row (a table row on a wide screen) of a player in the list. */
export function playerRow(list: Locator, username: string): Locator {
  return list.getByRole('row').filter({ hasText: username });
}

export async function addPlayer(page: Page, username: string, { waiveFee = false } = {}) {
  const list = await openPlayers(page);
  await list.getByLabel('Username').fill(username);
  if (waiveFee) await list.getByText('Waive the entry fee').click();
  await list.getByRole('button', { name: 'Add player' }).click();
  await closeToast(page, 'Player added');
}

export async function checkInFor(page: Page, username: string) {
  const list = await openPlayers(page);
  await list.getByRole('button', { name: `Check in ${username}` }).click();
  await closeToast(page, 'Checked in');
}

/** Remove (before the start) or Disqualify (after it), with a reason, through its dialog. */
export async function dropWithReason(
  page: Page,
  action: 'Remove' | 'Disqualify',
  username: string,
  reason: string,
) {
  const list = await openPlayers(page);
  await list.getByRole('button', { name: `${action} ${username}` }).click();
  const dialog = page.getByRole('dialog', { name: `${action} player` });
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: `${action} player` }).click();
  await dialog.waitFor({ state: 'hidden' });
  await closeToast(page, action === 'Remove' ? 'Player removed' : 'Player disqualified');
}

export async function processCheckIns(page: Page) {
  await toolbarOf(page).getByRole('button', { name: 'Process check-ins' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Process check-ins?' });
  await confirm.getByRole('button', { name: 'Drop no-shows' }).click();
  await confirm.waitFor({ state: 'hidden' });
  await closeToast(page, 'dropped for not checking in');
}

export async function startNow(page: Page) {
  await toolbarOf(page).getByRole('button', { name: 'Start now' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Start the contest now?' });
  await confirm.getByRole('button', { name: 'Start now' }).click();
  await confirm.waitFor({ state: 'hidden' });
  await closeToast(page, 'Contest started');
}
