// Registration and sign-in rules (SPEC 5, PRODUCT.md 'Tiers, roles, access').
import { and, eq, ne } from 'drizzle-orm';
import type { DB, Tx } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { MSG } from '../../../shared/messages';
import type { TLoginRequest, TRegisterRequest, TUser } from '../../../shared/schemas/auth';
import { AppError } from '../../platform/errors';
import { knownDeviceKey } from './devices';
import { beginGuess, takeWithin, type Limits } from '../../platform/limits';
import { lockedOut, type UnlockOffer } from './deviceUnlock';
import { assertPasswordAllowed } from './passwordPolicy';
import { NO_PASSWORD, type PasswordHasher } from './passwords';
import { OIDC_MSG } from '../../../shared/schemas/oidc';
import { getPlatformSettings } from '../settings';
import { conflictField, equalsCaseless, isUniqueViolation } from '../../platform/db/dialect';
import { getUser, publicUserColumns } from './users';
import { queueVerification } from './emailVerification';

/** Whether another account (not `exceptId`) holds `value` in `column`, compared caselessly. */
async function heldByAnother(
  db: DB,
  column: typeof users.username | typeof users.email,
  value: string,
  exceptId: number,
): Promise<boolean> {
  const [hit] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(equalsCaseless(column, value), ne(users.id, exceptId)))
    .limit(1);
  return hit !== undefined;
}

export async function assertUnique({
  db,
  username,
  email,
  exceptId,
}: {
  db: DB;
  username?: string;
  email?: string;
  exceptId?: number;
}): Promise<void> {
  const except = exceptId ?? -1;
  if (username !== undefined && (await heldByAnother(db, users.username, username, except))) {
    throw new AppError('CONFLICT', MSG.usernameTaken);
  }
  if (email !== undefined && (await heldByAnother(db, users.email, email, except))) {
    throw new AppError('CONFLICT', MSG.emailTaken);
  }
}

/** Turns a unique-index race (two inserts at once) into the same 409 as the pre-check. */
export function rethrowUnique(error: unknown): never {
  if (isUniqueViolation(error)) {
    const field = conflictField(error);
    throw new AppError('CONFLICT', field === 'email' ? MSG.emailTaken : MSG.usernameTaken);
  }
  throw error;
}

/**
 * Counts a sign-up attempt from `ip`, or answers 429 with Retry-After once it has made too many.
 * Called before anything about the input is looked at or answered (auth.register's first step),
 * so an address over its limit learns nothing, not even whether a name is taken.
 */
export async function countSignup({ ip, limits }: { ip: string; limits: Limits }): Promise<void> {
  await takeWithin(
    limits.signupIp,
    ip,
    await limits.cap('signupsPerAddressPerHour'),
    MSG.tooManySignups,
  );
}

/**
 * Creates a member, and queues the link that verifies their address in the same transaction.
 * The attempt has been counted (`countSignup`) before the input was read.
 */
export async function register({
  db,
  input,
  passwords,
  origin,
}: {
  db: DB;
  input: Omit<TRegisterRequest, 'confirmPassword' | 'phone'> & { phone?: string };
  passwords: PasswordHasher;
  /** Where the verification link points (PUBLIC_URL or the request's address). */
  origin: string;
}): Promise<TUser> {
  const settings = await getPlatformSettings({ db });
  if (!settings.enableRegistration) throw new AppError('FORBIDDEN', MSG.registrationDisabled);
  const columns = {
    phone: input.phone ? input.phone : null,
    role: 'user' as const,
    subscriptionTier: settings.defaultUserTier,
  };
  return createPasswordAccount(db, passwords, input, columns, (tx, user) =>
    queueVerification(tx, { user, origin }),
  );
}

/**
 * Writes a new account with a password, the same way for a sign-up and an admin's Add User:
 * the password allowed, the username and e-mail free (a clash found only by the insert is the
 * same 409), then `andThen` in the same transaction (the verification mail, the audit entry).
 */
export async function createPasswordAccount(
  db: DB,
  passwords: PasswordHasher,
  input: { username: string; email: string; password: string },
  columns: Omit<typeof users.$inferInsert, 'username' | 'email' | 'password'>,
  andThen: (tx: Tx, user: TUser) => Promise<void>,
): Promise<TUser> {
  assertPasswordAllowed(input.password, input);
  await assertUnique({ db, username: input.username, email: input.email });
  const password = await passwords.hash(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ username: input.username, email: input.email, ...columns, password })
        .returning(publicUserColumns);
      await andThen(tx, user!);
      return user!;
    });
  } catch (error) {
    rethrowUnique(error);
  }
}

/** The browser's device cookie, as sign-in reads it (domain/accounts/devices.ts). */
export interface SignInDevice {
  secret: string;
  tokens: readonly string[];
}

export async function login({
  db,
  input,
  ip,
  limits,
  passwords,
  device,
  unlock,
}: {
  db: DB;
  input: TLoginRequest;
  ip: string;
  limits: Limits;
  passwords: PasswordHasher;
  /** A browser that signed in to this account before is let past the account's lock-out. */
  device?: SignInDevice;
  /**
   * Where an unlock link points, and who hears of it, when the account is locked for this
   * browser (deviceUnlock.ts).
   */
  unlock?: UnlockOffer;
}): Promise<TUser> {
  const [row] = await db
    .select({
      id: users.id,
      password: users.password,
      role: users.role,
      banReason: users.banReason,
    })
    .from(users)
    .where(equalsCaseless(users.username, input.username))
    .limit(1);
  // Counted before anything is answered: an unknown name and a known one are limited alike (a
  // device cookie can only name an account that exists, and only one it signed in to).
  const guess = await beginGuess(
    limits,
    ip,
    `login:${input.username.toLowerCase()}`,
    device && knownDeviceKey(device.secret, device.tokens, row?.id),
  ).catch((error: unknown) => {
    // The account waits, not this address: its owner may be on a new browser (the lock is kept
    // for unknown names too, so the answer tells nothing).
    throw lockedOut(error, { db, limits, username: input.username, unlock });
  });
  const ok = await passwords.verify(input.password, row?.password ?? (await passwords.dummyHash()));
  // An account made through a provider has no password yet: said in words (after the guess was
  // counted, like any failure), so its member knows which way in to take.
  if (row && row.password === NO_PASSWORD) throw new AppError('UNAUTHORIZED', OIDC_MSG.noPassword);
  if (!row || !ok) throw new AppError('UNAUTHORIZED', MSG.invalidCredentials);
  await guess.succeeded();
  if (row.role === 'banned') {
    throw new AppError(
      'FORBIDDEN',
      row.banReason ? `${MSG.suspended}. Reason: ${row.banReason}` : MSG.suspended,
    );
  }
  // A hash made at an older, weaker cost is redone now, while the password is at hand.
  if (passwords.needsRehash(row.password)) {
    const rehashed = await passwords.hash(input.password);
    // Only over the hash that was checked: a password changed meanwhile (the hash above takes
    // tens of milliseconds) is never put back to the old one.
    await db
      .update(users)
      .set({ password: rehashed })
      .where(and(eq(users.id, row.id), eq(users.password, row.password)));
  }
  const user = await getUser({ db, id: row.id });
  if (!user) throw new AppError('UNAUTHORIZED', MSG.invalidCredentials);
  return user;
}
