// The one abuse-limit mechanism: named rate-limiter-flexible counters, and the two rules built
// from them: password guesses and plain quotas. On PostgreSQL every counter lives in the
// database's rate_limits table, so a guess counts the same on every app server. On SQLite one
// process serves the platform: the account lock-outs (failed guesses at an account and its wait)
// live in the file's rate_limits table, so `npm run admin -- unlock USER`, a process of its own,
// can clear them while the server runs; the other counters (per address, per device cookie,
// sign-ups, uploads) live in the server's memory, where a restart forgives everyone.
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { lt } from 'drizzle-orm';
import { postgresPool, type DB } from './db/client';
import type { Job } from './jobs';
import { MSG } from '../../shared/messages';
import { AppError } from './errors';

export interface LimitSettings {
  /** Failed sign-ins (or current-password guesses) one IP may make per 15 minutes. */
  guessesPerIp: number;
  /** Failed guesses at one account, from any IP, before each further try must wait. */
  freeGuessesPerAccount: number;
  /**
   * Failed guesses one device cookie may make per hour at the account it names, past the
   * account's lock-out; beyond them the cookie itself is locked out for an hour.
   */
  guessesPerDevice: number;
  /** Sign-ups one IP may make per hour (a batch counts as its parts). */
  signupsPerIpPerHour: number;
  /** Uploads one member may make per minute, and bytes per day. */
  uploadsPerMinute: number;
  uploadBytesPerDay: number;
  /** Password-reset requests one IP may make per hour (whatever accounts they name). */
  resetRequestsPerIpPerHour: number;
  /** Account mails (reset links, verification links) one account may be sent per hour. */
  accountMailsPerHour: number;
  /** Wrong invite codes one member may send for one contest per 15 minutes. */
  inviteGuessesPerMember: number;
  /** Wrong invite codes one IP may send per 15 minutes, whatever the members and contests. */
  inviteGuessesPerIp: number;
  /** Contests one member may submit per day (moderators and admins are not limited). */
  contestsPerMemberPerDay: number;
  /** Drafts one member may keep open at once. */
  draftsPerMember: number;
}

export const DEFAULT_LIMITS: LimitSettings = {
  guessesPerIp: 30,
  freeGuessesPerAccount: 5,
  guessesPerDevice: 5,
  signupsPerIpPerHour: 10,
  uploadsPerMinute: 10,
  uploadBytesPerDay: 100 * 1024 * 1024,
  resetRequestsPerIpPerHour: 10,
  accountMailsPerHour: 3,
  inviteGuessesPerMember: 10,
  inviteGuessesPerIp: 30,
  contestsPerMemberPerDay: 10,
  draftsPerMember: 20,
};

/**
 * The limits an admin sets on Platform Settings (LIMIT_SETTINGS in shared/schemas/settings.ts),
 * read when they apply, so a change takes effect at once on every server. A process given a
 * fixed value (tests, the benchmark) keeps it.
 */
export interface LimitCaps {
  signupsPerAddressPerHour: number;
  signInFailuresPerAddress: number;
  uploadsPerMemberPerMinute: number;
  contestsPerMemberPerDay: number;
  draftsPerMember: number;
}
export type LimitCapsSource = () => Promise<LimitCaps>;

/** Which fixed setting stands for each cap. */
const FIXED_BY_CAP = {
  signupsPerAddressPerHour: 'signupsPerIpPerHour',
  signInFailuresPerAddress: 'guessesPerIp',
  uploadsPerMemberPerMinute: 'uploadsPerMinute',
  contestsPerMemberPerDay: 'contestsPerMemberPerDay',
  draftsPerMember: 'draftsPerMember',
} as const satisfies Record<keyof LimitCaps, keyof LimitSettings>;

/** The highest a cap may be set to: its counter counts that far, and the cap is read per call. */
const CAP_CEILING = 10_000;

/** The wait after the n-th failed guess at one account: 30 s, doubling, at most 15 minutes. */
export function accountDelaySeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(15 * 60, 30 * 2 ** (failures - free));
}

/** The reason of a guess refused because the account waits after failures (not the address). */
export const ACCOUNT_LOCKED = 'account_locked';

/** The reasons a limit names when the client should say which one it met (each a 429). */
export type LimitReason = typeof ACCOUNT_LOCKED | 'contest_limit' | 'draft_limit';

