// Starts the real Express app on 127.0.0.1 and a port the OS picks.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import { createApp } from '../../src/server/http/app';
import type { AppDeps } from '../../src/server/trpc/context';
import { createTestDb, type TestDb, type TestDbOptions } from './db';

export interface TestServer extends TestDb {
  url: string;
  server: Server;
  stop: () => Promise<void>;
}

export async function startTestServer(
  opts: {
    withClient?: boolean;
    /** Serve this folder as the client (instead of dist/client with `withClient`). */
    clientDir?: string;
    trustProxy?: boolean;
    /** The app's logger (a silent one unless given), e.g. one writing to a stream a test reads. */
    logger?: AppDeps['logger'];
    /** Serve GET /metrics to this bearer token. */
    metricsToken?: string;
  } & TestDbOptions = {},
): Promise<TestServer> {
  const t = await createTestDb(opts);
  if (opts.logger) t.deps.logger = opts.logger;
  const app = createApp(t.deps, {
    clientDir: opts.clientDir ?? (opts.withClient ? path.resolve('dist/client') : undefined),
    trustProxy: opts.trustProxy,
    metricsToken: opts.metricsToken,
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    ...t,
    server,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}

/**
 * A tiny cookie-keeping HTTP client for REST tests. It keeps each cookie by name, as a browser
 * does (the session cookie and the device cookie of a sign-in); `cookie` reads and writes the
 * whole Cookie header, and `cookieNamed` one of them.
 */
export class HttpClient {
  private jar = new Map<string, string>();
  constructor(private readonly base: string) {}

  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  set cookie(header: string) {
    this.jar.clear();
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0) this.jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
    }
  }
  /** One cookie as `name=value`, or '' when the client holds none of that name. */
  cookieNamed(name: string): string {
    const value = this.jar.get(name);
    return value === undefined ? '' : `${name}=${value}`;
  }
  /** Drops one cookie (a browser whose session cookie was lost, say), keeping the others. */
  forget(name: string): void {
    this.jar.delete(name);
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const init: RequestInit = { method, headers: { ...headers } };
    if (this.cookie) (init.headers as Record<string, string>).cookie = this.cookie;
    if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      init.body =
        typeof body === 'string' || body instanceof FormData ? body : JSON.stringify(body);
      if (body instanceof FormData) delete (init.headers as Record<string, string>)['content-type'];
    }
    const res = await fetch(this.base + path, init);
    const setCookie = res.headers.getSetCookie();
    for (const c of setCookie) {
      const pair = c.split(';')[0]!;
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c)) this.jar.delete(name);
      else this.jar.set(name, pair.slice(eq + 1));
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return {
      status: res.status,
      headers: res.headers,
      json: json as Record<string, unknown>,
      text,
      setCookie,
    };
  }

  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body?: unknown) {
    return this.request('POST', path, body);
  }
  patch(path: string, body?: unknown) {
    return this.request('PATCH', path, body);
  }
  delete(path: string) {
    return this.request('DELETE', path);
  }
}
