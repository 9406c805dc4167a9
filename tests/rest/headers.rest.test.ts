// Response headers every answer carries (cache, framing, permissions, HSTS) and the CSRF guard's
// origin comparison, over real HTTP against the real Express app.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type CreateAppOptions } from '../../src/server/http/app';
import type { AppDeps } from '../../src/server/trpc/context';
import { createTestDb, createUser, type TestDb } from '../helpers/db';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let member: HttpClient;

beforeAll(async () => {
  s = await startTestServer();
  const user = await createUser(s.db);
  member = new HttpClient(s.url);
  const res = await member.post('/api/login', { username: user.username, password: user.password });
  expect(res.status).toBe(200);
});
afterAll(() => s?.stop());

/** The same app with other deps or options (PUBLIC_URL, TRUST_PROXY), on its own port. */
async function startVariant(extra: Partial<AppDeps>, options: CreateAppOptions = {}) {
  const t: TestDb = await createTestDb();
  const app = createApp({ ...t.deps, ...extra }, options);
  const server = await new Promise<Server>((resolve) => {
    const started = app.listen(0, '127.0.0.1', () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    t,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}

describe('Cache-Control on API answers', () => {
  it.each([
    ['GET', '/api/health', 200],
    ['GET', '/api/settings', 200],
    ['GET', '/api/user', 200],
    ['GET', '/api/user/sessions', 200],
    ['GET', '/trpc/auth.me', 200],
    ['GET', '/trpc/account.listSessions', 200],
    ['GET', '/api/no-such-path', 404],
    ['GET', '/api/admin/settings', 403],
  ])('sends no-store with %s %s (signed in)', async (method, urlPath, status) => {
    const res = await member.request(method, urlPath);
    expect(res.status).toBe(status);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('sends no-store on anonymous and refused answers too', async () => {
    const anonymous = new HttpClient(s.url);
    for (const urlPath of ['/api/user', '/trpc/auth.me', '/api/users/%E0%A4%A']) {
      const res = await anonymous.get(urlPath);
      expect(res.status, urlPath).toBeLessThan(500);
      expect(res.headers.get('cache-control'), urlPath).toBe('no-store');
    }
    const login = await anonymous.post('/api/login', { username: 'nobody', password: 'whatever1' });
    expect(login.status).toBe(401);
    expect(login.headers.get('cache-control')).toBe('no-store');
  });
});

describe('framing, permissions and HSTS', () => {
  it('forbids framing in both the CSP and X-Frame-Options', async () => {
    for (const urlPath of ['/api/health', '/api/user', '/trpc/auth.me', '/no/such/page']) {
      const res = await member.get(urlPath);
      expect(res.headers.get('x-frame-options'), urlPath).toBe('DENY');
      expect(res.headers.get('content-security-policy'), urlPath).toMatch(/frame-ancestors 'none'/);
    }
  });

  it('denies powerful browser features with Permissions-Policy', async () => {
    const res = await member.get('/api/health');
    const policy = res.headers.get('permissions-policy') ?? '';
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(policy).toContain(`${feature}=()`);
    }
    // Every entry denies: nothing is granted to self or anyone else.
    for (const entry of policy.split(',')) expect(entry.trim()).toMatch(/^[a-z-]+=\(\)$/);
  });

  it('sends no HSTS over plain http, whatever X-Forwarded-Proto claims', async () => {
    const plain = await member.get('/api/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    // Without TRUST_PROXY the header is anyone's to forge.
    const forged = await member.request('GET', '/api/health', undefined, {
      'x-forwarded-proto': 'https',
    });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS when the request came over https through a trusted proxy', async () => {
    const proxied = await startVariant({}, { trustProxy: true });
    try {
      const http = new HttpClient(proxied.url);
      const secure = await http.request('GET', '/api/health', undefined, {
        'x-forwarded-proto': 'https',
      });
      expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
      const plain = await http.get('/api/health');
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await proxied.stop();
    }
  });
});

describe('CSRF guard: the whole origin', () => {
  const creds = { username: 'nobody', password: 'whatever1' };
  // 401 = the guard let it through to the procedure; 403 = the guard refused it.
  const post = (base: string, urlPath: string, headers: Record<string, string>) =>
    new HttpClient(base).request(
      'POST',
      urlPath,
      urlPath.startsWith('/trpc') ? { json: creds } : creds,
      headers,
    );

  it.each(['/api/login', '/trpc/auth.login'])(
    'lets the exact origin through on %s',
    async (urlPath) => {
      expect((await post(s.url, urlPath, { origin: s.url })).status).toBe(401);
    },
  );

  it.each(['/api/login', '/trpc/auth.login'])(
    'refuses another scheme, port or host on %s',
    async (urlPath) => {
      const { port } = new URL(s.url);
      for (const origin of [
        `https://127.0.0.1:${port}`,
        `http://127.0.0.1:${Number(port) + 1}`,
        'http://127.0.0.1',
        `http://localhost:${port}`,
        `http://127.0.0.1:${port}.evil.example`,
        `ftp://127.0.0.1:${port}`,
        'null',
        '',
      ]) {
        const res = await post(s.url, urlPath, { origin });
        expect(res.status, origin).toBe(403);
        expect(res.json, origin).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) });
      }
    },
  );

  it('still refuses Sec-Fetch-Site: cross-site, even with our own Origin', async () => {
    const res = await post(s.url, '/api/login', { origin: s.url, 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
  });

  it('still lets a request without Origin through (curl, scripts)', async () => {
    expect((await post(s.url, '/api/login', {})).status).toBe(401);
    expect((await post(s.url, '/trpc/auth.login', {})).status).toBe(401);
  });

  it('compares with PUBLIC_URL when it is set, not with the address the proxy used', async () => {
    const proxied = await startVariant({ publicOrigin: 'https://contests.example.org' });
    try {
      for (const urlPath of ['/api/login', '/trpc/auth.login']) {
        const own = await post(proxied.url, urlPath, { origin: 'https://contests.example.org' });
        expect(own.status, urlPath).toBe(401);
        // The default port is the same origin, as a browser would send it.
        const explicitPort = await post(proxied.url, urlPath, {
          origin: 'https://contests.example.org:443',
        });
        expect(explicitPort.status, urlPath).toBe(401);
        for (const origin of [
          proxied.url,
          'http://contests.example.org',
          'https://contests.example.org:8443',
          'https://evil.contests.example.org',
        ]) {
          expect((await post(proxied.url, urlPath, { origin })).status, origin).toBe(403);
        }
      }
    } finally {
      await proxied.stop();
    }
  });

  it('does not guard reads', async () => {
    const res = await new HttpClient(s.url).request('GET', '/api/settings', undefined, {
      origin: 'http://evil.example',
    });
    expect(res.status).toBe(200);
  });
});
