// Where links in mail point without PUBLIC_URL (issue 27), over real HTTP: at the address the
// server first served, recorded once, never at a Host header a later request chose; every app
// server on the database uses the same one; PUBLIC_URL, when set, wins over both.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/http/app';
import {
  closeDatabase,
  openDatabase,
  openPostgresDatabase,
  type DB,
} from '../../src/server/platform/db/client';
import { createLimits, limitStoreFor } from '../../src/server/platform/limits';
import { settings } from '../../src/server/platform/db/schema';
import { FIRST_SERVED_ORIGIN_KEY } from '../../src/server/domain/accounts/linkOrigin';
import { createUser } from '../helpers/db';
import { latestLink } from '../helpers/mail';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ limits: { resetRequestsPerIpPerHour: 1000 } });
});
afterAll(() => s?.stop());

/** A POST naming whatever Host it likes (fetch sends the URL's own): a stranger's request. */
function postWithHost(base: string, path: string, host: string, body: unknown): Promise<number> {
  const url = new URL(base);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: { host, 'content-type': 'application/json', 'content-length': payload.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const recordedRow = async () =>
  (await s.db.select().from(settings).where(eq(settings.key, FIRST_SERVED_ORIGIN_KEY)))[0];

describe('links in mail without PUBLIC_URL', () => {
  it('point at the address first served, not at a Host header sent later (REST and tRPC)', async () => {
    // The operator's own first visit, at the server's address.
    expect(await recordedRow()).toBeUndefined();
    expect((await new HttpClient(s.url).get('/api/user')).status).toBe(401);
    expect(JSON.parse((await recordedRow())!.value)).toBe(s.url);

    const member = await createUser(s.db);
    const rest = await postWithHost(s.url, '/api/password/forgot', 'evil.example', {
      identifier: member.username,
    });
    expect(rest).toBe(202);
    const link = await latestLink(s.db, member.email, 'password_reset', '/reset-password');
    expect(link.host).not.toBe('evil.example');
    expect(link.origin).toBe(s.url);

    const other = await createUser(s.db);
    const trpc = await postWithHost(s.url, '/trpc/password.forgot', 'evil.example:8080', {
      json: { identifier: other.email },
    });
    expect(trpc).toBe(200);
    const trpcLink = await latestLink(s.db, other.email, 'password_reset', '/reset-password');
    expect(trpcLink.origin).toBe(s.url);
    // Recorded once: the stranger's address replaced nothing.
    expect(JSON.parse((await recordedRow())!.value)).toBe(s.url);
  });

  it('another app server on the database links to the same recorded address', async () => {
    await new HttpClient(s.url).get('/api/user');
    const db: DB = s.env.DATABASE_URL
      ? await openPostgresDatabase(s.env.DATABASE_URL, { poolSize: 2 })
      : await openDatabase(s.env.DATABASE_PATH);
    const app = createApp(
      { ...s.deps, db, limits: createLimits({}, limitStoreFor(db)) },
      { clientDir: undefined },
    );
    const server = await new Promise<http.Server>((resolve) => {
      const started = app.listen(0, '127.0.0.1', () => resolve(started));
    });
    const second = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const member = await createUser(s.db);
      const res = await new HttpClient(second).post('/api/password/forgot', {
        identifier: member.username,
      });
      expect(res.status).toBe(202);
      const link = await latestLink(s.db, member.email, 'password_reset', '/reset-password');
      expect(link.origin).toBe(s.url);
      expect(link.origin).not.toBe(second);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeDatabase(db);
    }
  });

  it('PUBLIC_URL, when set, wins over the recorded address and any Host header', async () => {
    const member = await createUser(s.db);
    s.deps.publicOrigin = 'https://contests.example.org';
    try {
      const res = await postWithHost(s.url, '/api/password/forgot', 'evil.example', {
        identifier: member.username,
      });
      expect(res).toBe(202);
      const link = await latestLink(s.db, member.email, 'password_reset', '/reset-password');
      expect(link.origin).toBe('https://contests.example.org');
    } finally {
      s.deps.publicOrigin = undefined;
    }
  });
});
