// What a member sees and does in Account Settings (setting two-factor sign-in up, confirming it,
// new recovery codes, turning it off), an admin's reset, and the platform's rule that staff must
// have it.
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import type { DB, DbOrTx } from '../../../platform/db/client';
import { pendingSignIns, recoveryCodes, twoFactor, users } from '../../../platform/db/schema';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { beginGuess, type Limits } from '../../../platform/limits';
import {
  TWO_FACTOR_MSG,
  TWO_FACTOR_SETUP_REQUIRED,
  type TBeginSetupResponse,
  type TTwoFactorStatus,
} from '../../../../shared/schemas/twoFactor';
import { writeAudit } from '../../audit';
import { getPlatformSettings } from '../../settings';
import type { PasswordHasher } from '../passwords';
import { deleteUserSessions } from '../sessions';
import { sealSecret } from './secret';
import { storeRecoveryCodes } from './recoveryCodes';
import { readSecondFactor, guessCode } from './codeCheck';

const STAFF = new Set(['moderator', 'admin']);

/** Whether the account has two-factor sign-in turned on (set up and confirmed). */
export async function hasTwoFactor({
  db,
  userId,
}: {
  db: DbOrTx;
  userId: number;
}): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  return Boolean(row);
}

/** Whom the staff two-factor rule is asked about: the account's id and role. */
interface StaffRuleQuery {
  db: DB;
  user: { id: number; role: string };
}

/**
 * Whether the platform requires this account to set up two-factor sign-in before anything else
 * ('Require two-factor sign-in for moderators and admins', and it has none). Members never are.
 */
export async function twoFactorSetupRequired({ db, user }: StaffRuleQuery): Promise<boolean> {
  if (!STAFF.has(user.role)) return false;
  if (!(await getPlatformSettings({ db })).requireStaffTwoFactor) return false;
  return !(await hasTwoFactor({ db, userId: user.id }));
}

/** The gate in front of every procedure (trpc.ts) and the Express-only paths. */
export async function assertTwoFactorSetUp({ db, user }: StaffRuleQuery): Promise<void> {
  if (await twoFactorSetupRequired({ db, user })) {
    throw new AppError(TWO_FACTOR_SETUP_REQUIRED, TWO_FACTOR_MSG.setupRequired);
  }
}

export async function getTwoFactorStatus({ db, user }: StaffRuleQuery): Promise<TTwoFactorStatus> {
  const [row] = await db
    .select({ enabledAt: twoFactor.enabledAt })
    .from(twoFactor)
    .where(eq(twoFactor.userId, user.id));
  const enabledAt = row?.enabledAt ?? null;
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
  const settings = await getPlatformSettings({ db });
  return {
    enabled: enabledAt !== null,
    enabledAt,
    recoveryCodesLeft: enabledAt ? (left?.n ?? 0) : 0,
    requiredForRole: STAFF.has(user.role) && settings.requireStaffTwoFactor,
  };
}

/**
 * Step one of turning it on: a new secret (replacing any unconfirmed one), shown as a QR code
 * and as text. Nothing changes for sign-in until a code from it is confirmed (`enableTwoFactor`).
 */
