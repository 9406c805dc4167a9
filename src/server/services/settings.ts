// Platform settings: stored as key -> JSON, read through a per-database cache because the
// maintenance check reads them on every request.
import { eq } from 'drizzle-orm';
import type { DB } from '../db/client';
import { settings } from '../db/schema';
import {
  DEFAULT_PAYMENT_CONFIG,
  DEFAULT_PLATFORM_SETTINGS,
  ZPaymentConfigSchema,
  ZPlatformSettingsSchema,
  type TPaymentConfig,
  type TPlatformSettings,
} from '../../shared/schemas/settings';
import { writeAudit, type Actor } from './audit';

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

const PAYMENTS_KEY = 'payments';
const paymentsCache = new WeakMap<DB, TPaymentConfig>();

export function getPaymentConfig({ db }: { db: DB }): TPaymentConfig {
  const cached = paymentsCache.get(db);
  if (cached) return cached;
  const row = db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, PAYMENTS_KEY))
    .get();
  let value = DEFAULT_PAYMENT_CONFIG;
  if (row) {
    const stored = JSON.parse(row.value) as Partial<TPaymentConfig>;
    const parsed = ZPaymentConfigSchema.safeParse({
      tierPrices: { ...DEFAULT_PAYMENT_CONFIG.tierPrices, ...stored.tierPrices },
      networks: { ...DEFAULT_PAYMENT_CONFIG.networks, ...stored.networks },
    });
    if (parsed.success) value = parsed.data;
  }
  paymentsCache.set(db, value);
  return value;
}

export function savePaymentConfig({
  db,
  value,
}: {
  db: DB;
  value: TPaymentConfig;
}): TPaymentConfig {
  const json = JSON.stringify(value);
  db.insert(settings)
    .values({ key: PAYMENTS_KEY, value: json })
    .onConflictDoUpdate({ target: settings.key, set: { value: json, updatedAt: new Date() } })
    .run();
  paymentsCache.set(db, value);
  return value;
}

/** Admin save: merges a partial change, writes it and its audit row in one transaction. */
export function updatePlatformSettings({
  db,
  actor,
  input,
}: {
  db: DB;
  actor: Actor;
  input: Partial<TPlatformSettings>;
}): TPlatformSettings {
  const before = getPlatformSettings({ db });
  const after = { ...before, ...input };
  db.transaction((tx) => {
    writeAudit({
      db: tx,
      actor,
      action: 'settings.update',
      targetType: 'settings',
      targetId: 'platform',
      before,
      after,
    });
    // The cache is updated by savePlatformSettings only once the row is written.
    savePlatformSettings({ db, value: after });
  });
  return after;
}

export function updatePaymentConfig({
  db,
  actor,
  input,
}: {
  db: DB;
  actor: Actor;
  input: TPaymentConfig;
}): TPaymentConfig {
  const before = getPaymentConfig({ db });
  db.transaction((tx) => {
    writeAudit({
      db: tx,
      actor,
      action: 'settings.payments',
      targetType: 'settings',
      targetId: 'payments',
      before,
      after: input,
    });
    savePaymentConfig({ db, value: input });
  });
  return input;
}
