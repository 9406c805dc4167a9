// Single-use recovery codes: shown once, kept as SHA-256 digests.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { recoveryCodes } from '../../../platform/db/schema';
import { RECOVERY_CODE_COUNT } from '../../../../shared/schemas/twoFactor';

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
export function normalizeRecoveryCode(code: string): string | undefined {
  const plain = code.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  return /^[0-9a-hjkmnp-tv-z]{12}$/.test(plain) ? plain : undefined;
}

export function digest(code: string): string {
  return crypto.createHash('sha256').update(`recovery:${code}`).digest('hex');
}

export async function storeRecoveryCodes(tx: DbOrTx, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: digest(normalizeRecoveryCode(code)!) })));
  return codes;
}
