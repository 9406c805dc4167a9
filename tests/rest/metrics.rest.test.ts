// GET /metrics: off by default, behind a bearer token with METRICS_TOKEN, or on a listener of its
// own with METRICS_HOST; Prometheus text whose routes are REST patterns and procedure names, never
// raw URLs, with live streams, limit refusals, sign-ins, pending proofs, database size, the
// tournaments' open disputes, matches waiting for a result and check-in, and Node's own figures.
// On either engine.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/http/app';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { callerFor, createTestDb, createUser, type CreatedUser, type TestDb } from '../helpers/db';
import { insertContest } from '../helpers/contests';
import { insertProof } from '../helpers/payments';
import { generate } from 'otplib';
import { beginSetup, enableTwoFactor } from '../../src/server/domain/accounts/twoFactor';
import { freePort, startServerProcess } from '../helpers/serverProcess';
import { startTestServer, type TestServer } from '../helpers/server';

const TOKEN = 'metrics-token-for-the-tests';

let t: TestDb;
let server: Server;
let base: string;
beforeAll(async () => {
  t = await createTestDb({ limits: { signupsPerIpPerHour: 2 } });
  const app = createApp(t.deps, { metricsToken: TOKEN });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await t.close();
});

const scrape = () =>
  fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => r.text());

describe('GET /metrics', () => {
  it('is not served without METRICS_TOKEN', async () => {
    const plain: TestServer = await startTestServer();
    try {
      expect((await fetch(`${plain.url}/metrics`)).status).toBe(404);
    } finally {
      await plain.stop();
    }
  });

  it('refuses a scraper without the token, or with another one', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('labels requests by route pattern and procedure, never by raw URL', async () => {
    for (const path of [
      '/api/contests/424242',
      '/api/contests/some-slug-nobody-has',
      '/trpc/settings.public',
      `/trpc/no.such.procedure.${Date.now()}`,
    ]) {
      await (await fetch(`${base}${path}`)).text();
    }
    const text = await scrape();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{route="GET \/api\/contests\/:idOrSlug",method="GET",status="\d+"\} 2/,
    );
    expect(text).toMatch(/route="settings\.public",method="GET",status="200"/);
    expect(text).toMatch(/route="trpc unknown"/);
    expect(text).not.toContain('424242');
    expect(text).not.toContain('some-slug-nobody-has');
    expect(text).not.toContain('no.such.procedure');
  });

  it('counts sign-ins by outcome and limit refusals by limiter', async () => {
    const member = await createUser(t.db);
    const login = (password: string) =>
      fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: member.username, password }),
      });
    expect((await login(member.password)).status).toBe(200);
    expect((await login('wrong-password-1')).status).toBe(401);
    // Sign-ups past this address's limit of 2 an hour.
    for (let i = 0; i < 3; i += 1) {
      await fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `metric_signup_${i}`,
          email: `metric_signup_${i}@example.com`,
          password: 'kestrel-orbit-93',
          confirmPassword: 'kestrel-orbit-93',
        }),
      });
    }
    const text = await scrape();
    expect(text).toMatch(/contest_sign_ins_total\{outcome="success"\} [1-9]/);
    expect(text).toMatch(/contest_sign_ins_total\{outcome="failure"\} [1-9]/);
    expect(text).toMatch(/contest_rate_limit_refusals_total\{limiter="signup"\} [1-9]/);
  });

  it('counts the code step of two-factor sign-in as an attempt too', async () => {
    const failures = async () =>
      Number(/contest_sign_ins_total\{outcome="failure"\} (\d+)/.exec(await scrape())?.[1] ?? 0);
    const member = await createUser(t.db, { username: 'metric_2fa' });
    const actor = { id: member.id, username: member.username, role: member.role, ip: '127.0.0.1' };
    const { secret } = await beginSetup({ db: t.db, actor, sessionSecret: t.deps.sessionSecret });
    await enableTwoFactor({
      db: t.db,
      actor,
      sessionId: '',
      sessionSecret: t.deps.sessionSecret,
      limits: t.deps.limits,
      code: await generate({ secret }),
    });
    const first = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: member.username, password: member.password }),
    });
    expect(await first.json()).toEqual({ twoFactorRequired: true });
    const before = await failures();
    const wrong = await fetch(`${base}/api/login/2fa`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: first.headers.getSetCookie()[0]!.split(';')[0]!,
      },
      body: JSON.stringify({ code: '000000' }),
    });
    expect(wrong.status).toBe(401);
    expect(await failures()).toBe(before + 1);
  });

  it('reports pending proofs, the database size, open live streams and Node figures', async () => {
    const member = await createUser(t.db);
    await insertProof(t.db, { userId: member.id, tier: 'pro' });
    const text = await scrape();
    expect(text).toMatch(/^contest_pending_payment_proofs [1-9]/m);
    expect(text).toMatch(/^contest_database_size_bytes [1-9]\d*/m);
    expect(text).toMatch(/^contest_live_streams \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^process_resident_memory_bytes /m);
  });
});

