// The figures and the verdict of `npm run test:soak` (scripts/soak.ts), kept free of I/O so the
// rules can be tested on made-up figures: any 5xx, failed request or unexpected 4xx fails the
// run; so does a p99 that doubles between the second and the last interval, or a server RSS
// that grows by more than 20 % after warm-up (the first interval; each interval's RSS is the
// median of readings every few seconds).

/** One answer (or failure) of the load, as the soak records it. */
export interface Sample {
  /** What was asked, e.g. 'sign-in', 'list (REST)', 'stream'. */
  kind: string;
  /** HTTP status; 0 for a request that got no answer (connection refused, reset, timeout). */
  status: number;
  ms: number;
  /** For a 4xx: the body's `reason` or `code`, so refusals can be told apart. */
  reason?: string;
  /** A 4xx the load provokes on purpose (a join to a full contest), not a bad request. */
  expected?: boolean;
}

export interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  rssAnon: number;
}

export interface IntervalFigures {
  index: number;
  seconds: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** The server's resident set during the interval (the median of its readings), bytes. */
  rss: number;
  heapUsed: number;
  /** Node's memory outside the V8 heap that it knows of (buffers). */
  external: number;
  /** The anonymous part of the RSS (Linux; 0 elsewhere). */
  rssAnon: number;
  /** The machine's 1-minute load average at the end (other processes share the cores). */
  load?: number;
  streamsOpened: number;
  streamEvents: number;
  expected4xx: number;
  unexpected4xx: number;
  server5xx: number;
  failed: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const at = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, at)]!;
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export function summarizeInterval(
  index: number,
  seconds: number,
  samples: Sample[],
  memory: Memory,
  streams: { opened: number; events: number },
): IntervalFigures {
  // Streams are held open for seconds on purpose: their time to the first event is a sample of
  // their own kind, but the percentiles are those of plain requests.
  const latencies = samples
    .filter((s) => s.kind !== 'stream' && s.status > 0)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  return {
    index,
    seconds,
    requests: samples.length,
    perSecond: samples.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    external: memory.external,
    rssAnon: memory.rssAnon,
    streamsOpened: streams.opened,
    streamEvents: streams.events,
    expected4xx: samples.filter((s) => s.status >= 400 && s.status < 500 && s.expected).length,
    unexpected4xx: samples.filter((s) => s.status >= 400 && s.status < 500 && !s.expected).length,
    server5xx: samples.filter((s) => s.status >= 500).length,
    failed: samples.filter((s) => s.status === 0).length,
  };
}

export interface KindFigures {
  kind: string;
  count: number;
  ok: number;
  /** '409 full (expected)' → count */
  refusals: Map<string, number>;
  server5xx: number;
  failed: number;
  p50: number;
  p99: number;
}

export function summarizeKinds(samples: Sample[]): KindFigures[] {
  const byKind = new Map<string, Sample[]>();
  for (const s of samples) {
    const list = byKind.get(s.kind) ?? [];
    list.push(s);
    byKind.set(s.kind, list);
  }
  return [...byKind.entries()].map(([kind, list]) => {
    const refusals = new Map<string, number>();
    for (const s of list) {
      if (s.status < 400 || s.status >= 500) continue;
      const label = `${s.status} ${s.reason ?? '?'} (${s.expected ? 'expected' : 'UNEXPECTED'})`;
      refusals.set(label, (refusals.get(label) ?? 0) + 1);
    }
    const latencies = list
      .filter((s) => s.status > 0)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    return {
      kind,
      count: list.length,
      ok: list.filter((s) => s.status >= 200 && s.status < 400).length,
      refusals,
      server5xx: list.filter((s) => s.status >= 500).length,
      failed: list.filter((s) => s.status === 0).length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };
  });
}

/** A p99 this much apart (ms) is never called doubled: 3 → 7 ms is noise, not a trend. */
export const P99_NOISE_MS = 25;
export const RSS_GROWTH_LIMIT = 0.2;

export interface Verdict {
  ok: boolean;
  /** Why the run failed, one line each. */
  failures: string[];
  /** Checks that could not be made, and why (a run too short for them). */
  skipped: string[];
}

