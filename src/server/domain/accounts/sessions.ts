// Server-side sessions: one row per sign-in. The sealed cookie carries only the row's id, so
// deleting the row (logout, a ban, a demotion, a password change, 'Sign out' from another
// device) ends that session everywhere at once, whatever the cookie says.
import crypto from 'node:crypto';
import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { sessions, users } from '../../platform/db/schema';
import { prepareNamed, timeParam } from '../../platform/db/dialect';
import type { TSessionInfo } from '../../../shared/schemas/account';
import { AppError } from '../../platform/errors';
import { publicUserColumns, type SessionUser } from './users';

export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
// 'Last seen' is written at most this often per session, so a signed-in read stays a read.
const TOUCH_EVERY_MS = 60_000;

/**
 * A new session row for a sign-in, in one transaction with what goes with it: the session it
 * replaces on this browser (`replaces`) ends, the user's last sign-in is noted, and expired rows
 * are dropped (no timer needed).
 */
export async function createSession({
  db,
  userId,
  ip,
  userAgent,
  replaces,
}: {
  db: DbOrTx;
  userId: number;
  ip?: string;
  userAgent?: string;
  replaces?: string;
}): Promise<string> {
  const id = crypto.randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.transaction(async (tx) => {
    if (replaces) await deleteSession({ db: tx, sessionId: replaces });
    await tx.insert(sessions).values({
      id,
      userId,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + SESSION_TTL_MS),
      ip: ip?.slice(0, 64) ?? null,
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
    await tx
      .update(users)
      .set({ lastLoginAt: new Date(now) })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(lt(sessions.expiresAt, new Date(now)));
  });
  return id;
}

function prepareLookup(db: DB) {
  return prepareNamed(
    db
      .select({
        ...publicUserColumns,
        sessionId: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))),
      ),
    'sessions.lookup',
  );
}
// Read on every request: one prepared statement per database. The occasional 'last seen' write
// is a plain awaited update, so it waits for the writer like every other write.
const statements = new WeakMap<DB, { lookup: ReturnType<typeof prepareLookup> }>();

/** The signed-in user of a session id, or undefined when the session ended or expired. */
export async function getSessionUser({
  db,
  sessionId,
  now = Date.now(),
}: {
  db: DB;
  sessionId: string;
  now?: number;
}): Promise<SessionUser | undefined> {
  let s = statements.get(db);
  if (!s) statements.set(db, (s = { lookup: prepareLookup(db) }));
  const [row] = await s.lookup.execute({ id: sessionId, now: timeParam(now) });
  if (!row) return undefined;
  const { lastSeenAt, ...user } = row;
  if (now - lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, sessionId));
  }
  return user;
}

export async function deleteSession({
  db,
  sessionId,
}: {
  db: DbOrTx;
  sessionId: string;
}): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `exceptId` (the caller's own). */
export async function deleteUserSessions({
  db,
  userId,
  exceptId,
}: {
  db: DbOrTx;
  userId: number;
  exceptId?: string;
}): Promise<number> {
  const where = exceptId
    ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId))
    : eq(sessions.userId, userId);
  return (await db.delete(sessions).where(where).returning({ id: sessions.id })).length;
}

/** What Account Settings lists: the member's own live sessions, newest activity first. */
export async function listUserSessions({
  db,
  userId,
  currentId,
}: {
  db: DB;
  userId: number;
  currentId?: string;
}): Promise<TSessionInfo[]> {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((r) => ({
    // The cookie's secret is never shown: a session is named by a digest of its id.
    id: publicSessionId(r.id),
    createdAt: r.createdAt,
    lastSeenAt: r.lastSeenAt,
    ip: r.ip,
    userAgent: r.userAgent,
    current: r.id === currentId,
  }));
}

export function publicSessionId(id: string): string {
  return crypto.createHash('sha256').update(id).digest('base64url').slice(0, 22);
}

/** 'Sign out' on one of the member's own sessions; another member's session answers 404. */
export async function revokeOwnSession({
  db,
  userId,
  publicId,
}: {
  db: DB;
  userId: number;
  publicId: string;
}): Promise<void> {
  const mine = (
    await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))
  ).find((s) => publicSessionId(s.id) === publicId);
  if (!mine) throw new AppError('NOT_FOUND', 'Session not found');
  await deleteSession({ db, sessionId: mine.id });
}
