// Two-factor sign-in (TOTP, RFC 6238, through otplib): setting it up and confirming it, the
// second step of a sign-in, single-use recovery codes, turning it off, an admin's reset, and the
// platform's rule that staff must have it.
//
// The TOTP secret is stored encrypted (AES-256-GCM, the key derived with HKDF from
// SESSION_SECRET, the user id bound in as associated data), so a copy of the database alone
// (a backup, a dump) does not give anyone the codes. Changing SESSION_SECRET makes the stored
// secrets unreadable: those members then need an admin's reset (README 'Two-factor sign-in').
import crypto from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { DB, DbOrTx } from '../../platform/db/client';
import { pendingSignIns, recoveryCodes, twoFactor, users } from '../../platform/db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { beginGuess, type Limits } from '../../platform/limits';
import { MSG } from '../../../shared/messages';
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MSG,
  TWO_FACTOR_SETUP_REQUIRED,
  type TBeginSetupResponse,
  type TTwoFactorStatus,
} from '../../../shared/schemas/twoFactor';
import { getPlatformSettings, writeAudit } from '../admin';
import type { PasswordHasher } from './passwords';
import { deleteSession, deleteUserSessions } from './sessions';
import { knownDeviceKey } from './devices';
import { lockedOut, type UnlockOffer } from './deviceUnlock';

/** How long the code step of a sign-in waits after the password step. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;
/** A session cookie naming a pending sign-in carries an id with this prefix (sessions never do). */
const PENDING_PREFIX = '2fa.';
/** Codes of the step before and after the current one are accepted (clocks drift). */
const TOLERANCE_SECONDS = 30;

// ---- the secret at rest ------------------------------------------------------------------------

