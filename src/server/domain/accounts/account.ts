// A member's own account: profile, password and payout method.
import { eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { payoutMethods, users } from '../../platform/db/schema';
import { payoutMethodSaved } from '../payouts';
import type { TUser } from '../../../shared/schemas/auth';
import type {
  TChangePasswordRequest,
  TPaymentSettings,
  TPaymentSettingsResponse,
  TUpdateProfileRequestOutput,
} from '../../../shared/schemas/account';
import type { ActionWithInput, Actor } from '../../platform/actor';
import { assertUnique, rethrowUnique } from './auth';
import { AppError } from '../../platform/errors';
import { beginGuess, type Limits } from '../../platform/limits';
import { assertPasswordAllowed } from './passwordPolicy';
import { hasPassword, type PasswordHasher } from './passwords';
import { OIDC_MSG } from '../../../shared/schemas/oidc';
import { deleteUserSessions } from './sessions';
import { assertOwnUpload } from '../../platform/files/uploads';
import { passwordRowOf, publicUserColumns } from './users';
import { queueVerification } from './emailVerification';

/**
 * Changes the member's own profile. A new e-mail address is unverified until its link is opened:
 * the change and the mail with that link are one transaction.
 */
export async function updateProfile({
  db,
  actor,
  input,
  origin,
}: ActionWithInput<TUpdateProfileRequestOutput> & {
  /** Where a verification link points (PUBLIC_URL or the request's address). */
  origin: string;
}): Promise<TUser> {
  // A stored picture must be the caller's own avatar upload, not any file on the server.
  if (input.profileImage) {
    await assertOwnUpload({ db, actor, url: input.profileImage, purposes: ['avatar', 'any'] });
  }
  await assertUnique({ db, username: input.username, email: input.email, exceptId: actor.id });
  // PATCH semantics: only the fields that were sent change.
  const changes = Object.fromEntries(
    Object.entries({
      username: input.username,
      email: input.email,
      fullName: input.fullName,
      phone: input.phoneNumber,
      profileImage: input.profileImage,
    }).filter(([, v]) => v !== undefined),
  );
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, actor.id));
      if (!before) throw new AppError('NOT_FOUND', 'User not found');
      const emailChanged =
        input.email !== undefined && input.email.toLowerCase() !== before.email.toLowerCase();
      const set = emailChanged ? { ...changes, emailVerifiedAt: null } : changes;
      const [row] = Object.keys(set).length
        ? await tx.update(users).set(set).where(eq(users.id, actor.id)).returning(publicUserColumns)
        : await tx.select(publicUserColumns).from(users).where(eq(users.id, actor.id));
      if (!row) throw new AppError('NOT_FOUND', 'User not found');
      if (emailChanged) await queueVerification(tx, { user: row, origin });
      return row;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    rethrowUnique(error);
  }
}

/**
 * Changes the password and ends every other session of the member. A temporary password an admin
 * gave is replaced this way too: the session is then no longer restricted.
 */
export async function changePassword({
  db,
  actor,
  sessionId,
  limits,
  passwords,
  input,
}: {
  db: DB;
  actor: Actor;
  sessionId: string;
  limits: Limits;
  passwords: PasswordHasher;
  input: TChangePasswordRequest;
}): Promise<void> {
  const row = await passwordRowOf(db, actor.id);
  // A stolen session must not become a way to guess the password: same limits as sign-in.
  const guess = await beginGuess(limits, actor.ip ?? 'unknown', `password:${actor.id}`);
  if (!hasPassword(row.password)) throw new AppError('BAD_REQUEST', OIDC_MSG.noPasswordToChange);
  if (!(await passwords.verify(input.currentPassword, row.password))) {
    throw new AppError('BAD_REQUEST', 'Current password is incorrect');
  }
  await guess.succeeded();
  assertPasswordAllowed(input.newPassword, row);
  const password = await passwords.hash(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password, mustChangePassword: false })
      .where(eq(users.id, actor.id));
    await deleteUserSessions({ db: tx, userId: actor.id, exceptId: sessionId });
  });
}

const paymentColumns = {
  paymentMethod: payoutMethods.paymentMethod,
  accountName: payoutMethods.accountName,
  accountNumber: payoutMethods.accountNumber,
  bankName: payoutMethods.bankName,
  bankCode: payoutMethods.bankCode,
  cryptoAddress: payoutMethods.cryptoAddress,
  cryptoCurrency: payoutMethods.cryptoCurrency,
  paypalEmail: payoutMethods.paypalEmail,
  updatedAt: payoutMethods.updatedAt,
};

/** A member reads their own payout method; admins read anyone's (to pay out winnings). */
function assertMayReadPayout(actor: Actor, userId: number): void {
  if (userId !== actor.id && actor.role !== 'admin') {
    throw new AppError('NOT_FOUND', 'Payment settings not found');
  }
}

export async function getPaymentSettings({
  db,
  actor,
  userId = actor.id,
}: {
  db: DB;
  actor: Actor;
  userId?: number;
}): Promise<TPaymentSettingsResponse> {
  assertMayReadPayout(actor, userId);
  const [row] = await db
    .select(paymentColumns)
    .from(payoutMethods)
    .where(eq(payoutMethods.userId, userId));
  return row ?? null;
}

export async function savePaymentSettings({
  db,
  actor,
  userId,
  input,
}: {
  db: DB;
  actor: Actor;
  userId: number;
  input: TPaymentSettings;
}): Promise<NonNullable<TPaymentSettingsResponse>> {
  // Only the member changes where their own winnings go; another member's row is not there.
  if (userId !== actor.id) throw new AppError('NOT_FOUND', 'User not found');
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!exists) throw new AppError('NOT_FOUND', 'User not found');
  const values = { ...input, updatedAt: new Date() };
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(payoutMethods)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: payoutMethods.userId, set: values })
      .returning(paymentColumns);
    // Prizes waiting for a payout method (or not yet approved) go where the member now says.
    await payoutMethodSaved(tx, { userId });
    return saved!;
  });
}