/** Every refusal, by limiter name (its key prefix): the metrics count them. */
export const limitRefusals = new EventEmitter();
limitRefusals.setMaxListeners(0);

export interface Limits {
  settings: LimitSettings;
  /** A cap's value now: the fixed one if this process was given it, else the admin's setting. */
  cap(name: keyof LimitCaps): Promise<number>;
  guessIp: RateLimiterAbstract;
  guessAccount: RateLimiterAbstract;
  accountSlot: RateLimiterAbstract;
  guessDevice: RateLimiterAbstract;
  signupIp: RateLimiterAbstract;
  uploadRate: RateLimiterAbstract;
  uploadBytes: RateLimiterAbstract;
  resetIp: RateLimiterAbstract;
  accountMail: RateLimiterAbstract;
  inviteMember: RateLimiterAbstract;
  inviteIp: RateLimiterAbstract;
  contestSubmit: RateLimiterAbstract;
}

/**
 * Where counters are kept: this process's memory; PostgreSQL through a pool (every counter); or
 * the SQLite file behind the app's handle (the account lock-outs, the rest in memory).
 */
export type LimitStore =
  { kind: 'memory' } | { kind: 'postgres'; pool: pg.Pool } | { kind: 'sqlite'; db: DB };

/**
 * The SQLite rate_limits table (migration 0009_rate_limits, rate-limiter-flexible's layout). It is
 * not in schema.sqlite.ts: only the limiter reads or writes it, as PostgreSQL's twin.
 */
const sqliteRateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: integer('expire', { mode: 'timestamp_ms' }),
});

/** How often the expired counters are swept, and how long past their expiry they are kept. */
export const RATE_LIMIT_SWEEP_EVERY_MS = 5 * 60 * 1000;
const KEPT_PAST_EXPIRY_MS = 60 * 60 * 1000;

/**
 * Deletes the counters (either engine's rate_limits) that expired over an hour before `now`;
 * answers how many went.
 */
export async function sweepExpiredLimits(db: DB, now = Date.now()): Promise<number> {
  const before = now - KEPT_PAST_EXPIRY_MS;
  const pool = postgresPool(db);
  if (pool) {
    const result = await pool.query('DELETE FROM rate_limits WHERE expire < $1', [before]);
    return result.rowCount ?? 0;
  }
  const gone = await db
    .delete(sqliteRateLimits)
    .where(lt(sqliteRateLimits.expire, new Date(before)))
    .returning({ key: sqliteRateLimits.key });
  return gone.length;
}

/** The sweep as a background job: every five minutes, by one server of all (its lease). */
export function rateLimitSweepJob({ db }: { db: DB }): Job<number> {
  return {
    name: 'rate-limit-sweep',
    everyMs: RATE_LIMIT_SWEEP_EVERY_MS,
    lease: 'rateLimitSweep',
    run: () => sweepExpiredLimits(db),
  };
}

/** The store for an app on `db`: its PostgreSQL pool, or its SQLite file. */
export function limitStoreFor(db: DB): LimitStore {
  const pool = postgresPool(db);
  return pool ? { kind: 'postgres', pool } : { kind: 'sqlite', db };
}

/** Whether a limiter's counters must outlive the process and be reachable from the console. */
type Keep = 'shared' | 'local';

function limiterFor(store: LimitStore) {
  // The library's own sweep is a timer per limiter that outlives the database it was given; the
  // rows expired an hour ago are swept by rateLimitSweepJob instead, which stops with the server.
  const sweep = () => false;
  return (options: IRateLimiterOptions, keep: Keep = 'local'): RateLimiterAbstract => {
    if (store.kind === 'postgres') {
      // The table comes from a migration (pg/0003_rate_limits).
      return new RateLimiterPostgres({
        ...options,
        storeClient: store.pool,
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: sweep(),
      });
    }
    if (store.kind === 'sqlite' && keep === 'shared') {
      // Each count is one upsert (or delete) through the app's handle: it waits for the writer
      // mutex like any write, so it never lands inside another request's open transaction.
      return new RateLimiterDrizzle({
        ...options,
        storeClient: store.db,
        schema: sqliteRateLimits,
        clearExpiredByTimeout: sweep(),
      });
    }
    return new RateLimiterMemory(options);
  };
}

