// Collects what is wrong with a file: every problem is counted, the first `max` are kept with
// their message, so a file with a million bad rows costs a million counts, not a million texts.
import type { FileProblem, FileRefusal } from './types';

export class ProblemList {
  readonly items: FileProblem[] = [];
  total = 0;

  constructor(readonly max = 100) {}

  /** Whether the next problem's message will be kept (callers skip building it otherwise). */
  get wantsMore(): boolean {
    return this.items.length < this.max;
  }

  add(line: number | null, message: string): void {
    this.total++;
    if (this.items.length < this.max) this.items.push({ line, message });
  }

  /** Counts a problem whose message is not kept (the list is full). */
  count(): void {
    this.total++;
  }

  refusal(): FileRefusal {
    return { ok: false, problems: this.items, total: this.total };
  }
}

/** A refusal of the file as a whole, or of one line. */
export function refuse(message: string, line: number | null = null): FileRefusal {
  return { ok: false, problems: [{ line, message }], total: 1 };
}

/** A value as a message shows it: quoted, and cut short when long (a member's cell can be 1 MB). */
export function shown(value: string): string {
  const cut = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return JSON.stringify(cut);
}

/** A byte count in words: '20 MB', '1.5 GB', '512 bytes'. */
export function bytesInWords(bytes: number): string {
  const units: [number, string][] = [
    [2 ** 30, 'GB'],
    [2 ** 20, 'MB'],
    [2 ** 10, 'KB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}
