// Platform and payment settings, stored as key -> JSON in the settings table.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { busOf, databaseOf, isDatabase, type DB, type DbOrTx } from '../../platform/db/client';
import { RESYNC } from '../../platform/bus';
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
import type { ActionWithInput } from '../../platform/actor';
import { writeAudit } from '../audit';

/**
 * One JSON setting under a key, read through a per-database cache (the maintenance check reads
 * the platform settings on every request). Every save tells every app server on the database
 * (the bus: after the commit, NOTIFY on PostgreSQL), and each drops its cached copy, so a
 * setting saved on one server applies on all of them at once. A stored value from an older version may lack newer
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
  // Bumped on every write to the cache: a read that was under way while a save landed does not
  // put its older value back (the read awaits, so a save can now come in between).
  let generation = 0;
  const store = (db: DB, value: T) => {
    generation += 1;
    cache.set(db, value);
  };
  const listening = new WeakSet<DB>();
  const listen = (db: DB) => {
    if (listening.has(db)) return;
    listening.add(db);
    void busOf(db).subscribe('settings', (message) => {
      if (message !== key && message !== RESYNC) return;
      generation += 1;
      cache.delete(db);
    });
  };
  async function read(db: DbOrTx): Promise<T> {
    const [row] = await db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, key));
    if (!row) return defaults;
    const parsed = schema.safeParse(withDefaults(JSON.parse(row.value)));
    return parsed.success ? parsed.data : defaults;
  }
  async function write(db: DbOrTx, value: T): Promise<void> {
    const json = JSON.stringify(value);
    await db
      .insert(settings)
      .values({ key, value: json })
      .onConflictDoUpdate({ target: settings.key, set: { value: json, updatedAt: new Date() } });
    await busOf(databaseOf(db)).publish(db, 'settings', key);
  }
  return {
    async get(db: DbOrTx): Promise<T> {
      if (!isDatabase(db)) return read(db);
      listen(db);
      const cached = cache.get(db);
      if (cached) return cached;
      const before = generation;
      const value = await read(db);
      if (generation === before) cache.set(db, value);
      return value;
    },
    /** Writes the row; the cache follows when `db` is the database (not a transaction). */
    async save(db: DbOrTx, value: T): Promise<T> {
      await write(db, value);
      if (isDatabase(db)) store(db, value);
      return value;
    },
    /** After a transaction that saved `value` has committed. */
    remember(db: DB, value: T): void {
      store(db, value);
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
    // The plans beyond 30 days pass as stored: absent, the schema derives them from this
    // install's own 30-day prices (ZPaymentConfigSchema), not from the defaults.
    return {
      tierPrices: { ...DEFAULT_PAYMENT_CONFIG.tierPrices, ...value.tierPrices },
      yearPrices: value.yearPrices,
      lifetimePrices: value.lifetimePrices,
      graceDays: value.graceDays,
      networks,
    };
  },
  DEFAULT_PAYMENT_CONFIG,
);

export async function getPlatformSettings({ db }: { db: DbOrTx }): Promise<TPlatformSettings> {
  return platform.get(db);
}

export async function savePlatformSettings({
  db,
  value,
}: {
  db: DB;
  value: TPlatformSettings;
}): Promise<TPlatformSettings> {
  return platform.save(db, value);
}

/** Stores the platform settings as they read now (defaults included), e.g. inside the seed's transaction. */
export async function storePlatformSettings({ db }: { db: DbOrTx }): Promise<void> {
  await platform.save(db, await platform.get(db));
}

/** The payment settings; inside a transaction, read through it (see jsonSetting). */
export async function getPaymentConfig({ db }: { db: DbOrTx }): Promise<TPaymentConfig> {
  return payments.get(db);
}

export async function savePaymentConfig({
  db,
  value,
}: {
  db: DB;
  value: TPaymentConfig;
}): Promise<TPaymentConfig> {
  return payments.save(db, value);
}

/** Admin save: merges a partial change, writes it and its audit row in one transaction. */
export async function updatePlatformSettings({
  db,
  actor,
  input,
}: ActionWithInput<Partial<TPlatformSettings>>): Promise<TPlatformSettings> {
  // A key sent as undefined (superjson keeps it) means "unchanged", not "erase": spreading it
  // would store a settings object without that field and fail every later read.
  const changes = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as Partial<TPlatformSettings>;
  const after = await db.transaction(async (tx) => {
    const before = await getPlatformSettings({ db: tx });
    const merged = { ...before, ...changes };
    await writeAudit({
      db: tx,
      actor,
      action: 'settings.update',
      targetType: 'settings',
      targetId: 'platform',
      before,
      after: merged,
    });
    await platform.save(tx, merged);
    return merged;
  });
  // The cache learns the value only once its row is committed.
  platform.remember(db, after);
  return after;
}

export async function updatePaymentConfig({
  db,
  actor,
  input,
}: ActionWithInput<TPaymentConfig>): Promise<TPaymentConfig> {
  await db.transaction(async (tx) => {
    const before = await getPaymentConfig({ db: tx });
    await writeAudit({
      db: tx,
      actor,
      action: 'settings.payments',
      targetType: 'settings',
      targetId: 'payments',
      before,
      after: input,
    });
    await payments.save(tx, input);
  });
  payments.remember(db, input);
  return input;
}
