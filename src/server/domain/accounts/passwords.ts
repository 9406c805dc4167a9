// scrypt at an OWASP setting (N=2^15, r=8, p=3: as strong as N=2^17, p=1 with a quarter of the
// memory). The parameters are stored with each hash, so they can be raised later: a hash made
// with weaker ones is redone at the member's next successful sign-in. The cost is injected (the
// production start always uses PRODUCTION_PARAMS; test suites pass a low one), never read from
// the environment, so no stray variable can weaken it.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEYLEN = 64;

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const PRODUCTION_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 3 };

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEYLEN, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | undefined {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((v) => Number.isSafeInteger(v) && v > 0)) return undefined;
  return { params, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

/**
 * The stored password of an account made through an OpenID provider, until its member sets one:
 * not a scrypt hash, so nothing ever verifies against it. Password sign-in refuses it in words.
 */
export const NO_PASSWORD = '!no-password';

/** Whether a stored password can ever verify: not one of the '!' markers (none, demo member). */
export function hasPassword(stored: string): boolean {
  return !stored.startsWith('!');
}

export interface PasswordHasher {
  params: ScryptParams;
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** True when a stored hash was made with weaker parameters than the current ones. */
  needsRehash(stored: string): boolean;
  /** A hash to compare against when the user does not exist, so timing does not reveal names. */
  dummyHash(): Promise<string>;
}

export function createPasswordHasher(params: ScryptParams = PRODUCTION_PARAMS): PasswordHasher {
  let dummy: Promise<string> | undefined;
  const hasher: PasswordHasher = {
    params,
    async hash(password) {
      const salt = randomBytes(16);
      const key = await scrypt(password, salt, params);
      const { N, r, p } = params;
      return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
    },
    async verify(password, stored) {
      const parsed = parse(stored);
      if (!parsed) return false;
      const actual = await scrypt(password, parsed.salt, parsed.params);
      return actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
    },
    needsRehash(stored) {
      const parsed = parse(stored);
      if (!parsed) return true;
      const cost = (q: ScryptParams) => q.N * q.r * q.p;
      return parsed.params.N < params.N || cost(parsed.params) < cost(params);
    },
    dummyHash() {
      dummy ??= hasher.hash(randomBytes(16).toString('hex'));
      return dummy;
    },
  };
  return hasher;
}
