// The TOTP secret at rest: AES-256-GCM, the key derived with HKDF from SESSION_SECRET and the
// user id bound in as associated data, so a copy of the database alone (a backup, a dump) does
// not give anyone the codes. Changing SESSION_SECRET makes the stored secrets unreadable: those
// members then need an admin's reset (docs/architecture.md 'Two-factor sign-in').
import crypto from 'node:crypto';

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
