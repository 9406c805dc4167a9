// The moderators' Reports queue in a real browser (issue 32): a post three members reported is
// hidden at once; a moderator finds it on /admin/reports (its words drawn by the one markdown
// renderer), deletes it with a reason (a reason is required), and it moves to Resolved; the
// author is told with the reason. Another moderator hides a reported post.
import { AxeBuilder } from '@axe-core/playwright';
import { and, desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { discussionPosts, notifications } from '../../src/server/platform/db/schema';
import { expectText } from './flows';
import { reportedPost } from './reportData';
import { standaloneStage } from './stage';

const stage = standaloneStage({}, { viewport: { width: 1366, height: 900 } });

/** No serious or critical axe finding on the page as it is now (the walk sees an empty queue). */
async function expectAccessible(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, where).toEqual([]);
}

const postOf = async (id: number) =>
  (await stage.s.db.select().from(discussionPosts).where(eq(discussionPosts.id, id)))[0]!;

const lastNotice = async (userId: number) =>
  (
    await stage.s.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'discussion_moderated')))
      .orderBy(desc(notifications.id))
      .limit(1)
  )[0];

describe('the Reports queue', () => {
  it('a post three members reported is hidden; a moderator deletes it with a reason', async () => {
    const r = await reportedPost(stage.s, { reporters: 3 });
    expect((await postOf(r.postId)).hiddenAt).not.toBeNull();
    expect((await lastNotice(r.authorId))?.title).toBe('Your post is hidden pending review');

    const page = await stage.pageAs(r.cast.moderator);
    await page.goto(stage.url('/admin/reports'));
    const row = page.getByRole('row').filter({ hasText: r.topicTitle });
    await row.waitFor();
    // The post's markdown, rendered: bold is bold, not asterisks.
    await row.locator('strong', { hasText: 'cheap followers' }).waitFor();
    await row.getByText('3 reports: Spam 3').waitFor();
    await row.getByText('Hidden', { exact: true }).waitFor();
    await expectAccessible(page, 'the open queue with a row');

    await row.getByRole('button', { name: /^Review the post by/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Report' });
    await dialog.getByLabel('Action').waitFor();
    await expectAccessible(page, 'the review dialog');
    await dialog.getByLabel('Action').selectOption('delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('Say why: the author is told').waitFor();
    await dialog.getByLabel('Reason').fill('Advertising is not allowed here');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectText(page, 'Post deleted');
    await page.getByText('There are no open reports.').waitFor();

    expect((await postOf(r.postId)).deletedAt).not.toBeNull();
    expect((await lastNotice(r.authorId))?.body).toContain(
      'Reason: Advertising is not allowed here',
    );

    await page.getByRole('tab', { name: 'Resolved' }).click();
    const resolved = page.getByRole('row').filter({ hasText: r.topicTitle });
    await resolved.getByText(/Deleted by .*Advertising is not allowed here/).waitFor();
    await expectAccessible(page, 'the resolved queue');
  });

  it('a moderator hides a reported post; the author is told why', async () => {
    const r = await reportedPost(stage.s, { topicTitle: 'Where are the rules?' });
    const page = await stage.pageAs(r.cast.admin);
    await page.goto(stage.url('/admin/reports'));
    const row = page.getByRole('row').filter({ hasText: r.topicTitle });
    await row.getByRole('button', { name: /^Review the post by/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Report' });
    expect(await dialog.getByLabel('Action').inputValue()).toBe('hide');
    await dialog.getByLabel('Reason').fill('Spam');
    await dialog.getByRole('button', { name: 'Hide' }).click();
    await expectText(page, 'Post hidden');
    await page.getByText('There are no open reports.').waitFor();
    expect((await postOf(r.postId)).hiddenAt).not.toBeNull();
    expect((await lastNotice(r.authorId))?.body).toBe(
      `A moderator hid your post in “${r.topicTitle}”. Reason: Spam`,
    );
  });
});
