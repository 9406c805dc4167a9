// Typed arrays filled one value at a time when the row count is not known in advance (the
// reader does not count a file's rows before reading them): doubled when full, cut to size at the
// end. A plain number[] of a million values costs more memory and more garbage collection.
type Typed = Uint8Array | Int32Array | Uint32Array | Float64Array;

/** A copy of `array` at least `atLeast` long (doubling), its values kept. */
export function grown<T extends Typed>(array: T, atLeast: number, make: (size: number) => T): T {
  let size = Math.max(array.length * 2, 16);
  while (size < atLeast) size *= 2;
  const bigger = make(size);
  bigger.set(array);
  return bigger;
}

/** A typed array filled one value at a time. */
export class Growing<T extends Typed> {
  private values: T;
  length = 0;

  constructor(private readonly make: (size: number) => T) {
    this.values = make(1024);
  }

  push(value: number): void {
    if (this.length === this.values.length) {
      this.values = grown(this.values, this.length + 1, this.make);
    }
    this.values[this.length++] = value;
  }

  at(i: number): number {
    return this.values[i] ?? NaN;
  }

  /** The values, in an array of their own cut to size. */
  finish(): T {
    const out = this.make(this.length);
    out.set(this.values.subarray(0, this.length));
    return out;
  }
}

export const growingFloat64 = () => new Growing((size) => new Float64Array(size));
export const growingInt32 = () => new Growing((size) => new Int32Array(size));
export const growingUint8 = () => new Growing((size) => new Uint8Array(size));
