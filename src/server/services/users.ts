// Reading users with an explicit column list: the password hash never leaves this layer.
import { eq, sql } from 'drizzle-orm';
import type { DB, DbOrTx } from '../db/client';
import { users } from '../db/schema';
import type { TUser } from '../../shared/schemas/auth';

export const publicUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  phone: users.phone,
  fullName: users.fullName,
  role: users.role,
  subscriptionTier: users.subscriptionTier,
  profileImage: users.profileImage,
  createdAt: users.createdAt,
};

export type SessionUser = TUser & { sessionVersion: number };

function prepareSessionUser(db: DB) {
  return db
    .select({ ...publicUserColumns, sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare();
}
// Read on every request: one prepared statement per database instead of a query built each time.
const sessionUserStatements = new WeakMap<DB, ReturnType<typeof prepareSessionUser>>();

export function getSessionUser({ db, id }: { db: DB; id: number }): SessionUser | undefined {
  let statement = sessionUserStatements.get(db);
  if (!statement) sessionUserStatements.set(db, (statement = prepareSessionUser(db)));
  return statement.get({ id });
}

export function getUser({ db, id }: { db: DB; id: number }): TUser | undefined {
  return db.select(publicUserColumns).from(users).where(eq(users.id, id)).get();
}

export function toPublicUser(user: SessionUser): TUser {
  const { sessionVersion: _omit, ...rest } = user;
  return rest;
}

/** Ends every session the user holds (SPEC/PRODUCT: ban, role change, password change). */
export function bumpSessionVersion({ db, id }: { db: DbOrTx; id: number }): number {
  const row = db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, id))
    .returning({ sessionVersion: users.sessionVersion })
    .get();
  return row?.sessionVersion ?? 0;
}

export function isUniqueViolation(error: unknown): error is Error & { message: string } {
  return error instanceof Error && (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Which unique index a violation hit, from SQLite's message ("... users.username" style or index name). */
export function conflictField(error: Error): 'username' | 'email' | undefined {
  if (/username/i.test(error.message)) return 'username';
  if (/email/i.test(error.message)) return 'email';
  return undefined;
}
