// GET /metrics: off by default, behind a bearer token with METRICS_TOKEN, or on a listener of its
// own with METRICS_HOST; Prometheus text whose routes are REST patterns and procedure names, never
// raw URLs, with live streams, limit refusals, sign-ins, pending proofs, database size and Node's
// own figures. On either engine.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/http/app';
import { createTestDb, createUser, type TestDb } from '../helpers/db';
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
