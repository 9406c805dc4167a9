// Demo data of PRODUCT.md for an empty database. Each capability adds its rows here as its
// tables arrive; the caller runs it only on a database that had no users.
import type { DB } from '../platform/db/client';
import { seedContests } from './seedContests';
import { educationContent } from '../platform/db/schema';
import { SEED_EDUCATION } from './seedEducation';
import { storePlatformSettings } from '../domain/settings';
import { recordDemoRows } from '../domain/admin';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedDemo(db: DB): Promise<void> {
  await db.transaction(async (tx) => {
    // Stores the defaults explicitly so operators see them in the database.
    await storePlatformSettings({ db: tx });
    await seedContests(tx);
    const now = Date.now();
    const items: number[] = [];
    for (const { daysAgo, ...item } of SEED_EDUCATION) {
      const [row] = await tx
        .insert(educationContent)
        .values({
          ...item,
          source: 'local',
          publishDate: new Date(now - daysAgo * DAY_MS),
          // Equal until someone edits the item ('Remove demo data' keeps edited ones).
          createdAt: new Date(now),
          updatedAt: new Date(now),
        })
        .returning({ id: educationContent.id });
      items.push(row!.id);
    }
    await recordDemoRows(tx, 'education_content', items);
  });
}
