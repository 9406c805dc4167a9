// Starting a session once a member has proven who they are. Every way in (password, the code
// step, sign-up, an OpenID provider, a confirmed link) comes here, whether through tRPC, REST or
// the OpenID redirect routes, so none of them starts a session its own way or skips the code.
import { eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import type { TSignedInUser, TUser } from '../../../shared/schemas/auth';
import { issueDeviceToken } from './devices';
import { createSession } from './sessions';
import { hasTwoFactor, startPendingSignIn } from './twoFactor';

/** What a sign-in needs of the request: where it comes from and its two cookies. */
export interface SignInRequest {
  db: DB;
  ip?: string;
  userAgent?: string;
  sessionSecret: string;
  /** The session cookie: names the new session (or the pending sign-in) from now on. */
  cookie: { id?: string; set(id: string): Promise<void> };
  /** The device cookie: this browser is known to the account's sign-in lock-out from now on. */
  device: { remember(token: string): void };
}

/**
 * Signs the user in on this request: a new session row, the cookie that names it, and a device
 * cookie that lets this browser past the account's sign-in lock-out from now on. The answer says
 * `firstSignIn` when the account had never signed in before (an account an admin made, say), so
 * the welcome is not 'Welcome back'.
 */
export async function startSession(request: SignInRequest, user: TUser): Promise<TSignedInUser> {
  const [before] = await request.db
    .select({ lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(eq(users.id, user.id));
  const id = await createSession({
    db: request.db,
    userId: user.id,
    ip: request.ip,
    userAgent: request.userAgent,
    replaces: request.cookie.id,
  });
  await request.cookie.set(id);
  request.device.remember(issueDeviceToken(request.sessionSecret, user.id));
  return before && !before.lastLoginAt ? { ...user, firstSignIn: true } : user;
}

/**
 * Signs in a member who has proven who they are (a password, an OpenID provider): a session at
 * once, or for an account with two-factor sign-in a pending sign-in on this cookie that the code
 * step (`loginTwoFactor`) completes.
 */
export async function signInOrAskCode(
  request: SignInRequest,
  user: TUser,
): Promise<TSignedInUser | { twoFactorRequired: true }> {
  if (await hasTwoFactor({ db: request.db, userId: user.id })) {
    const pending = await startPendingSignIn({
      db: request.db,
      userId: user.id,
      ip: request.ip,
      userAgent: request.userAgent,
      replaces: request.cookie.id,
    });
    await request.cookie.set(pending);
    return { twoFactorRequired: true as const };
  }
  return startSession(request, user);
}
