// Prometheus metrics (prom-client), one registry per app: requests and their durations by route
// (a REST row's path pattern or a tRPC procedure, never a raw URL, so a scanner cannot blow up
// the series), open live streams, rate-limit refusals by limiter, sign-ins by outcome, and, read
// when scraped, pending payment proofs, the database's size and the tournaments' state (open
// disputes, matches waiting for a result, check-in of running contests); plus Node's own
// (event-loop lag, memory, GC). Served at GET /metrics only when METRICS_TOKEN is set (a bearer token) or on a
// listener of its own at METRICS_HOST (http/metrics.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import client from 'prom-client';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { BRACKET_FORMATS, PLAYABLE_MATCH_STATUSES } from '../../shared/tournaments';
import { checkInWindow, isCheckInOpen } from '../../shared/schemas/tournaments';
import type { DB } from './db/client';
import { dialect, rows } from './db/dialect';
import { bracketMatches, contestParticipants, contests, paymentProofs } from './db/schema';
import { limitRefusals } from './limits';

export interface Metrics {
  registry: client.Registry;
  /** Counts and times one answered request under its route label. */
  observe: (req: IncomingMessage, res: ServerResponse) => void;
}

const ROUTE = Symbol('metricsRoute');

/** Names the request's route for the metrics (a REST row's pattern, a procedure). */
export function labelRoute(res: ServerResponse, route: string): void {
  (res as unknown as Record<symbol, string>)[ROUTE] = route;
}

