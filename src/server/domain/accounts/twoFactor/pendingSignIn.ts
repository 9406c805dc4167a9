// The second step of a sign-in: after the password, a pending sign-in (five minutes) that a
// code completes, named by this browser's session cookie.
import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DB } from '../../../platform/db/client';
import { pendingSignIns, users } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import type { Limits } from '../../../platform/limits';
import { MSG } from '../../../../shared/messages';
import { TWO_FACTOR_MSG } from '../../../../shared/schemas/twoFactor';
import { deleteSession } from '../sessions';
import { knownDeviceKey } from '../devices';
import { lockedOut, type UnlockOffer } from '../deviceUnlock';
import { readSecondFactor, guessCode } from './codeCheck';

/** How long the code step of a sign-in waits after the password step. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;
/** A session cookie naming a pending sign-in carries an id with this prefix (sessions never do). */
const PENDING_PREFIX = '2fa.';

/** Whether a session cookie names a pending sign-in rather than a session. */
export function isPendingSignInId(id: string | undefined): boolean {
  return Boolean(id?.startsWith(PENDING_PREFIX));
}

/**
 * The password was right and the account has a second factor: a pending sign-in, valid five
 * minutes, which the caller names in this browser's session cookie. Whatever that cookie named
 * before (a session, an earlier pending sign-in) ends: this browser is signing in again.
 */
export async function startPendingSignIn({
  db,
  userId,
  ip,
  userAgent,
  replaces,
  now = Date.now(),
}: {
  db: DB;
  userId: number;
  ip?: string;
  userAgent?: string;
  replaces?: string;
  now?: number;
}): Promise<string> {
  const id = `${PENDING_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  await db.transaction(async (tx) => {
    if (replaces && isPendingSignInId(replaces)) {
      await tx.delete(pendingSignIns).where(eq(pendingSignIns.id, replaces));
    } else if (replaces) {
      await deleteSession({ db: tx, sessionId: replaces });
    }
    await tx.insert(pendingSignIns).values({
      id,
      userId,
      createdAt: new Date(now),
      expiresAt: new Date(now + PENDING_SIGN_IN_MS),
      ip: ip?.slice(0, 64) ?? null,
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
    // Expired ones go here: no timer needed.
    await tx.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, new Date(now)));
  });
  return id;
}

/** A pending sign-in given up (logout on the code step). */
export async function cancelPendingSignIn({ db, id }: { db: DB; id: string }): Promise<void> {
  if (isPendingSignInId(id)) await db.delete(pendingSignIns).where(eq(pendingSignIns.id, id));
}

/**
 * The code step: the pending sign-in this cookie names (for five minutes), a code guess limited
 * like a password guess, and the pending sign-in used up. Answers the account to start a
 * session for; the caller starts it (../signIn.ts, the same as after a password).
 */
export async function completePendingSignIn({
  db,
  pendingId,
  code,
  username,
  ip,
  limits,
  sessionSecret,
  deviceTokens = [],
  unlock,
  now = Date.now(),
}: {
  db: DB;
  pendingId: string | undefined;
  code: string;
  username?: string;
  ip: string;
  limits: Limits;
  sessionSecret: string;
  deviceTokens?: readonly string[];
  /** The unlock link offered when the code step is locked for this browser (deviceUnlock.ts). */
  unlock?: UnlockOffer;
  now?: number;
}): Promise<{ userId: number }> {
  const expired = () => new AppError('BAD_REQUEST', TWO_FACTOR_MSG.signInExpired);
  if (!pendingId || !isPendingSignInId(pendingId)) throw expired();
  const [pending] = await db
    .select({
      userId: pendingSignIns.userId,
      expiresAt: pendingSignIns.expiresAt,
      username: users.username,
      role: users.role,
      banReason: users.banReason,
    })
    .from(pendingSignIns)
    .innerJoin(users, eq(users.id, pendingSignIns.userId))
    .where(eq(pendingSignIns.id, pendingId));
  if (!pending || pending.expiresAt.getTime() <= now) {
    if (pending) await db.delete(pendingSignIns).where(eq(pendingSignIns.id, pendingId));
    throw expired();
  }
  if (username !== undefined && username.toLowerCase() !== pending.username.toLowerCase()) {
    throw new AppError('BAD_REQUEST', TWO_FACTOR_MSG.signInOtherAccount);
  }
  if (pending.role === 'banned') {
    await db.delete(pendingSignIns).where(eq(pendingSignIns.id, pendingId));
    throw new AppError(
      'FORBIDDEN',
      pending.banReason ? `${MSG.suspended}. Reason: ${pending.banReason}` : MSG.suspended,
    );
  }
  const factor = await readSecondFactor(db, pending.userId, sessionSecret);
  // Reset by an admin since the password step: that step's premise is gone; start again.
  if (!factor?.enabledAt) {
    await db.delete(pendingSignIns).where(eq(pendingSignIns.id, pendingId));
    throw expired();
  }
  await guessCode(
    {
      db,
      factor,
      code,
      allowRecovery: true,
      limits,
      ip,
      device: knownDeviceKey(sessionSecret, deviceTokens, pending.userId),
      now,
    },
    'UNAUTHORIZED',
  ).catch((error: unknown) => {
    // Codes guessed by someone holding the password lock the step for unknown browsers: the
    // owner on a new one is offered the same way in as at the password step.
    throw lockedOut(error, { db, limits, username: pending.username, unlock });
  });
  // Used once: of two requests completing the same sign-in, one wins.
  const used = await db
    .delete(pendingSignIns)
    .where(and(eq(pendingSignIns.id, pendingId), gt(pendingSignIns.expiresAt, new Date(now))))
    .returning({ id: pendingSignIns.id });
  if (!used.length) throw expired();
  return { userId: pending.userId };
}
