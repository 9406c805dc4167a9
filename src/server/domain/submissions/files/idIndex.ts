// The key's ids as one block of bytes with an open-addressing hash table over it, so a
// submission's id is found from its bytes in the file, without a string per row. Measured on this
// machine: a JavaScript Map of a million fresh id strings took 0.45 s to fill and 0.4 s to probe;
// this table takes a small part of that and no garbage. Plain data (typed arrays only), so it
// crosses postMessage to a worker thread as it is.
// The hash is FNV-1a (32 bits) with a final mix. The key's ids come from the organiser; a
// member's ids are only looked up, never inserted, so a member cannot lengthen the probe chains.
import { Buffer } from 'node:buffer';
import { grown } from './growing';

export interface IdIndex {
  /** every id's UTF-8 bytes, one after the other, in the key's row order */
  bytes: Uint8Array;
  /** id i is bytes[starts[i], starts[i + 1]); length rows + 1 */
  starts: Uint32Array;
  /** row + 1 of the id in each slot, 0 for an empty slot; its length is a power of two */
  table: Int32Array;
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

function sameBytes(
  own: Uint8Array,
  starts: Uint32Array,
  row: number,
  b: Uint8Array,
  from: number,
  to: number,
): boolean {
  const s = starts[row] ?? 0;
  const e = starts[row + 1] ?? 0;
  if (e - s !== to - from) return false;
  for (let i = 0; i < e - s; i++) if (own[s + i] !== b[from + i]) return false;
  return true;
}

/** The row of the id in bytes [from, to), or -1. */
export function findId(index: IdIndex, b: Uint8Array, from: number, to: number): number {
  const mask = index.table.length - 1;
  for (let slot = hashBytes(b, from, to) & mask; ; slot = (slot + 1) & mask) {
    const entry = index.table[slot] ?? 0;
    if (entry === 0) return -1;
    if (sameBytes(index.bytes, index.starts, entry - 1, b, from, to)) return entry - 1;
  }
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
  private hashes = new Uint32Array(1 << 12);
  private table = new Int32Array(1 << 13);
  rows = 0;

  /** Adds the id in bytes [from, to) as the next row, or gives the row that already holds it. */
  add(b: Uint8Array, from: number, to: number): number {
    const hash = hashBytes(b, from, to);
    const mask = this.table.length - 1;
    let slot = hash & mask;
    for (; ; slot = (slot + 1) & mask) {
      const entry = this.table[slot] ?? 0;
      if (entry === 0) break;
      if (sameBytes(this.bytes, this.starts, entry - 1, b, from, to)) return entry - 1;
    }
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
      this.hashes = grown(this.hashes, row + 2, (size) => new Uint32Array(size));
    }
    this.starts[row] = this.used;
    this.used += length;
    this.starts[row + 1] = this.used;
    this.hashes[row] = hash;
    this.table[slot] = row + 1;
    this.rows++;
    if (this.rows * 2 > this.table.length) this.rehash();
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

  private rehash(): void {
    const table = new Int32Array(this.table.length * 2);
    const mask = table.length - 1;
    for (let row = 0; row < this.rows; row++) {
      let slot = (this.hashes[row] ?? 0) & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = row + 1;
    }
    this.table = table;
  }
}
