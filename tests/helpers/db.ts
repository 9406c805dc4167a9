// A real, migrated SQLite file per test file, and callers acting as any principal.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import type { Role, Tier } from '../../src/shared/constants';
import { closeDatabase, openDatabase, type DB } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { createContextInner, type AppDeps, type AppSession } from '../../src/server/context';
import { createCaller } from '../../src/server/routers/_app';
import { hashPassword } from '../../src/server/services/passwords';
import { createLoginLimiter } from '../../src/server/services/rateLimiter';

export interface TestDb {
  dir: string;
  db: DB;
  deps: AppDeps;
  close: () => void;
}

export function createTestDb(): TestDb {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-test-'));
  const db = openDatabase(path.join(dir, 'app.db'));
  const uploadDir = path.join(dir, 'uploads');
  fs.mkdirSync(uploadDir, { recursive: true });
  const deps: AppDeps = {
    db,
    logger: pino({ level: 'silent' }),
    limiter: createLoginLimiter(),
    sessionSecret: 'x'.repeat(32) + '-test-secret-for-iron-session',
    uploadDir,
  };
  return {
    dir,
    db,
    deps,
    close: () => {
      closeDatabase(db);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An in-memory stand-in for the iron-session cookie: same fields, same save/destroy contract. */
export function memorySession(
  init: { userId?: number; sessionVersion?: number } = {},
): AppSession & {
  saved: number;
  destroyed: boolean;
} {
  const session = {
    ...init,
    saved: 0,
    destroyed: false,
    async save() {
      session.saved += 1;
    },
    destroy() {
      session.userId = undefined;
      session.sessionVersion = undefined;
      session.destroyed = true;
    },
  };
  return session;
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
  } = {},
): Promise<CreatedUser> {
  counter += 1;
  const username = opts.username ?? `user${counter}_${Math.random().toString(36).slice(2, 7)}`;
  const password = opts.password ?? 'password123';
  const email = opts.email ?? `${username}@example.com`;
  const role = opts.role ?? 'user';
  const row = db
    .insert(users)
    .values({
      username,
      email,
      password: await hashPassword(password),
      role,
      subscriptionTier: opts.tier === undefined ? (role === 'admin' ? null : 'free') : opts.tier,
    })
    .returning({ id: users.id })
    .get();
  return { id: row.id, username, email, password, role };
}

/** A caller signed in as the given user (its current session version), or anonymous. */
export function callerFor(t: TestDb, user?: { id: number }, ip = '127.0.0.1') {
  let session = memorySession();
  if (user) {
    const row = t.db
      .select({ sessionVersion: users.sessionVersion })
      .from(users)
      .where(eq(users.id, user.id))
      .get();
    session = memorySession({ userId: user.id, sessionVersion: row?.sessionVersion ?? 0 });
  }
  const ctx = createContextInner({ deps: t.deps, session, ip });
  return { caller: createCaller(ctx), session };
}

/** A new request carrying an existing session, as a browser sends its cookie again. */
export function reopen(t: TestDb, session: AppSession) {
  return createCaller(createContextInner({ deps: t.deps, session }));
}
