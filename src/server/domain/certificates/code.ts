// A certificate's code (shared CERTIFICATE_CODE): 16 characters drawn uniformly by node:crypto
// from digits and capitals without I and O, which read like 1 and 0 when copied off paper.
import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const LENGTH = 16;

/** A fresh random code; uniqueness is the caller's to check (34^16 codes: collisions are rare). */
export function newCertificateCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
