// Checking a code from the app or a recovery code: each is accepted once (the last accepted
// 30-second step is kept, one conditional update), and guesses are limited like password guesses.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { verify } from 'otplib';
import type { DbOrTx } from '../../../platform/db/client';
import { recoveryCodes, twoFactor } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { beginGuess, type Limits } from '../../../platform/limits';
import { TWO_FACTOR_MSG } from '../../../../shared/schemas/twoFactor';
import { openSecret } from './secret';
import { normalizeRecoveryCode, digest } from './recoveryCodes';

/** Codes of the step before and after the current one are accepted (clocks drift). */
const TOLERANCE_SECONDS = 30;

interface SecondFactor {
  userId: number;
  secret: string;
  enabledAt: Date | null;
  lastTimeStep: number | null;
}

export async function readSecondFactor(
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
export async function guessCode(
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
