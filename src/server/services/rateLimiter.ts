// Counts failed sign-ins in memory per key within a sliding window. One process serves the
// platform, so memory is the right store; a restart forgives everyone, which is acceptable.
export interface RateLimiterOptions {
  max: number;
  windowMs: number;
}

export class FailureCounter {
  private readonly hits = new Map<string, number[]>();
  constructor(private readonly options: RateLimiterOptions) {}

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.options.windowMs);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }

  /** Seconds until the key may try again, or 0 when it is not blocked. */
  blockedFor(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    if (list.length < this.options.max) return 0;
    return Math.max(1, Math.ceil((list[0]! + this.options.windowMs - now) / 1000));
  }

  fail(key: string, now = Date.now()): void {
    const list = this.recent(key, now);
    list.push(now);
    this.hits.set(key, list);
    if (this.hits.size > 100_000) this.prune(now);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  /** Takes back one counted attempt: it was counted up front and turned out to succeed. */
  forgive(key: string): void {
    const list = this.hits.get(key);
    if (!list) return;
    list.pop();
    if (!list.length) this.hits.delete(key);
  }

  private prune(now: number): void {
    for (const key of [...this.hits.keys()]) this.recent(key, now);
  }
}

export interface LoginLimiter {
  perAccount: FailureCounter;
  perIp: FailureCounter;
}

export function createLoginLimiter(): LoginLimiter {
  return {
    perAccount: new FailureCounter({ max: 5, windowMs: 15 * 60_000 }),
    perIp: new FailureCounter({ max: 30, windowMs: 15 * 60_000 }),
  };
}
