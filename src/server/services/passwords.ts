// scrypt at an OWASP setting (N=2^15, r=8, p=3: as strong as N=2^17, p=1 with a quarter of the
// memory). The parameters are stored with each hash so they can be raised later without breaking
// existing accounts.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEYLEN = 64;
export const PRODUCTION_PARAMS = { N: 2 ** 15, r: 8, p: 3 };
// Test suites only (set in vitest.config.ts): hashing at full cost would make them take minutes.
const DEFAULT =
  process.env.PASSWORD_HASH_FAST === '1' ? { N: 2 ** 10, r: 8, p: 1 } : PRODUCTION_PARAMS;

function scrypt(password: string, salt: Buffer, params: typeof PRODUCTION_PARAMS): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEYLEN, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, DEFAULT);
  const { N, r, p } = DEFAULT;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// A hash to compare against when the user does not exist, so timing does not reveal usernames.
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