const keys = new Map<string, Buffer>();
function keyFor(sessionSecret: string): Buffer {
  let key = keys.get(sessionSecret);
  if (!key) {
    key = Buffer.from(
      crypto.hkdfSync('sha256', sessionSecret, 'contest-platform', 'totp-secret:v1', 32),
    );
    keys.set(sessionSecret, key);
  }
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url, bound to the account it belongs to. */
export function sealSecret(sessionSecret: string, userId: number, secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFor(sessionSecret), iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url')).join('.');
}

/** The secret, or undefined when it was sealed under another SESSION_SECRET (or tampered with). */
export function openSecret(
  sessionSecret: string,
  userId: number,
  sealed: string,
): string | undefined {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return undefined;
  try {
    const decipher = crypto.createDecipheriv(
      'aes-256-gcm',
      keyFor(sessionSecret),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAAD(Buffer.from(`user:${userId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}

// ---- recovery codes ----------------------------------------------------------------------------

// Crockford's base32: no i, l, o, u, so nothing reads as something else.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Ten codes like 'k3m9-x2pa-7qhd': 60 random bits each. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = crypto.randomBytes(12);
    const chars = [...bytes].map((b) => ALPHABET[b & 31]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** A typed recovery code as stored: case, dashes and spaces do not matter; o/i/l read as 0/1. */
function normalizeRecoveryCode(code: string): string | undefined {
  const plain = code.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  return /^[0-9a-hjkmnp-tv-z]{12}$/.test(plain) ? plain : undefined;
}

function digest(code: string): string {
  return crypto.createHash('sha256').update(`recovery:${code}`).digest('hex');
}

async function storeRecoveryCodes(tx: DbOrTx, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: digest(normalizeRecoveryCode(code)!) })));
  return codes;
}

// ---- checking a code ---------------------------------------------------------------------------

interface SecondFactor {
  userId: number;
  secret: string;
  enabledAt: Date | null;
  lastTimeStep: number | null;
}

async function readSecondFactor(
  db: DbOrTx,
  userId: number,
  sessionSecret: string,
): Promise<SecondFactor | undefined> {
  const [row] = await db
    .select({
      secret: twoFactor.secret,
      enabledAt: twoFactor.enabledAt,
      lastTimeStep: twoFactor.lastTimeStep,
    })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  if (!row) return undefined;
  const secret = openSecret(sessionSecret, userId, row.secret);
  if (secret === undefined) throw new AppError('CONFLICT', TWO_FACTOR_MSG.secretUnreadable);
  return { userId, secret, enabledAt: row.enabledAt, lastTimeStep: row.lastTimeStep };
}

/** The time step a six-digit code matches (this one, the one before or after), if any. */
async function matchingStep(
  secret: string,
  token: string,
  now: number,
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(now / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  });
  // TOTP's answer names the step it matched (HOTP's, in the same union type, does not).
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

type CodeOutcome = 'ok' | 'invalid' | 'used';

/**
 * Checks a code against the member's second factor and uses it up: a TOTP code moves the
 * account's last accepted step forward (one conditional update, so the same code, or an older
 * one, is never accepted twice, even by two requests at once); a recovery code is marked used
 * (one conditional update too).
 */
async function useCode({
  db,
  factor,
  code,
  allowRecovery,
  now,
}: {
  db: DbOrTx;
  factor: SecondFactor;
  code: string;
  allowRecovery: boolean;
  now: number;
}): Promise<CodeOutcome> {
  const digits = code.replace(/\s/g, '');
  if (/^[0-9]{6}$/.test(digits)) {
    const step = await matchingStep(factor.secret, digits, now);
    if (step === undefined) return 'invalid';
    if (factor.lastTimeStep !== null && step <= factor.lastTimeStep) return 'used';
    const moved = await db
      .update(twoFactor)
      .set({ lastTimeStep: step })
      .where(
        and(
          eq(twoFactor.userId, factor.userId),
          or(isNull(twoFactor.lastTimeStep), lt(twoFactor.lastTimeStep, step)),
        ),
      )
      .returning({ userId: twoFactor.userId });
    return moved.length ? 'ok' : 'used';
  }
  const recovery = allowRecovery ? normalizeRecoveryCode(code) : undefined;
  if (!recovery) return 'invalid';
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(recoveryCodes.userId, factor.userId),
        eq(recoveryCodes.codeHash, digest(recovery)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length ? 'ok' : 'invalid';
}

function refusal(outcome: Exclude<CodeOutcome, 'ok'>, code: 'BAD_REQUEST' | 'UNAUTHORIZED') {
  return new AppError(
    code,
    outcome === 'used' ? TWO_FACTOR_MSG.codeUsed : TWO_FACTOR_MSG.codeInvalid,
  );
}

/**
 * A code guess at an account, limited exactly as password guesses are (platform/limits.ts): per
 * address, and per account across addresses with a growing wait after five failures, a browser
 * that signed in to the account before being let past the account's lock-out.
 */
async function guessCode(
  args: {
    db: DbOrTx;
    factor: SecondFactor;
    code: string;
    allowRecovery: boolean;
    limits: Limits;
    ip: string;
    device?: string;
    now?: number;
  },
  failAs: 'BAD_REQUEST' | 'UNAUTHORIZED',
): Promise<void> {
  const guess = await beginGuess(args.limits, args.ip, `2fa:${args.factor.userId}`, args.device);
  const outcome = await useCode({ ...args, now: args.now ?? Date.now() });
  if (outcome !== 'ok') throw refusal(outcome, failAs);
  await guess.succeeded();
}

// ---- what a member sees and does in Account Settings --------------------------------------------

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

/**
 * Whether the platform requires this account to set up two-factor sign-in before anything else
 * ('Require two-factor sign-in for moderators and admins', and it has none). Members never are.
 */
export async function twoFactorSetupRequired({
  db,
  user,
}: {
  db: DB;
  user: { id: number; role: string };
}): Promise<boolean> {
  if (!STAFF.has(user.role)) return false;
  if (!(await getPlatformSettings({ db })).requireStaffTwoFactor) return false;
  return !(await hasTwoFactor({ db, userId: user.id }));
}

/** The gate in front of every procedure (trpc.ts) and the Express-only paths. */
export async function assertTwoFactorSetUp({
  db,
  user,
}: {
  db: DB;
  user: { id: number; role: string };
}): Promise<void> {
  if (await twoFactorSetupRequired({ db, user })) {
    throw new AppError('FORBIDDEN', TWO_FACTOR_MSG.setupRequired, {
      reason: TWO_FACTOR_SETUP_REQUIRED,
    });
  }
}

export async function getTwoFactorStatus({
  db,
  user,
}: {
  db: DB;
  user: { id: number; role: string };
}): Promise<TTwoFactorStatus> {
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

// ---- the second step of a sign-in ---------------------------------------------------------------

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
 * session for; the caller starts it (trpc/routers/auth.ts, the same as after a password).
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