export function createMetrics({
  db,
  procedures,
}: {
  db: DB;
  /** Every tRPC procedure's path: a name outside it is counted as 'trpc unknown'. */
  procedures: ReadonlySet<string>;
}): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const streams = new client.Gauge({
    name: 'contest_live_streams',
    help: 'Open live streams (leaderboards, payment updates)',
    registers: [registry],
  });
  const refusals = new client.Counter({
    name: 'contest_rate_limit_refusals_total',
    help: 'Requests refused by an abuse limit, by limiter',
    labelNames: ['limiter'] as const,
    registers: [registry],
  });
  const onRefused = (limiter: string) => refusals.inc({ limiter });
  limitRefusals.on('refused', onRefused);
  const signIns = new client.Counter({
    name: 'contest_sign_ins_total',
    help: 'Sign-in attempts (password, two-factor code, OpenID) by outcome (success, failure, limited)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  /** A gauge read when scraped: `read` answers its value at that moment. */
  const gaugeReadOnScrape = (name: string, help: string, read: () => Promise<number>) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(await read());
      },
    });
  /** The count a query's one row holds (no row: 0). */
  const counted = async (query: PromiseLike<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  gaugeReadOnScrape('contest_pending_payment_proofs', 'Payment proofs waiting for review', () =>
    counted(
      rows<{ n: number }>(
        db,
        sql`SELECT count(*) AS n FROM ${paymentProofs} WHERE ${eq(paymentProofs.status, 'pending')}`,
      ),
    ),
  );
  gaugeReadOnScrape(
    'contest_database_size_bytes',
    'Size of the database (the SQLite file, or the PostgreSQL database)',
    async () => {
      const [row] = await rows<{ bytes: number }>(
        db,
        dialect === 'pg'
          ? sql`SELECT pg_database_size(current_database()) AS bytes`
          : sql`SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()`,
      );
      return Number(row?.bytes ?? 0);
    },
  );
  gaugeReadOnScrape(
    'contest_open_disputes',
    "Disputed match results waiting for an organiser (the moderators' queue)",
    () =>
      counted(
        db
          .select({ n: count() })
          .from(bracketMatches)
          .where(eq(bracketMatches.reportState, 'disputed')),
      ),
  );
  gaugeReadOnScrape(
    'contest_matches_awaiting_result',
    'Matches of running contests that can take a result now (ready or running), disputed ones included',
    () =>
      counted(
        db
          .select({ n: count() })
          .from(bracketMatches)
          .innerJoin(contests, eq(contests.id, bracketMatches.contestId))
          .where(
            and(
              eq(contests.status, 'active'),
              inArray(bracketMatches.status, [...PLAYABLE_MATCH_STATUSES]),
            ),
          ),
      ),
  );
  gaugeReadOnScrape(
    'contest_check_in_open_contests',
    'Running bracket contests whose check-in window is open now',
    async () => {
      const now = Date.now();
      return (await runningBracketContests()).filter((c) => isCheckInOpen(c, now)).length;
    },
  );
  new client.Gauge({
    name: 'contest_check_in_participants',
    help: 'Participants of running bracket contests with a check-in window, by whether they have checked in',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const ids = (await runningBracketContests()).filter((c) => checkInWindow(c)).map((c) => c.id);
      let participants = 0;
      let checkedIn = 0;
      // On those contests' rows only (their index), never every contest's; in chunks, as a
      // statement takes a limited number of parameters.
      for (let i = 0; i < ids.length; i += 500) {
        const [row] = await db
          .select({ n: count(), checkedIn: count(contestParticipants.checkedInAt) })
          .from(contestParticipants)
          .where(inArray(contestParticipants.contestId, ids.slice(i, i + 500)));
        participants += Number(row?.n ?? 0);
        checkedIn += Number(row?.checkedIn ?? 0);
      }
      this.set({ state: 'checked_in' }, checkedIn);
      this.set({ state: 'not_checked_in' }, participants - checkedIn);
    },
  });

  /**
   * Running bracket contests, with what the shared check-in rule reads: whether one has a window
   * is in its settings (JSON, with defaults), so it is decided here rather than in the SQL.
   */
  function runningBracketContests() {
    return db
      .select({
        id: contests.id,
        status: contests.status,
        format: contests.format,
        tournament: contests.tournament,
        startDate: contests.startDate,
        bracketGeneratedAt: contests.bracketGeneratedAt,
      })
      .from(contests)
      .where(and(eq(contests.status, 'active'), inArray(contests.format, [...BRACKET_FORMATS])));
  }

  function routeOf(req: IncomingMessage, res: ServerResponse): string {
    const named = (res as unknown as Record<symbol, string | undefined>)[ROUTE];
    if (named) return named;
    // Express shortens req.url inside mounted routers; originalUrl is the whole path.
    const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';
    if (url.startsWith('/trpc/')) {
      let names: string[];
      try {
        names = decodeURIComponent(url.slice(6).split('?')[0] ?? '').split(',');
      } catch {
        // A malformed escape (answered 400 already): no name to read.
        return 'trpc unknown';
      }
      if (names.length > 1) return 'trpc batch';
      return procedures.has(names[0]!) ? names[0]! : 'trpc unknown';
    }
    if (url.startsWith('/api/')) return url.startsWith('/api/health') ? 'health' : 'api other';
    if (url.startsWith('/uploads/')) return 'uploads';
    return 'static';
  }

  return {
    registry,
    observe(req, res) {
      const started = process.hrtime.bigint();
      const live = String(req.headers.accept ?? '').includes('text/event-stream');
      if (live) streams.inc();
      let done = false;
      // Once, when the answer is sent ('finish') or the client leaves before it ('close').
      // Recording must never throw: it runs in a response event, where an error would end the
      // process.
      const record = () => {
        if (done) return;
        done = true;
        try {
          recordOnce();
        } catch {
          /* a request the metrics cannot name is not worth a crash */
        }
      };
      const recordOnce = () => {
        const route = routeOf(req, res);
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        duration.observe(
          { route, method: req.method ?? 'GET', status: String(res.statusCode) },
          seconds,
        );
        // The password step (an account with two-factor sign-in gets its 200 before its code)
        // and the code step, each an attempt: their failures are guesses alike.
        if (
          route === 'auth.login' ||
          route === 'POST /api/login' ||
          route === 'auth.loginTwoFactor' ||
          route === 'POST /api/login/2fa'
        ) {
          const outcome =
            res.statusCode === 200 ? 'success' : res.statusCode === 429 ? 'limited' : 'failure';
          signIns.inc({ outcome });
        } else if (route === 'GET /api/auth/oidc/:provider/callback') {
          // Through an OpenID provider: signed in when sent on to '/' (http/oidc.ts).
          signIns.inc({ outcome: res.getHeader('location') === '/' ? 'success' : 'failure' });
        }
      };
      res.once('finish', record);
      res.once('close', () => {
        if (live) streams.dec();
        record();
      });
    },
  };
}