export async function beginSetup({
  db,
  actor,
  sessionSecret,
}: {
  db: DB;
  actor: Actor;
  sessionSecret: string;
}): Promise<TBeginSetupResponse> {
  if (await hasTwoFactor({ db, userId: actor.id })) {
    throw new AppError('CONFLICT', TWO_FACTOR_MSG.alreadyEnabled);
  }
  const secret = generateSecret();
  const sealed = sealSecret(sessionSecret, actor.id, secret);
  await db
    .insert(twoFactor)
    .values({ userId: actor.id, secret: sealed })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secret: sealed, enabledAt: null, lastTimeStep: null },
      // Never over a confirmed one (turned on by another tab meanwhile).
      setWhere: isNull(twoFactor.enabledAt),
    });
  const { siteName } = await getPlatformSettings({ db });
  const otpauthUrl = generateURI({ issuer: siteName, label: actor.username, secret });
  const svg = await QRCode.toString(otpauthUrl, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  return {
    secret,
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Step two: the first code from the app turns it on. The member gets ten recovery codes (shown
 * once; only their digests are kept), and every other session of theirs ends.
 */
export async function enableTwoFactor({
  db,
  actor,
  sessionId,
  sessionSecret,
  limits,
  code,
  now,
}: {
  db: DB;
  actor: Actor;
  sessionId: string;
  sessionSecret: string;
  limits: Limits;
  code: string;
  now?: number;
}): Promise<string[]> {
  const factor = await readSecondFactor(db, actor.id, sessionSecret);
  if (!factor) throw new AppError('BAD_REQUEST', TWO_FACTOR_MSG.noSetup);
  if (factor.enabledAt) throw new AppError('CONFLICT', TWO_FACTOR_MSG.alreadyEnabled);
  await guessCode(
    { db, factor, code, allowRecovery: false, limits, ip: actor.ip ?? 'unknown', now },
    'BAD_REQUEST',
  );
  return db.transaction(async (tx) => {
    const turnedOn = await tx
      .update(twoFactor)
      .set({ enabledAt: new Date(now ?? Date.now()) })
      .where(and(eq(twoFactor.userId, actor.id), isNull(twoFactor.enabledAt)))
      .returning({ userId: twoFactor.userId });
    if (!turnedOn.length) throw new AppError('CONFLICT', TWO_FACTOR_MSG.alreadyEnabled);
    const codes = await storeRecoveryCodes(tx, actor.id);
    await deleteUserSessions({ db: tx, userId: actor.id, exceptId: sessionId });
    await tx.delete(pendingSignIns).where(eq(pendingSignIns.userId, actor.id));
    return codes;
  });
}

async function enabledFactor(db: DbOrTx, userId: number, sessionSecret: string) {
  const factor = await readSecondFactor(db, userId, sessionSecret);
  if (!factor?.enabledAt) throw new AppError('BAD_REQUEST', TWO_FACTOR_MSG.notEnabled);
  return factor;
}

/** New recovery codes for old ones (a code from the app, or a recovery code, first). */
export async function regenerateRecoveryCodes({
  db,
  actor,
  sessionSecret,
  limits,
  code,
}: {
  db: DB;
  actor: Actor;
  sessionSecret: string;
  limits: Limits;
  code: string;
}): Promise<string[]> {
  const factor = await enabledFactor(db, actor.id, sessionSecret);
  await guessCode(
    { db, factor, code, allowRecovery: true, limits, ip: actor.ip ?? 'unknown' },
    'BAD_REQUEST',
  );
  return db.transaction((tx) => storeRecoveryCodes(tx, actor.id));
}

/**
 * Turns it off: the password and a code (or a recovery code), each limited as its kind of guess
 * is. The secret and the recovery codes go, and every other session of the member ends.
 */
export async function disableTwoFactor({
  db,
  actor,
  sessionId,
  sessionSecret,
  limits,
  passwords,
  password,
  code,
}: {
  db: DB;
  actor: Actor;
  sessionId: string;
  sessionSecret: string;
  limits: Limits;
  passwords: PasswordHasher;
  password: string;
  code: string;
}): Promise<void> {
  const factor = await enabledFactor(db, actor.id, sessionSecret);
  const [row] = await db
    .select({ password: users.password })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  const ip = actor.ip ?? 'unknown';
  // The same account key as a password change's current-password guesses.
  const guess = await beginGuess(limits, ip, `password:${actor.id}`);
  if (!(await passwords.verify(password, row.password))) {
    throw new AppError('BAD_REQUEST', TWO_FACTOR_MSG.passwordIncorrect);
  }
  await guess.succeeded();
  await guessCode({ db, factor, code, allowRecovery: true, limits, ip }, 'BAD_REQUEST');
  await db.transaction(async (tx) => {
    await removeSecondFactor(tx, actor.id);
    await deleteUserSessions({ db: tx, userId: actor.id, exceptId: sessionId });
  });
}

async function removeSecondFactor(tx: DbOrTx, userId: number): Promise<boolean> {
  const removed = await tx
    .delete(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .returning({ enabledAt: twoFactor.enabledAt });
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
  return removed.some((r) => r.enabledAt !== null);
}

/**
 * An admin's (or the console's) reset for a member who lost their authenticator and their
 * recovery codes: two-factor sign-in is off, the member's sessions end (whoever holds them),
 * and the audit log says who did it.
 */
export async function resetTwoFactor({
  db,
  actor,
  userId,
}: {
  db: DB;
  actor: Pick<Actor, 'id' | 'username' | 'ip' | 'userAgent'>;
  userId: number;
}): Promise<{ username: string }> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(eq(users.id, userId));
    if (!target) throw new AppError('NOT_FOUND', 'User not found');
    if (!(await removeSecondFactor(tx, target.id))) {
      throw new AppError('CONFLICT', `${target.username} does not use two-factor sign-in`);
    }
    const ended = await deleteUserSessions({ db: tx, userId: target.id });
    await writeAudit({
      db: tx,
      actor,
      action: 'user.2fa.reset',
      targetType: 'user',
      targetId: target.id,
      before: { username: target.username, twoFactor: true },
      after: { username: target.username, twoFactor: false, sessionsEnded: ended },
    });
    return { username: target.username };
  });
}
