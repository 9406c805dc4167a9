// Server-side sessions: one row per sign-in. The sealed cookie carries only the row's id, so
// deleting the row (logout, a ban, a demotion, a password change, 'Sign out' from another
// device) ends that session everywhere at once, whatever the cookie says.
import crypto from 'node:crypto';
import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { sessions, users } from '../../platform/db/schema';
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
export function createSession({
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
}): string {
  const id = crypto.randomBytes(32).toString('base64url');
  const now = Date.now();
  db.transaction((tx) => {
    if (replaces) deleteSession({ db: tx, sessionId: replaces });
    tx.insert(sessions)
      .values({
        id,
        userId,
        createdAt: new Date(now),
        lastSeenAt: new Date(now),
        expiresAt: new Date(now + SESSION_TTL_MS),
        ip: ip?.slice(0, 64) ?? null,
        userAgent: userAgent?.slice(0, 300) ?? null,
      })
      .run();
    tx.update(users)
      .set({ lastLoginAt: new Date(now) })
      .where(eq(users.id, userId))
      .run();
    tx.delete(sessions)
      .where(lt(sessions.expiresAt, new Date(now)))
      .run();
  });
  return id;
}

function prepareLookup(db: DB) {
  return db
    .select({
      ...publicUserColumns,
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .prepare();
}
function prepareTouch(db: DB) {
  return db
    .update(sessions)
    .set({ lastSeenAt: sql`${sql.placeholder('now')}` })
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare();
}
// Read on every request: one prepared statement per database.
const statements = new WeakMap<
  DB,
  { lookup: ReturnType<typeof prepareLookup>; touch: ReturnType<typeof prepareTouch> }
>();

/** The signed-in user of a session id, or undefined when the session ended or expired. */
export function getSessionUser({
  db,
  sessionId,
  now = Date.now(),
}: {
  db: DB;
  sessionId: string;
  now?: number;
}): SessionUser | undefined {
  let s = statements.get(db);
  if (!s) statements.set(db, (s = { lookup: prepareLookup(db), touch: prepareTouch(db) }));
  const row = s.lookup.get({ id: sessionId, now });
  if (!row) return undefined;
  const { lastSeenAt, ...user } = row;
  if (now - lastSeenAt.getTime() > TOUCH_EVERY_MS) s.touch.run({ id: sessionId, now });
  return user;
}

export function deleteSession({ db, sessionId }: { db: DbOrTx; sessionId: string }): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

/** Ends every session of a user, or every one but `exceptId` (the caller's own). */
export function deleteUserSessions({
  db,
  userId,
  exceptId,
}: {
  db: DbOrTx;
  userId: number;
  exceptId?: string;
}): number {
  const where = exceptId
    ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId))
    : eq(sessions.userId, userId);
  return db.delete(sessions).where(where).run().changes;
}

/** What Account Settings lists: the member's own live sessions, newest activity first. */
export function listUserSessions({
  db,
  userId,
  currentId,
}: {
  db: DB;
  userId: number;
  currentId?: string;
}): TSessionInfo[] {
  const rows = db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt))
    .all();
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
export function revokeOwnSession({
  db,
  userId,
  publicId,
}: {
  db: DB;
  userId: number;
  publicId: string;
}): void {
  const mine = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .all()
    .find((s) => publicSessionId(s.id) === publicId);
  if (!mine) throw new AppError('NOT_FOUND', 'Session not found');
  deleteSession({ db, sessionId: mine.id });
}
