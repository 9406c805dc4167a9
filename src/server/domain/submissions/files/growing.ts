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

export class GrowingFloat64 {
  private values = new Float64Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      this.values = grown(this.values, this.length + 1, (size) => new Float64Array(size));
    }
    this.values[this.length++] = value;
  }

  at(i: number): number {
    return this.values[i] ?? NaN;
  }

  finish(): Float64Array {
    return this.values.slice(0, this.length);
  }
}

export class GrowingInt32 {
  private values = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      this.values = grown(this.values, this.length + 1, (size) => new Int32Array(size));
    }
    this.values[this.length++] = value;
  }

  finish(): Int32Array {
    return this.values.slice(0, this.length);
  }
}

export class GrowingUint8 {
  private values = new Uint8Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      this.values = grown(this.values, this.length + 1, (size) => new Uint8Array(size));
    }
    this.values[this.length++] = value;
  }

  finish(): Uint8Array {
    return this.values.slice(0, this.length);
  }
}
