// Demo data of PRODUCT.md for an empty database. Each capability adds its rows here as its
// tables arrive; the caller runs it only on a database that had no users.
import type { DB } from '../platform/db/client';
import { seedContests } from './seedContests';
import { educationContent } from '../platform/db/schema';
import { SEED_EDUCATION } from './seedEducation';
import { storePlatformSettings } from '../domain/admin/settings';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedDemo(db: DB): Promise<void> {
  await db.transaction(async (tx) => {
    // Stores the defaults explicitly so operators see them in the database.
    await storePlatformSettings({ db: tx });
    await seedContests(tx);
    const now = Date.now();
    for (const { daysAgo, ...item } of SEED_EDUCATION) {
      await tx
        .insert(educationContent)
        .values({ ...item, source: 'local', publishDate: new Date(now - daysAgo * DAY_MS) });
    }
  });
}