export function createLimits(
  overrides: Partial<LimitSettings> = {},
  store: LimitStore = { kind: 'memory' },
  caps?: LimitCapsSource,
): Limits {
  const settings = { ...DEFAULT_LIMITS, ...overrides };
  const limiter = limiterFor(store);
  // A capped counter counts up to the highest cap an admin may set (or a larger fixed one).
  const ceiling = (fixed: number | undefined) => Math.max(CAP_CEILING, fixed ?? 0);
  return {
    settings,
    async cap(name) {
      const fixed = overrides[FIXED_BY_CAP[name]];
      if (fixed !== undefined) return fixed;
      return caps ? (await caps())[name] : settings[FIXED_BY_CAP[name]];
    },
    guessIp: limiter({
      keyPrefix: 'guess-ip',
      points: ceiling(overrides.guessesPerIp),
      duration: 15 * 60,
    }),
    // Failures at one account are remembered for a day; a success forgets them.
    // Both are what `unlock` clears: kept where the console reaches them.
    guessAccount: limiter(
      {
        keyPrefix: 'guess-acct',
        points: 1_000_000,
        duration: 24 * 3600,
      },
      'shared',
    ),
    accountSlot: limiter({ keyPrefix: 'acct-slot', points: 1, duration: 30 }, 'shared'),
    // A device cookie that keeps failing is locked out itself (OWASP device cookies), for an hour.
    guessDevice: limiter({
      keyPrefix: 'guess-device',
      points: settings.guessesPerDevice,
      duration: 3600,
      blockDuration: 3600,
    }),
    signupIp: limiter({
      keyPrefix: 'signup',
      points: ceiling(overrides.signupsPerIpPerHour),
      duration: 3600,
    }),
    uploadRate: limiter({
      keyPrefix: 'upload',
      points: ceiling(overrides.uploadsPerMinute),
      duration: 60,
    }),
    uploadBytes: limiter({
      keyPrefix: 'upload-bytes',
      points: settings.uploadBytesPerDay,
      duration: 24 * 3600,
    }),
    resetIp: limiter({
      keyPrefix: 'reset-ip',
      points: settings.resetRequestsPerIpPerHour,
      duration: 3600,
    }),
    // Per account on every server alike: a mail bomb from many addresses stops here too.
    accountMail: limiter(
      { keyPrefix: 'acct-mail', points: settings.accountMailsPerHour, duration: 3600 },
      'shared',
    ),
    // An invite code is a short secret: unlimited, a member could try codes until one fits.
    inviteMember: limiter({
      keyPrefix: 'invite-member',
      points: settings.inviteGuessesPerMember,
      duration: 15 * 60,
    }),
    inviteIp: limiter({
      keyPrefix: 'invite-ip',
      points: settings.inviteGuessesPerIp,
      duration: 15 * 60,
    }),
    // Per member on every server alike (a day is longer than a restart is apart).
    contestSubmit: limiter(
      {
        keyPrefix: 'contest-submit',
        points: ceiling(overrides.contestsPerMemberPerDay),
        duration: 24 * 3600,
      },
      'shared',
    ),
  };
}

function tooMany(
  ms: number,
  message: string = MSG.tooManyAttempts,
  reason?: LimitReason,
): AppError {
  return new AppError(reason ?? 'TOO_MANY_REQUESTS', message, {
    retryAfter: Math.max(1, Math.ceil(ms / 1000)),
  });
}

/** Takes `points` from a limiter for `key`, or throws 429 with Retry-After when none are left. */
export async function take(
  limiter: RateLimiterAbstract,
  key: string,
  points = 1,
  message?: string,
): Promise<void> {
  try {
    await limiter.consume(key, points);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      limitRefusals.emit('refused', limiter.keyPrefix);
      throw tooMany(rejection.msBeforeNext, message);
    }
    throw rejection;
  }
}

/**
 * Takes a point from a counter whose cap is read per call (`Limits.cap`): over `max`, 429 with
 * Retry-After (and `reason`, when the client should say which limit it met).
 */
