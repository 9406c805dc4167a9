// Demo data of PRODUCT.md for an empty database. Each capability adds its rows here as its
// tables arrive; the caller runs it only on a database that had no users.
import type { DB } from './db/client';
import { seedContests } from './seedContests';
import { savePlatformSettings, getPlatformSettings } from './services/settings';

export async function seedDemo(db: DB): Promise<void> {
  db.transaction(() => {
    // Stores the defaults explicitly so operators see them in the database.
    savePlatformSettings({ db, value: getPlatformSettings({ db }) });
    seedContests(db);
  });
}