describe('GET /metrics: tournaments', () => {
  /** The value of one series (the whole line: name and labels), or undefined when it is absent. */
  const valueOf = (text: string, series: string): number | undefined => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };
  const SERIES = [
    'contest_open_disputes',
    'contest_matches_awaiting_result',
    'contest_check_in_open_contests',
    'contest_check_in_participants{state="checked_in"}',
    'contest_check_in_participants{state="not_checked_in"}',
  ];
  const figures = async () => {
    const text = await scrape();
    return Object.fromEntries(SERIES.map((s) => [s, valueOf(text, s)]));
  };

  it('reports open disputes, matches waiting for a result and the check-in of running contests', async () => {
    // Nothing yet: every series is there, at 0.
    expect(await figures()).toEqual(Object.fromEntries(SERIES.map((s) => [s, 0])));

    const organiser = await createUser(t.db);
    const as = (user: CreatedUser) => callerFor(t, user).caller;
    const joined = async (contestId: number, n: number) => {
      const members: CreatedUser[] = [];
      for (let i = 0; i < n; i += 1) {
        const member = await createUser(t.db);
        await addParticipant({ db: t.db, contestId, userId: member.id });
        members.push(member);
      }
      return members;
    };

    // A knockout of four with self-reported results: two semi-finals ready, the final waiting.
    const knockout = await insertContest(t.db, {
      createdBy: organiser.id,
      format: 'knockout',
      tournament: { selfReport: true },
      registrationDeadline: new Date(Date.now() - 60_000),
    });
    const players = await joined(knockout.id, 4);
    await as(organiser).tournaments.generate({ contestId: knockout.id, seeding: 'random' });
    const semis = await as(organiser).tournaments.matches({
      contestId: knockout.id,
      status: 'ready',
    });
    expect(semis).toHaveLength(2);
    expect(await figures()).toMatchObject({
      contest_open_disputes: 0,
      contest_matches_awaiting_result: 2,
    });

    // One semi-final reported by a player and disputed by the other; the organiser decides the
    // other one. The disputed one still waits for its result; the final waits for it.
    const [a, ...others] = players as [CreatedUser, ...CreatedUser[]];
    const [mine] = await as(a).tournaments.matches({ contestId: knockout.id, mine: true });
    let b: CreatedUser | undefined;
    for (const p of others) {
      const [theirs] = await as(p).tournaments.matches({ contestId: knockout.id, mine: true });
      if (theirs!.id === mine!.id) b = p;
    }
    await as(a).tournaments.report({ matchId: mine!.id, scores: [3, 0] });
    await as(b!).tournaments.dispute({ matchId: mine!.id, scores: [0, 3], reason: 'It was 0-3' });
    const other = semis.find((m) => m.id !== mine!.id)!;
    await as(organiser).tournaments.report({ matchId: other.id, scores: [2, 1] });

    // A league whose check-in window (60 minutes before its start, 30 minutes away) is open: one
    // of its three participants has checked in. Another with check-in whose window opens later
    // counts its participants, not as open; a contest without check-in counts nowhere.
    const soon = await insertContest(t.db, {
      createdBy: organiser.id,
      format: 'league',
      tournament: { checkInMinutes: 60 },
      startDate: new Date(Date.now() + 30 * 60_000),
    });
    const [first] = await joined(soon.id, 3);
    await as(first!).checkIn.checkIn({ contestId: soon.id });
    const later = await insertContest(t.db, {
      createdBy: organiser.id,
      format: 'knockout',
      tournament: { checkInMinutes: 15 },
      startDate: new Date(Date.now() + 3 * 60 * 60_000),
    });
    await joined(later.id, 2);
    const noCheckIn = await insertContest(t.db, { createdBy: organiser.id, format: 'league' });
    await joined(noCheckIn.id, 2);

    expect(await figures()).toEqual({
      contest_open_disputes: 1,
      contest_matches_awaiting_result: 1,
      contest_check_in_open_contests: 1,
      'contest_check_in_participants{state="checked_in"}': 1,
      'contest_check_in_participants{state="not_checked_in"}': 4,
    });

    // The organiser settles the dispute: the final becomes ready, and is the one match waiting.
    await as(organiser).tournaments.report({ matchId: mine!.id, scores: [0, 3] });
    expect(await figures()).toMatchObject({
      contest_open_disputes: 0,
      contest_matches_awaiting_result: 1,
    });
    const text = await scrape();
    expect(text).toContain('# TYPE contest_open_disputes gauge');
    expect(text).toContain('# HELP contest_matches_awaiting_result ');
  });
});

describe('METRICS_HOST', () => {
  it('serves /metrics on a listener of its own, and not on the app', async () => {
    const port = await freePort();
    const proc = await startServerProcess({
      DATABASE_PATH: `${t.dir}/metrics-host.db`,
      UPLOAD_DIR: `${t.dir}/metrics-uploads`,
      METRICS_HOST: `127.0.0.1:${port}`,
      SEED_DEMO: 'false',
    });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('http_request_duration_seconds');
      expect((await fetch(`${proc.base}/metrics`)).status).toBe(404);
    } finally {
      await proc.stop();
    }
  }, 60_000);
});
