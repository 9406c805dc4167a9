// Which rows of an answer key without a `split` column are public: a row is public when a keyed
// hash of its id, read as a fraction of 2^32, falls under the public fraction. Reproducible (the
// same seed and id always give the same side), independent of row order, and not computable by a
// member, who never sees the contest's seed.
// The hash is HalfSipHash-2-4 (Aumasson and Bernstein's SipHash family, 32-bit words, 32-bit
// output; checked against the reference implementation's vectors in the tests), keyed with the
// first 8 bytes of SHA-256(seed). SHA-256 per id through node:crypto was measured at 1.8 s for a
// million ids on this machine; HalfSipHash in JavaScript takes a few tens of milliseconds.
import { createHash } from 'node:crypto';

export interface SplitKey {
  k0: number;
  k1: number;
}

export function splitKey(seed: string): SplitKey {
  const digest = createHash('sha256').update(seed, 'utf8').digest();
  return { k0: digest.readUInt32LE(0), k1: digest.readUInt32LE(4) };
}

/** HalfSipHash-2-4 with a 32-bit output over bytes [from, to), as an unsigned integer. */
export function halfSipHash32(key: SplitKey, b: Uint8Array, from: number, to: number): number {
  let v0 = key.k0 | 0;
  let v1 = key.k1 | 0;
  let v2 = (0x6c796765 ^ key.k0) | 0;
  let v3 = (0x74656462 ^ key.k1) | 0;
  const length = to - from;
  const whole = from + (length & ~3);
  // Each 4-byte word, then the last block (0-3 bytes left and the length in its top byte), gets
  // two rounds; then four rounds of finalisation. One loop holds the round, written out rather
  // than a function of v0..v3, which would keep them in a heap context (measured four times
  // slower).
  const blocks = (length >> 2) + 1;
  for (let block = 0; block <= blocks; block++) {
    let m = 0;
    let rounds = 2;
    if (block < blocks - 1) {
      const i = from + block * 4;
      m = (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16) | ((b[i + 3] ?? 0) << 24);
    } else if (block === blocks - 1) {
      m = (length & 0xff) << 24;
      for (let i = whole; i < to; i++) m |= (b[i] ?? 0) << (8 * (i - whole));
    } else {
      v2 ^= 0xff;
      rounds = 4;
    }
    v3 ^= m;
    for (let r = 0; r < rounds; r++) {
      v0 = (v0 + v1) | 0;
      v1 = (v1 << 5) | (v1 >>> 27);
      v1 ^= v0;
      v0 = (v0 << 16) | (v0 >>> 16);
      v2 = (v2 + v3) | 0;
      v3 = (v3 << 8) | (v3 >>> 24);
      v3 ^= v2;
      v0 = (v0 + v3) | 0;
      v3 = (v3 << 7) | (v3 >>> 25);
      v3 ^= v0;
      v2 = (v2 + v1) | 0;
      v1 = (v1 << 13) | (v1 >>> 19);
      v1 ^= v2;
      v2 = (v2 << 16) | (v2 >>> 16);
    }
    v0 ^= m;
  }
  return (v1 ^ v3) >>> 0;
}

/** Whether the id in bytes [from, to) is public under this key and fraction. */
export function isPublicId(
  key: SplitKey,
  fraction: number,
  b: Uint8Array,
  from: number,
  to: number,
): boolean {
  return halfSipHash32(key, b, from, to) < fraction * 2 ** 32;
}
