// Reading users with an explicit column list: the password hash never leaves this layer.
import { eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { MSG } from '../../../shared/messages';
import { PASSWORD_CHANGE_REQUIRED, type TUser } from '../../../shared/schemas/auth';
import { AppError } from '../../platform/errors';

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
  mustChangePassword: users.mustChangePassword,
  emailVerifiedAt: users.emailVerifiedAt,
};

/** The signed-in caller: the public user and the id of the session they came with. */
export type SessionUser = TUser & { sessionId: string };

/**
 * A member given a temporary password by an admin must choose a new one before anything else:
 * every call but changing it, reading who is signed in and signing out is refused with this.
 */
export function assertPasswordChosen(user: { mustChangePassword: boolean }): void {
  if (user.mustChangePassword) {
    throw new AppError(PASSWORD_CHANGE_REQUIRED, MSG.passwordChangeRequired);
  }
}

export async function getUser({ db, id }: { db: DB; id: number }): Promise<TUser | undefined> {
  const [user] = await db.select(publicUserColumns).from(users).where(eq(users.id, id));
  return user;
}

export function toPublicUser(user: SessionUser): TUser {
  const { sessionId: _omit, ...rest } = user;
  return rest;
}

/**
 * What changing or setting a password reads: the stored hash (or the no-password marker) and the
 * names the new password must not contain. A missing user is a 404.
 */
export async function passwordRowOf(db: DB, id: number) {
  const [row] = await db
    .select({ password: users.password, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return row;
}