export function verdict(
  intervals: IntervalFigures[],
  extra: { serverExit?: string; loadProblems?: string[] } = {},
): Verdict {
  const failures: string[] = [];
  const skipped: string[] = [];
  const total = (key: keyof IntervalFigures) =>
    intervals.reduce((sum, i) => sum + (i[key] as number), 0);
  if (total('server5xx') > 0) failures.push(`${total('server5xx')} answer(s) were 5xx`);
  if (total('failed') > 0) failures.push(`${total('failed')} request(s) got no answer`);
  if (total('unexpected4xx') > 0) {
    failures.push(`${total('unexpected4xx')} unexpected 4xx answer(s): the load itself is wrong`);
  }
  if (intervals.length < 3) {
    skipped.push(
      `p99 and RSS trends need at least 3 intervals (warm-up, second, last); this run had ${intervals.length}`,
    );
  } else {
    const second = intervals[1]!;
    const last = intervals[intervals.length - 1]!;
    if (last.p99 > 2 * second.p99 && last.p99 - second.p99 >= P99_NOISE_MS) {
      failures.push(
        `p99 doubled: ${second.p99.toFixed(1)} ms in interval 2, ${last.p99.toFixed(1)} ms in interval ${last.index}`,
      );
    }
    const warm = intervals[0]!.rss;
    const growth = (last.rss - warm) / warm;
    if (growth > RSS_GROWTH_LIMIT) {
      failures.push(
        `RSS grew ${(growth * 100).toFixed(0)} % after warm-up: ${mb(warm)} → ${mb(last.rss)} MB`,
      );
    }
  }
  if (extra.serverExit) failures.push(extra.serverExit);
  for (const problem of extra.loadProblems ?? []) failures.push(problem);
  return { ok: failures.length === 0, failures, skipped };
}

export function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

function pad(value: string | number, width: number): string {
  return String(value).padStart(width);
}

export function intervalHeader(unit: string): string {
  return `${pad(unit, 5)} ${pad('req/s', 7)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('load', 5)} ${pad('RSS MB', 7)} ${pad('anon MB', 8)} ${pad('heap MB', 8)} ${pad('ext MB', 7)} ${pad('streams', 8)} ${pad('events', 7)} ${pad('4xx exp', 8)} ${pad('4xx bad', 8)} ${pad('5xx', 4)} ${pad('failed', 7)}`;
}

export function intervalLine(f: IntervalFigures): string {
  return `${pad(f.index, 5)} ${pad(f.perSecond.toFixed(1), 7)} ${pad(f.p50.toFixed(1), 7)} ${pad(f.p99.toFixed(1), 7)} ${pad(f.load === undefined ? '-' : f.load.toFixed(1), 5)} ${pad(mb(f.rss), 7)} ${pad(mb(f.rssAnon), 8)} ${pad(mb(f.heapUsed), 8)} ${pad(mb(f.external), 7)} ${pad(f.streamsOpened, 8)} ${pad(f.streamEvents, 7)} ${pad(f.expected4xx, 8)} ${pad(f.unexpected4xx, 8)} ${pad(f.server5xx, 4)} ${pad(f.failed, 7)}`;
}

export function kindLines(kinds: KindFigures[]): string[] {
  const width = Math.max(4, ...kinds.map((k) => k.kind.length));
  const lines = [
    `${'kind'.padEnd(width)} ${pad('count', 7)} ${pad('2xx/3xx', 8)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('5xx', 4)} ${pad('failed', 7)}  4xx`,
  ];
  for (const k of [...kinds].sort((a, b) => a.kind.localeCompare(b.kind))) {
    const refusals = [...k.refusals.entries()].map(([label, n]) => `${n} × ${label}`).join(', ');
    lines.push(
      `${k.kind.padEnd(width)} ${pad(k.count, 7)} ${pad(k.ok, 8)} ${pad(k.p50.toFixed(1), 7)} ${pad(k.p99.toFixed(1), 7)} ${pad(k.server5xx, 4)} ${pad(k.failed, 7)}  ${refusals || '-'}`,
    );
  }
  return lines;
}
