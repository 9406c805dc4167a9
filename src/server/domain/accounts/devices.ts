// Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): after a
// successful sign-in the browser gets a token naming the account and a random nonce, signed with
// an HMAC of the session secret. A later sign-in to that account that carries a valid token is
// from a known device: it is let past the account's lock-out (platform/limits.ts), so strangers
// guessing at an account cannot keep its owner out.
import crypto from 'node:crypto';

/** How many accounts' tokens one browser keeps (a shared family computer, an admin's two roles). */
export const MAX_DEVICE_TOKENS = 5;

export interface DeviceToken {
  userId: number;
  /** Random, unique per token: the key its own failures are counted under. */
  nonce: string;
}

function signature(secret: string, body: string): string {
  return crypto.createHmac('sha256', secret).update(`device-cookie:v1:${body}`).digest('base64url');
}

/** A new token for this account: `{userId}.{nonce}.{hmac}`. */
export function issueDeviceToken(secret: string, userId: number): string {
  const body = `${userId}.${crypto.randomBytes(16).toString('base64url')}`;
  return `${body}.${signature(secret, body)}`;
}

/** The account a token names, whether or not it is genuine (to replace an older one). */
export function tokenUserId(token: string): number | undefined {
  const id = Number(token.slice(0, token.indexOf('.')));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The token's account and nonce when its signature is ours, else undefined (forged, garbled). */
export function verifyDeviceToken(secret: string, token: string): DeviceToken | undefined {
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, id, nonce, sig] = match;
  const expected = Buffer.from(signature(secret, `${id}.${nonce}`));
  const given = Buffer.from(sig!);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
    return undefined;
  }
  return { userId: Number(id), nonce: nonce! };
}

/** The key a known device's guesses are counted under in the limits. */
export function knownDeviceKey(
  secret: string,
  tokens: readonly string[],
  userId: number | undefined,
): string | undefined {
  if (userId === undefined) return undefined;
  for (const token of tokens) {
    const device = verifyDeviceToken(secret, token);
    if (device && device.userId === userId) return `${device.userId}:${device.nonce}`;
  }
  return undefined;
}
