// Registration and sign-in rules (SPEC 5, PRODUCT.md 'Tiers, roles, access').
import { sql } from 'drizzle-orm';
import type { DB } from '../db/client';
import { users } from '../db/schema';
import { MSG } from '../../shared/messages';
import type { TLoginRequest, TRegisterRequest } from '../../shared/schemas/auth';
import { AppError } from './errors';
import { getDummyHash, hashPassword, verifyPassword } from './passwords';
import type { LoginLimiter } from './rateLimiter';
import { getPlatformSettings } from './settings';
import {
  conflictField,
  getSessionUser,
  isUniqueViolation,
  publicUserColumns,
  type SessionUser,
} from './users';

export function assertUnique({
  db,
  username,
  email,
  exceptId,
}: {
  db: DB;
  username?: string;
  email?: string;
  exceptId?: number;
}): void {
  const except = exceptId ?? -1;
  if (username !== undefined) {
    const hit = db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.username} = ${username} COLLATE NOCASE AND ${users.id} != ${except}`)
      .get();
    if (hit) throw new AppError('CONFLICT', MSG.usernameTaken);
  }
  if (email !== undefined) {
    const hit = db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} = ${email} COLLATE NOCASE AND ${users.id} != ${except}`)
      .get();
    if (hit) throw new AppError('CONFLICT', MSG.emailTaken);
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

export async function register({
  db,
  input,
}: {
  db: DB;
  input: Omit<TRegisterRequest, 'confirmPassword' | 'phone'> & { phone?: string };
}): Promise<SessionUser> {
  const settings = getPlatformSettings({ db });
  if (!settings.enableRegistration) throw new AppError('FORBIDDEN', MSG.registrationDisabled);
  assertUnique({ db, username: input.username, email: input.email });
  const password = await hashPassword(input.password);
  try {
    return db
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        phone: input.phone ? input.phone : null,
        password,
        role: 'user',
        subscriptionTier: settings.defaultUserTier,
      })
      .returning({ ...publicUserColumns, sessionVersion: users.sessionVersion })
      .get();
  } catch (error) {
    rethrowUnique(error);
  }
}

export async function login({
  db,
  input,
  ip,
  limiter,
}: {
  db: DB;
  input: TLoginRequest;
  ip: string;
  limiter: LoginLimiter;
}): Promise<SessionUser> {
  const accountKey = `${ip}|${input.username.toLowerCase()}`;
  const wait = Math.max(limiter.perAccount.blockedFor(accountKey), limiter.perIp.blockedFor(ip));
  if (wait > 0) throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyAttempts, { retryAfter: wait });
  // Counted before the slow hash check, so parallel (batched) attempts are counted too.
  limiter.perAccount.fail(accountKey);
  limiter.perIp.fail(ip);

  const row = db
    .select({ id: users.id, password: users.password })
    .from(users)
    .where(sql`${users.username} = ${input.username} COLLATE NOCASE`)
    .get();
  const ok = await verifyPassword(input.password, row?.password ?? (await getDummyHash()));
  if (!row || !ok) throw new AppError('UNAUTHORIZED', MSG.invalidCredentials);

  const user = getSessionUser({ db, id: row.id });
  if (!user) throw new AppError('UNAUTHORIZED', MSG.invalidCredentials);
  if (user.role === 'banned') throw new AppError('FORBIDDEN', MSG.suspended);
  // Only failures count: a successful sign-in takes back the attempt counted above, or 30
  // sign-ins from one address (an office, a proxy) would lock everyone there out.
  limiter.perAccount.reset(accountKey);
  limiter.perIp.forgive(ip);
  return user;
}
