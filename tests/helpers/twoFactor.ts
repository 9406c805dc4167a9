// Two-factor sign-in in tests: codes computed with otplib as an authenticator app would, for a
// clock the test holds still (vi.useFakeTimers on Date only), and turning it on for a member.
import { generate } from 'otplib';
import { vi } from 'vitest';
import type { createCaller } from '../../src/server/trpc/routers/_app';

/** TOTP's step, in seconds. */
export const STEP = 30;

/**
 * Holds Date still in the middle of a 30-second step (timers and I/O keep running), so the codes
 * of the step before, this one and the one after are all accepted and none goes stale while a
 * test runs. Returns that moment (ms); `vi.useRealTimers()` lets time run again.
 */
export function holdClock(offsetMs = 0): number {
  const now = Math.floor((Date.now() + offsetMs) / (STEP * 1000)) * STEP * 1000 + 15_000;
  vi.useFakeTimers({ toFake: ['Date'], now });
  return now;
}

/** Moves the held clock (e.g. past the five minutes of a pending sign-in). */
export function moveClock(ms: number): number {
  const now = Date.now() + ms;
  vi.setSystemTime(now);
  return now;
}

/** The app's code for `secret` at the held time plus `steps` steps (-1, 0 or 1 are accepted). */
export function codeAt(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * STEP });
}

type Caller = ReturnType<typeof createCaller>;

/**
 * Turns two-factor sign-in on through the procedures, as Account Settings does, confirming with
 * the code of the step before the held one (so this step's and the next are still unused).
 */
export async function turnOn(caller: Caller): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = await caller.twoFactor.beginSetup();
  const { recoveryCodes } = await caller.twoFactor.enable({ code: await codeAt(secret, -1) });
  return { secret, recoveryCodes };
}
