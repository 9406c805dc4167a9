// 'Remove demo data' on the admin dashboard (issue 18), in a real browser: the preview of what
// goes and what stays and why, the confirmation, the toast and the summary; the section's state
// afterwards; and no section where nothing was seeded.
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { contests } from '../../src/server/platform/db/schema';
import { seedDemo } from '../../src/server/seed/seed';
import { createUser } from '../helpers/db';
import { expectText } from './flows';
import { standaloneStage } from './stage';

const stage = standaloneStage();

describe('Remove demo data', () => {
  it('previews, confirms, removes only untouched rows and says what it kept and why', async () => {
    const admin = await createUser(stage.s.db, { role: 'admin', username: 'e2e_demo_admin' });
    await seedDemo(stage.s.db);
    // A real member joined Candle Games: it stays, and so do the demo members on its board.
    const ann = await createUser(stage.s.db, { username: 'e2e_ann' });
    const [candle] = await stage.s.db
      .select({ id: contests.id })
      .from(contests)
      .orderBy(asc(contests.id))
      .limit(2)
      .offset(1);
    await addParticipant({ db: stage.s.db, contestId: candle!.id, userId: ann.id });

    const page = await stage.pageAs(admin);
    await page.goto(stage.url('/admin'));
    const section = page.getByRole('region', { name: 'Demo data' });
    await section.getByText('Can be removed: 6 contests and 4 education items.').waitFor();
    await section.getByRole('button', { name: 'Remove demo data' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Remove demo data' });
    await dialog.waitFor();
    // It opens on Cancel, so a stray Enter removes nothing.
    await expect
      .poll(() =>
        dialog
          .getByRole('button', { name: 'Cancel' })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await dialog.getByText('These will be deleted: 6 contests and 4 education items').waitFor();
    await dialog
      .getByText(
        /The Dake Contest, Forex Sprint, Strategy Masters, Elite Championship, Rapid Chess Knockout, Five-a-Side League/,
      )
      .waitFor();
    // Ten of The Dake Contest's, and the demo tournaments' fields (eight and six).
    await dialog.getByText('24 leaderboard entries of the removed contests').waitFor();
    const candleKept = dialog.getByRole('listitem').filter({ hasText: 'Candle Games' });
    await candleKept.getByText(/Joined by e2e_ann/).waitFor();
    const alexKept = dialog.getByRole('listitem').filter({ hasText: 'alex_trader' });
    await alexKept.getByText(/On the leaderboard of Candle Games, which stays/).waitFor();

    await dialog.getByRole('button', { name: 'Remove demo data' }).click();
    const summary = page.getByRole('alertdialog', { name: 'Demo data removed' });
    await summary.getByText('Kept, and why').waitFor();
    await summary.getByText(/Contests \(6\):/).waitFor();
    await summary.getByText(/Candle Games \(contest\): Joined by e2e_ann/).waitFor();
    await expectText(page, 'Removed 6 contests and 4 education items.');
    await summary.getByRole('button', { name: 'Close', exact: true }).click();
    await summary.waitFor({ state: 'detached' });

    // What stays is in use: nothing left to remove, and the button says so by being disabled.
    await section
      .getByText('Nothing to remove: the demo data left is in use (1 contest and 10 members).')
      .waitFor();
    expect(await section.getByRole('button', { name: 'Remove demo data' }).isDisabled()).toBe(true);
    const left = await stage.s.db.select({ title: contests.title }).from(contests);
    expect(left.map((c) => c.title)).toEqual(['Candle Games']);
  });

  it('shows no demo data section where nothing was seeded', async () => {
    const admin = await createUser(stage.s.db, { role: 'admin', username: 'e2e_demo_admin2' });
    const page = await stage.pageAs(admin);
    const answered = page.waitForResponse((r) => r.url().includes('adminDemo.preview'));
    await page.goto(stage.url('/admin'));
    // The preview answered that nothing was seeded, and the page shows no section for it.
    const body = await (await answered).text();
    expect(body).toContain('"remove":[]');
    expect(body).toContain('"keep":[]');
    await page.getByRole('heading', { name: 'Sign-ups, last 30 days' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Demo data' }).count()).toBe(0);
  });
});
