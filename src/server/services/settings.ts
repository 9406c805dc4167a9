// Platform and payment settings, stored as key -> JSON in the settings table.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DB, DbOrTx } from '../db/client';
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

/**
 * One JSON setting under a key, read through a per-database cache (the maintenance check reads
 * the platform settings on every request). A stored value from an older version may lack newer
 * keys: `withDefaults` fills them in before the schema checks it.
 */
function jsonSetting<T>(
  key: string,
  schema: z.ZodType<T>,
  withDefaults: (stored: unknown) => unknown,
  defaults: T,
) {
  const cache = new WeakMap<DB, T>();
  /** The stored value, read through `db` (the transaction's own handle inside one). */
  const read = (db: DbOrTx): T => {
    const row = db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, key))
      .get();
    if (!row) return defaults;
    const parsed = schema.safeParse(withDefaults(JSON.parse(row.value)));
    return parsed.success ? parsed.data : defaults;
  };
  const write = (db: DbOrTx, value: T) => {
    const json = JSON.stringify(value);
    db.insert(settings)
      .values({ key, value: json })
      .onConflictDoUpdate({ target: settings.key, set: { value: json, updatedAt: new Date() } })
      .run();
  };
  return {
    read,
    write,
    get(db: DB): T {
      const cached = cache.get(db);
      if (cached) return cached;
      const value = read(db);
      cache.set(db, value);
      return value;
    },
    save(db: DB, value: T): T {
      write(db, value);
      cache.set(db, value);
      return value;
    },
    /**
     * Reads, changes and writes in one IMMEDIATE transaction (with `extra` writes such as the
     * audit row); the cache takes the new value only once it has committed.
     */
    update(db: DB, change: (before: T, tx: DbOrTx) => T): { before: T; after: T } {
      const result = db.transaction(
        (tx) => {
          const before = read(tx);
          const after = change(before, tx);
          write(tx, after);
          return { before, after };
        },
        { behavior: 'immediate' },
      );
      cache.set(db, result.after);
      return result;
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
    return {
      tierPrices: { ...DEFAULT_PAYMENT_CONFIG.tierPrices, ...value.tierPrices },
      networks: { ...DEFAULT_PAYMENT_CONFIG.networks, ...value.networks },
    };
  },
  DEFAULT_PAYMENT_CONFIG,
);

export function getPlatformSettings({ db }: { db: DB }): TPlatformSettings {
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
  platform.write(db, platform.read(db));
}

export function getPaymentConfig({ db }: { db: DB }): TPaymentConfig {
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
  return platform.update(db, (before, tx) => {
    const after = { ...before, ...changes };
    writeAudit({
      db: tx,
      actor,
      action: 'settings.update',
      targetType: 'settings',
      targetId: 'platform',
      before,
      after,
    });
    return after;
  }).after;
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
  return payments.update(db, (before, tx) => {
    writeAudit({
      db: tx,
      actor,
      action: 'settings.payments',
      targetType: 'settings',
      targetId: 'payments',
      before,
      after: input,
    });
    return input;
  }).after;
}