export async function takeWithin(
  limiter: RateLimiterAbstract,
  key: string,
  max: number,
  message?: string,
  reason?: LimitReason,
): Promise<void> {
  const counted = await limiter.consume(key, 1).catch((rejection: unknown) => {
    // Past the ceiling itself: counted all the same.
    if (rejection instanceof RateLimiterRes) return rejection;
    throw rejection;
  });
  if (counted.consumedPoints <= max) return;
  // A refused call is not counted: raising the cap gives room at once.
  await limiter.reward(key, 1).catch(() => undefined);
  limitRefusals.emit('refused', limiter.keyPrefix);
  throw tooMany(counted.msBeforeNext, message, reason);
}

/**
 * Takes a point like `take`, but answers false instead of refusing: for limits the caller must
 * not reveal (a reset request for an account answers the same whether or not it was sent).
 */
export async function tryTake(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key, 1);
    return true;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      limitRefusals.emit('refused', limiter.keyPrefix);
      return false;
    }
    throw rejection;
  }
}

export interface Guess {
  /** The guess was right: forget this account's failures and give back the IP's point. */
  succeeded(): Promise<void>;
}

function rethrowLimited(
  limiter: RateLimiterAbstract,
  rejection: unknown,
  reason?: LimitReason,
): never {
  if (rejection instanceof RateLimiterRes) {
    limitRefusals.emit('refused', limiter.keyPrefix);
    throw tooMany(rejection.msBeforeNext, undefined, reason);
  }
  throw rejection;
}

/**
 * Counts a password guess before the (slow) hash check, so parallel or batched guesses are
 * counted too. Failures are what costs: an IP has `guessesPerIp` per 15 minutes, and an account,
 * across every IP, `freeGuessesPerAccount`; from then on each guess must take the account's one
 * slot, which stays taken for a growing wait (30 s, 60 s, ... 15 min). Taking the slot is one
 * atomic consume, so of many simultaneous guesses only one gets through. A right guess gives the
 * points back, so sign-ins that succeed never lock anyone out.
 *
 * `device` is the key of a valid device cookie naming this account (OWASP "Slow Down Online
 * Guessing Attacks with Device Cookies"): a browser that signed in to the account before. It is
 * let past the account's lock-out, which strangers may have caused, and has its own limit of
 * `guessesPerDevice` failures an hour instead; a cookie over it is locked out itself and its
 * guesses count as an unknown device's again. The IP's limit applies to every guess.
 */
export async function beginGuess(
  limits: Limits,
  ip: string,
  account: string,
  device?: string,
): Promise<Guess> {
  await takeWithin(limits.guessIp, ip, await limits.cap('signInFailuresPerAddress'));
  if (device) {
    const known = await limits.guessDevice.consume(device).then(
      () => true,
      (rejection: unknown) => {
        if (rejection instanceof RateLimiterRes) return false;
        throw rejection;
      },
    );
    if (known) {
      return {
        async succeeded() {
          // The account's own failures stay: they are strangers' guesses, not this browser's.
          await limits.guessIp.reward(ip);
          await limits.guessDevice.delete(device);
        },
      };
    }
  }
  const counted = await limits.guessAccount.consume(account);
  const free = limits.settings.freeGuessesPerAccount;
  if (counted.consumedPoints >= free) {
    const wait = accountDelaySeconds(counted.consumedPoints, free);
    try {
      await limits.accountSlot.consume(account, 1, { customDuration: wait });
    } catch (rejection) {
      // A refused guess was never checked: it does not count as a failure.
      await limits.guessAccount.reward(account);
      await limits.guessIp.reward(ip);
      // 'account_locked': the account, not this address, is what waits (an unlock link can help).
      rethrowLimited(limits.accountSlot, rejection, ACCOUNT_LOCKED);
    }
  }
  return {
    async succeeded() {
      await limits.guessIp.reward(ip);
      await limits.guessAccount.delete(account);
      await limits.accountSlot.delete(account);
    },
  };
}

/**
 * Forgets an account's failed guesses and its lock-out (sign-in, current-password and
 * two-factor code guesses), as a successful sign-in would: `npm run admin -- unlock USER`.
 */
export async function unlockAccount(
  limits: Limits,
  account: { id: number; username: string },
): Promise<void> {
  for (const key of [
    `login:${account.username.toLowerCase()}`,
    `password:${account.id}`,
    `2fa:${account.id}`,
  ]) {
    await limits.guessAccount.delete(key);
    await limits.accountSlot.delete(key);
  }
}
