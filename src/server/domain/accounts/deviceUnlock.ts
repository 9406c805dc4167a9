// OWASP's other half of device cookies: an account locked after failed guesses keeps strangers
// out, but also its owner on a browser it does not know. When a sign-in is refused for that
// lock, a link is mailed to the account's verified address; opened in a browser, it makes that
// browser a known device of the account (the device cookie), which the lock lets through. The
// link signs no one in: the password (and a two-factor code) is still needed.
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { equalsCaseless } from '../../platform/db/dialect';
import { AppError } from '../../platform/errors';
import { ACCOUNT_LINK_MESSAGES as M } from '../../../shared/schemas/accountLinks';
import { ACCOUNT_LOCKED, type Limits } from '../../platform/limits';
import { unlockDeviceMail } from '../messages';
import { consumeToken, mailLinkWithinLimit } from './accountTokens';
import { afterAnswer, type AfterAnswerHooks } from './afterAnswer';

/** The page an unlock link opens (App.tsx). */
export const TRUST_DEVICE_PATH = '/trust-device';

/** Where an unlock link points, and who hears of it (the request's origin, mailer and log). */
export interface UnlockOffer extends AfterAnswerHooks {
  origin: string;
}

/**
 * What a refused guess becomes at a sign-in step (the password, the two-factor code): when the
 * account is locked for this browser, the unlock link is offered and the answer says so, in the
 * same words whether or not the name exists; any other error passes as it is.
 */
export function lockedOut(
  error: unknown,
  {
    db,
    limits,
    username,
    unlock,
  }: { db: DB; limits: Limits; username: string; unlock?: UnlockOffer },
): unknown {
  if (!unlock || !(error instanceof AppError) || error.reason !== ACCOUNT_LOCKED) return error;
  offerUnlock({ db, limits, username, ...unlock });
  return new AppError(error.reason, M.accountLocked, { retryAfter: error.retryAfter });
}

/**
 * After a sign-in refused because the account named `username` is locked: mails an unlock link
 * to its verified address, after the answer (whether the account exists shows neither in the
 * answer nor in its time), at most as often as the account's mail limit allows.
 */
export function offerUnlock({
  db,
  limits,
  username,
  origin,
  onQueued,
  onError,
}: { db: DB; limits: Limits; username: string } & UnlockOffer): void {
  afterAnswer(() => mailUnlockLink({ db, limits, username, origin }), { onQueued, onError });
}

async function mailUnlockLink({
  db,
  limits,
  username,
  origin,
}: {
  db: DB;
  limits: Limits;
  username: string;
  origin: string;
}): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    // Only to an address the member proved is theirs, and never to a banned account.
    .where(
      and(
        equalsCaseless(users.username, username),
        isNotNull(users.emailVerifiedAt),
        ne(users.role, 'banned'),
      ),
    )
    .limit(1);
  if (!user) return false;
  return mailLinkWithinLimit(db, limits, `unlock:${user.id}`, {
    user,
    purpose: 'unlock_device',
    origin,
    path: TRUST_DEVICE_PATH,
    mail: unlockDeviceMail,
  });
}

/** Uses an unlock link up: whose browser it makes known, or a 400 when it is not usable. */
export async function trustDevice({
  db,
  token,
}: {
  db: DB;
  token: string;
}): Promise<{ userId: number; username: string }> {
  const used = await db.transaction((tx) => consumeToken(tx, { token, purpose: 'unlock_device' }));
  if (!used) {
    throw new AppError('link_invalid', M.linkInvalid);
  }
  const [user] = await db
    .select({ username: users.username, role: users.role })
    .from(users)
    .where(eq(users.id, used.userId));
  if (!user || user.role === 'banned') {
    throw new AppError('link_invalid', M.linkInvalid);
  }
  return { userId: used.userId, username: user.username };
}
