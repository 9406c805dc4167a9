// Platform settings: stored as key -> JSON, read through a per-database cache because the
// maintenance check reads them on every request.
import { eq } from 'drizzle-orm';
import type { DB } from '../db/client';
import { settings } from '../db/schema';
import {
  DEFAULT_PLATFORM_SETTINGS,
  ZPlatformSettingsSchema,
  type TPlatformSettings,
} from '../../shared/schemas/settings';

const PLATFORM_KEY = 'platform';
const cache = new WeakMap<DB, TPlatformSettings>();

export function getPlatformSettings({ db }: { db: DB }): TPlatformSettings {
  const cached = cache.get(db);
  if (cached) return cached;
  const row = db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, PLATFORM_KEY))
    .get();
  let value = DEFAULT_PLATFORM_SETTINGS;
  if (row) {
    // A stored value from an older version may lack newer keys: defaults fill them in.
    const parsed = ZPlatformSettingsSchema.safeParse({
      ...DEFAULT_PLATFORM_SETTINGS,
      ...(JSON.parse(row.value) as object),
    });
    if (parsed.success) value = parsed.data;
  }
  cache.set(db, value);
  return value;
}

export function savePlatformSettings({
  db,
  value,
}: {
  db: DB;
  value: TPlatformSettings;
}): TPlatformSettings {
  const json = JSON.stringify(value);
  db.insert(settings)
    .values({ key: PLATFORM_KEY, value: json })
    .onConflictDoUpdate({ target: settings.key, set: { value: json, updatedAt: new Date() } })
    .run();
  cache.set(db, value);
  return value;
}
