// A real, migrated SQLite file per test file, and callers acting as any principal.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Role, Tier } from '../../src/shared/constants';
import pg from 'pg';
import { inject } from 'vitest';
import {
  closeDatabase,
  openDatabase,
  openPostgresDatabase,
  type DB,
} from '../../src/server/platform/db/client';
import { dialect } from '../../src/server/platform/db/dialectChoice';
import { TEMPLATE_DB } from './pgGlobalSetup';
import { users } from '../../src/server/platform/db/schema';
import {
  createContextInner,
  type AppDeps,
  type SessionCookie,
} from '../../src/server/trpc/context';
import { createCaller } from '../../src/server/trpc/routers/_app';
import { createLimits, limitStoreFor, type LimitSettings } from '../../src/server/platform/limits';
import { getPlatformSettings } from '../../src/server/domain/settings';
import { createPasswordHasher } from '../../src/server/domain/accounts/passwords';
import { createSession, getSessionUser } from '../../src/server/domain/accounts/sessions';

/** Test suites hash at a low scrypt cost, injected here; the product never reads it from anywhere. */
export const testPasswords = createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });

export interface TestDb {
  dir: string;
  db: DB;
  /** Where a process of its own finds this database: DATABASE_PATH or DATABASE_URL. */
  env: { DATABASE_PATH: string; DATABASE_URL: string };
  deps: AppDeps;
  close: () => Promise<void>;
}

export interface TestDbOptions {
  /**
   * Abuse limits for this database's app. Suites register many members from one address and
   * create many contests per member, so sign-ups, uploads, contests and drafts are not limited
   * unless a test asks (a key given as undefined reads the platform setting, as production does);
   * every other limit is the product's.
   */
  limits?: Partial<LimitSettings>;
}

export async function createTestDb(options: TestDbOptions = {}): Promise<TestDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-test-'));
  const file = path.join(dir, 'app.db');
  const { db, drop, url } =
    dialect === 'pg'
      ? await createPostgresDb()
      : { db: await openDatabase(file), drop: async () => undefined, url: '' };
  const uploadDir = path.join(dir, 'uploads');
  fs.mkdirSync(uploadDir, { recursive: true });
  const deps: AppDeps = {
    db,
    logger: pino({ level: 'silent' }),
    limits: createLimits(
      {
        signupsPerIpPerHour: 100_000,
        uploadsPerMinute: 1000,
        contestsPerMemberPerDay: 100_000,
        draftsPerMember: 100_000,
        ...options.limits,
      },
      limitStoreFor(db),
      // A cap a test leaves unfixed (undefined in `limits`) is the platform setting, as in production.
      () => getPlatformSettings({ db }),
    ),
    passwords: testPasswords,
    sessionSecret: 'x'.repeat(32) + '-test-secret-for-iron-session',
    uploadDir,
    privateDir: path.join(dir, 'private'),
  };
  return {
    dir,
    db,
    env: { DATABASE_PATH: file, DATABASE_URL: url },
    deps,
    close: async () => {
      await closeDatabase(db);
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

let databases = 0;

/** A fresh database of the run's PostgreSQL cluster, copied from the migrated template. */
async function createPostgresDb(): Promise<{ db: DB; drop: () => Promise<void>; url: string }> {
  const adminUrl = inject('pgAdminUrl');
  databases += 1;
  const name = `t_${process.pid}_${databases}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgresDatabase(url.toString(), { poolSize: 4 });
  return {
    db,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** An in-memory stand-in for the session cookie: same fields, same set/clear contract. */
export function memoryCookie(id?: string): SessionCookie & { sets: number; cleared: boolean } {
  const cookie = {
    id,
    sets: 0,
    cleared: false,
    async set(next: string) {
      cookie.id = next;
      cookie.sets += 1;
    },
    clear() {
      cookie.id = undefined;
      cookie.cleared = true;
    },
  };
  return cookie;
}

let counter = 0;
export interface CreatedUser {
  id: number;
  username: string;
  email: string;
  password: string;
  role: Role;
}

export async function createUser(
  db: DB,
  opts: {
    role?: Role;
    tier?: Tier | null;
    username?: string;
    password?: string;
    email?: string;
    /**
     * An account that has never signed in (its first sign-in is welcomed as new, the users table
     * says 'Never'). By default the account is an existing member's, who signed in before.
     */
    neverSignedIn?: boolean;
  } = {},
): Promise<CreatedUser> {
  counter += 1;
  const username = opts.username ?? `user${counter}_${Math.random().toString(36).slice(2, 7)}`;
  const password = opts.password ?? 'password123';
  const email = opts.email ?? `${username}@example.com`;
  const role = opts.role ?? 'user';
  const [row] = await db
    .insert(users)
    .values({
      username,
      email,
      password: await testPasswords.hash(password),
      role,
      subscriptionTier: opts.tier === undefined ? (role === 'admin' ? null : 'free') : opts.tier,
      lastLoginAt: opts.neverSignedIn ? null : new Date(Date.now() - 24 * 60 * 60 * 1000),
    })
    .returning({ id: users.id });
  return { id: row!.id, username, email, password, role };
}

/**
 * A caller signed in as the given user (a real session row, as a sign-in makes), or anonymous.
 * The session row is written before the first call runs; `cookie.id` holds it from then on.
 */
export function callerFor(t: TestDb, user?: { id: number }, ip = '127.0.0.1') {
  const cookie = memoryCookie();
  const signedIn = user
    ? createSession({ db: t.db, userId: user.id, ip }).then((id) => {
        cookie.id = id;
      })
    : Promise.resolve();
  const caller = createCaller(async () => {
    await signedIn;
    return createContextInner({ deps: t.deps, cookie, ip });
  });
  return { caller, cookie, session: cookie, signedIn };
}

/** A new request carrying an existing cookie, as a browser sends its cookie again. */
export function reopen(t: TestDb, cookie: SessionCookie, ip = '127.0.0.1') {
  return createCaller(() =>
    createContextInner({ deps: t.deps, cookie: memoryCookie(cookie.id), ip }),
  );
}

/** The id of the user a cookie is signed in as (through its session row), or undefined. */
export async function signedInId(t: TestDb, cookie: SessionCookie): Promise<number | undefined> {
  return cookie.id ? (await getSessionUser({ db: t.db, sessionId: cookie.id }))?.id : undefined;
}
