// The admin wizard's last three steps as the forms' tests fill them, once: a week of dates in
// September 2031 (step 3), the admin settings as they are (step 4), the detailed description
// (step 5), then Create Contest and back on the admin list. The tests differ in steps 1 and 2.
import type { Page } from 'playwright-core';
import { expectText } from './flows';

export async function finishAdminWizard(
  page: Page,
  { description, adminList }: { description: string; adminList: string },
): Promise<void> {
  const next = () => page.getByRole('button', { name: 'Next' }).click();
  await next();
  await page.getByLabel('Registration Deadline').fill('2031-09-01T09:00');
  await page.getByLabel('Start Date').fill('2031-09-02T09:00');
  await page.getByLabel('End Date').fill('2031-09-09T17:00');
  await next();
  await expectText(page, 'Admin Settings');
  await next();
  await page.getByLabel('Detailed Description', { exact: true }).fill(description);
  await page.getByRole('button', { name: 'Create Contest' }).click();
  await expectText(page, 'Contest created');
  await page.waitForURL(adminList);
}
