// E-mail verification: a link mailed at registration, after an address change and on request;
// opening it sets users.email_verified_at. A link verifies only the address it was sent to.
import { eq } from 'drizzle-orm';
import type { DB, DbOrTx } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { take, type Limits } from '../../platform/limits';
import { ACCOUNT_LINK_MESSAGES as M } from '../../../shared/schemas/accountLinks';
import type { Actor } from '../../platform/actor';
import { verifyEmailMail } from '../messages';
import { consumeToken, mailAccountLink } from './accountTokens';

/** The page a verification link opens (App.tsx). */
export const VERIFY_EMAIL_PATH = '/verify-email';

/** Issues a link for the member's current address and queues its mail, inside `tx`. */
export async function queueVerification(
  tx: DbOrTx,
  { user, origin }: { user: { id: number; username: string; email: string }; origin: string },
): Promise<void> {
  await mailAccountLink(tx, {
    user,
    purpose: 'verify_email',
    origin,
    path: VERIFY_EMAIL_PATH,
    mail: verifyEmailMail,
  });
}

/** 'Send the link again' (Account Settings, a refused join): limited per account. */
export async function resendVerification({
  db,
  limits,
  actor,
  origin,
}: {
  db: DB;
  limits: Limits;
  actor: Pick<Actor, 'id'>;
  origin: string;
}): Promise<void> {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  if (user.emailVerifiedAt) {
    throw new AppError('already_verified', M.alreadyVerified);
  }
  await take(limits.accountMail, `verify:${user.id}`, 1, M.tooManyMails);
  await db.transaction(async (tx) => queueVerification(tx, { user, origin }));
}

/**
 * Opens a verification link: the token is used up and the address verified, if it is still the
 * member's address (a link sent to an old address verifies nothing). Anyone holding the link may
 * open it, signed in or not: the link is the proof.
 */
export async function verifyEmail({
  db,
  token,
  now = Date.now(),
}: {
  db: DB;
  token: string;
  now?: number;
}): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, { token, purpose: 'verify_email', now });
    if (!used) throw new AppError('link_invalid', M.linkInvalid);
    const [user] = await tx
      .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, used.userId));
    if (!user || user.email.toLowerCase() !== used.email.toLowerCase()) {
      throw new AppError('link_invalid', M.linkInvalid);
    }
    if (!user.emailVerifiedAt) {
      await tx
        .update(users)
        .set({ emailVerifiedAt: new Date(now) })
        .where(eq(users.id, used.userId));
    }
    return { email: user.email };
  });
}
