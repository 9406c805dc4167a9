// The key's ids as one block of bytes with an open-addressing hash table over it, so a
// submission's id is found from its bytes in the file, without a string per row. Measured on this
// machine: a JavaScript Map of a million fresh id strings took 0.45 s to fill and 0.4 s to probe;
// this table takes a part of that and makes no garbage. Each slot holds the row, the id's place in
// the bytes, its length and its hash side by side (one cache line), so a probe in a table of a
// million ids costs one memory miss for the slot and one for the bytes it confirms.
// Plain data (typed arrays only), so it crosses postMessage to a worker thread as it is.
// The hash is FNV-1a (32 bits) with a final mix. The key's ids come from the organiser; a
// member's ids are only looked up, never inserted, so a member cannot lengthen the probe chains.
import { Buffer } from 'node:buffer';
import { grown } from './growing';

/** Words per slot: row + 1 (0 for an empty slot), start in bytes, length, hash. */
const SLOT = 4;

export interface IdIndex {
  /** every id's UTF-8 bytes, one after the other, in the key's row order */
  bytes: Uint8Array;
  /** id i is bytes[starts[i], starts[i + 1]); length rows + 1 */
  starts: Uint32Array;
  /** SLOT words per slot; the slot count is a power of two */
  table: Uint32Array;
  rows: number;
}

export function hashBytes(b: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ (b[i] ?? 0), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/**
 * The slot holding the id in bytes [from, to) (its row is table[slot * SLOT] - 1), or the empty
 * slot where it would go (table[slot * SLOT] === 0).
 */
function probe(
  table: Uint32Array,
  own: Uint8Array,
  hash: number,
  b: Uint8Array,
  from: number,
  to: number,
): number {
  const mask = table.length / SLOT - 1;
  const length = to - from;
  for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
    const at = slot * SLOT;
    if (table[at] === 0) return slot;
    if (table[at + 3] !== hash || table[at + 2] !== length) continue;
    const start = table[at + 1] ?? 0;
    let i = 0;
    while (i < length && own[start + i] === b[from + i]) i++;
    if (i === length) return slot;
  }
}

/** The row of the id in bytes [from, to), or -1. */
export function findId(index: IdIndex, b: Uint8Array, from: number, to: number): number {
  const slot = probe(index.table, index.bytes, hashBytes(b, from, to), b, from, to);
  return (index.table[slot * SLOT] ?? 0) - 1;
}

/** The row of an id given as text, or -1. */
export function findIdText(index: IdIndex, id: string): number {
  const b = Buffer.from(id, 'utf8');
  return findId(index, b, 0, b.length);
}

/** The id of a row as text. */
export function idAt(index: IdIndex, row: number): string {
  const s = index.starts[row] ?? 0;
  const e = index.starts[row + 1] ?? 0;
  return Buffer.from(index.bytes.buffer, index.bytes.byteOffset, index.bytes.byteLength).toString(
    'utf8',
    s,
    e,
  );
}

/** Builds an IdIndex one id at a time, refusing repeats. */
export class IdIndexBuilder {
  private bytes = new Uint8Array(1 << 16);
  private used = 0;
  private starts = new Uint32Array(1 << 12);
  private table: Uint32Array;
  rows = 0;

  /** `expectedRows`: how many ids will come at most, so the table is made once at its size
   * (growing it from small moved a million entries around 20 times over). */
  constructor(expectedRows = 0) {
    let slots = 1 << 13;
    while (slots < expectedRows * 2) slots *= 2;
    this.table = new Uint32Array(slots * SLOT);
  }

  /** Adds the id in bytes [from, to) as the next row, or gives the row that already holds it. */
  add(b: Uint8Array, from: number, to: number): number {
    const hash = hashBytes(b, from, to);
    const slot = probe(this.table, this.bytes, hash, b, from, to);
    const at = slot * SLOT;
    const found = this.table[at] ?? 0;
    if (found !== 0) return found - 1;
    const row = this.rows;
    const length = to - from;
    if (this.used + length > this.bytes.length) {
      this.bytes = grown(this.bytes, this.used + length, (size) => new Uint8Array(size));
    }
    // a byte loop: ids are short, and a subarray per id would be an object per row
    const own = this.bytes;
    for (let i = 0; i < length; i++) own[this.used + i] = b[from + i] ?? 0;
    if (row + 2 > this.starts.length) {
      this.starts = grown(this.starts, row + 2, (size) => new Uint32Array(size));
    }
    this.starts[row] = this.used;
    this.starts[row + 1] = this.used + length;
    this.table[at] = row + 1;
    this.table[at + 1] = this.used;
    this.table[at + 2] = length;
    this.table[at + 3] = hash;
    this.used += length;
    this.rows++;
    if (this.rows * 2 * SLOT > this.table.length) this.rehash();
    return -1;
  }

  finish(): IdIndex {
    return {
      bytes: this.bytes.slice(0, this.used),
      starts: this.starts.slice(0, this.rows + 1),
      table: this.table,
      rows: this.rows,
    };
  }

  /** Twice the slots, each entry moved to its place in the bigger table. */
  private rehash(): void {
    const old = this.table;
    const table = new Uint32Array(old.length * 2);
    const mask = table.length / SLOT - 1;
    for (let from = 0; from < old.length; from += SLOT) {
      if (old[from] === 0) continue;
      let slot = (old[from + 3] ?? 0) & mask;
      while (table[slot * SLOT] !== 0) slot = (slot + 1) & mask;
      const to = slot * SLOT;
      for (let w = 0; w < SLOT; w++) table[to + w] = old[from + w] ?? 0;
    }
    this.table = table;
  }
}
