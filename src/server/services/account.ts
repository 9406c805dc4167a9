// A member's own account: profile, password and payout method.
import { eq } from 'drizzle-orm';
import type { DB } from '../db/client';
import { payoutMethods, users } from '../db/schema';
import type { TUser } from '../../shared/schemas/auth';
import type {
  TChangePasswordRequest,
  TPaymentSettings,
  TPaymentSettingsResponse,
} from '../../shared/schemas/account';
import { assertUnique, rethrowUnique } from './auth';
import { AppError } from './errors';
import { hashPassword, verifyPassword } from './passwords';
import { bumpSessionVersion, publicUserColumns } from './users';

export function updateProfile({
  db,
  userId,
  input,
}: {
  db: DB;
  userId: number;
  input: {
    username: string;
    email: string;
    fullName: string | null;
    phoneNumber: string | null;
    profileImage?: string | null;
  };
}): TUser {
  assertUnique({ db, username: input.username, email: input.email, exceptId: userId });
  try {
    const row = db
      .update(users)
      .set({
        username: input.username,
        email: input.email,
        fullName: input.fullName,
        phone: input.phoneNumber,
        // Absent means "leave the picture as it is"; null removes it.
        ...(input.profileImage !== undefined ? { profileImage: input.profileImage } : {}),
      })
      .where(eq(users.id, userId))
      .returning(publicUserColumns)
      .get();
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    return row;
  } catch (error) {
    if (error instanceof AppError) throw error;
    rethrowUnique(error);
  }
}

/** Changes the password and ends every other session; returns the caller's new session version. */
export async function changePassword({
  db,
  userId,
  input,
}: {
  db: DB;
  userId: number;
  input: TChangePasswordRequest;
}): Promise<number> {
  const row = db.select({ password: users.password }).from(users).where(eq(users.id, userId)).get();
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  if (!(await verifyPassword(input.currentPassword, row.password))) {
    throw new AppError('BAD_REQUEST', 'Current password is incorrect');
  }
  const password = await hashPassword(input.newPassword);
  return db.transaction((tx) => {
    tx.update(users).set({ password }).where(eq(users.id, userId)).run();
    return bumpSessionVersion({ db: tx, id: userId });
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

export function getPaymentSettings({
  db,
  userId,
}: {
  db: DB;
  userId: number;
}): TPaymentSettingsResponse {
  return (
    db.select(paymentColumns).from(payoutMethods).where(eq(payoutMethods.userId, userId)).get() ??
    null
  );
}

export function savePaymentSettings({
  db,
  userId,
  input,
}: {
  db: DB;
  userId: number;
  input: TPaymentSettings;
}): NonNullable<TPaymentSettingsResponse> {
  const exists = db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get();
  if (!exists) throw new AppError('NOT_FOUND', 'User not found');
  const values = { ...input, updatedAt: new Date() };
  return db
    .insert(payoutMethods)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: payoutMethods.userId, set: values })
    .returning(paymentColumns)
    .get();
}
