// Platform and payment settings, stored as key -> JSON in the settings table.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DB, DbOrTx } from '../../platform/db/client';
import { settings } from '../../platform/db/schema';
import {
  DEFAULT_PAYMENT_CONFIG,
  DEFAULT_PLATFORM_SETTINGS,
  PAYMENT_NETWORKS,
  ZPaymentConfigSchema,
  ZPlatformSettingsSchema,
  type TPaymentConfig,
  type TPlatformSettings,
} from '../../../shared/schemas/settings';
import { writeAudit, type Actor } from './audit';

/**
 * One JSON setting under a key, read through a per-database cache (the maintenance check reads
 * the platform settings on every request). A stored value from an older version may lack newer
 * keys: `withDefaults` fills them in before the schema checks it. Inside a transaction the row is
 * read (and written) through the transaction itself, never the cache: what decides a write is
 * read under the write lock, and the cache learns a new value only once it is committed
 * (`remember`).
 */
function jsonSetting<T>(
  key: string,
  schema: z.ZodType<T>,
  withDefaults: (stored: unknown) => unknown,
  defaults: T,
) {
  const cache = new WeakMap<DB, T>();
  const isDb = (db: DbOrTx): db is DB => '$client' in db;
  function read(db: DbOrTx): T {
    const row = db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, key))
      .get();
    if (!row) return defaults;
    const parsed = schema.safeParse(withDefaults(JSON.parse(row.value)));
    return parsed.success ? parsed.data : defaults;
  }
  function write(db: DbOrTx, value: T): void {
    const json = JSON.stringify(value);
    db.insert(settings)
      .values({ key, value: json })
      .onConflictDoUpdate({ target: settings.key, set: { value: json, updatedAt: new Date() } })
      .run();
  }
  return {
    get(db: DbOrTx): T {
      if (!isDb(db)) return read(db);
      const cached = cache.get(db);
      if (cached) return cached;
      const value = read(db);
      cache.set(db, value);
      return value;
    },
    /** Writes the row; the cache follows when `db` is the database (not a transaction). */
    save(db: DbOrTx, value: T): T {
      write(db, value);
      if (isDb(db)) cache.set(db, value);
      return value;
    },
    /** After a transaction that saved `value` has committed. */
    remember(db: DB, value: T): void {
      cache.set(db, value);
    },
  };
}

const platform = jsonSetting(
  'platform',
  ZPlatformSettingsSchema,
  (stored) => ({ ...DEFAULT_PLATFORM_SETTINGS, ...(stored as object) }),
  DEFAULT_PLATFORM_SETTINGS,
);

const payments = jsonSetting(
  'payments',
  ZPaymentConfigSchema,
  (stored) => {
    const value = stored as Partial<TPaymentConfig>;
    // Per network too: a config saved before explorer links existed gets the default links.
    const networks = Object.fromEntries(
      PAYMENT_NETWORKS.map((n) => [
        n,
        { ...DEFAULT_PAYMENT_CONFIG.networks[n], ...value.networks?.[n] },
      ]),
    );
    return {
      tierPrices: { ...DEFAULT_PAYMENT_CONFIG.tierPrices, ...value.tierPrices },
      networks,
    };
  },
  DEFAULT_PAYMENT_CONFIG,
);

export function getPlatformSettings({ db }: { db: DbOrTx }): TPlatformSettings {
  return platform.get(db);
}

export function savePlatformSettings({
  db,
  value,
}: {
  db: DB;
  value: TPlatformSettings;
}): TPlatformSettings {
  return platform.save(db, value);
}

/** Stores the platform settings as they read now (defaults included), e.g. inside the seed's transaction. */
export function storePlatformSettings({ db }: { db: DbOrTx }): void {
  platform.save(db, platform.get(db));
}

/** The payment settings; inside a transaction, read through it (see jsonSetting). */
export function getPaymentConfig({ db }: { db: DbOrTx }): TPaymentConfig {
  return payments.get(db);
}

export function savePaymentConfig({
  db,
  value,
}: {
  db: DB;
  value: TPaymentConfig;
}): TPaymentConfig {
  return payments.save(db, value);
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
  // A key sent as undefined (superjson keeps it) means "unchanged", not "erase": spreading it
  // would store a settings object without that field and fail every later read.
  const changes = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as Partial<TPlatformSettings>;
  const after = db.transaction((tx) => {
    const before = getPlatformSettings({ db: tx });
    const merged = { ...before, ...changes };
    writeAudit({
      db: tx,
      actor,
      action: 'settings.update',
      targetType: 'settings',
      targetId: 'platform',
      before,
      after: merged,
    });
    platform.save(tx, merged);
    return merged;
  });
  // The cache learns the value only once its row is committed.
  platform.remember(db, after);
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
  db.transaction((tx) => {
    const before = getPaymentConfig({ db: tx });
    writeAudit({
      db: tx,
      actor,
      action: 'settings.payments',
      targetType: 'settings',
      targetId: 'payments',
      before,
      after: input,
    });
    payments.save(tx, input);
  });
  payments.remember(db, input);
  return input;
}
