// Starts the real Express app on 127.0.0.1 and a port the OS picks.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import { createApp } from '../../src/server/app';
import type { AppDeps } from '../../src/server/context';
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
  } & TestDbOptions = {},
): Promise<TestServer> {
  const t = await createTestDb(opts);
  if (opts.logger) t.deps.logger = opts.logger;
  const app = createApp(t.deps, {
    clientDir: opts.clientDir ?? (opts.withClient ? path.resolve('dist/client') : undefined),
    trustProxy: opts.trustProxy,
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
      t.close();
    },
  };
}

/** A tiny cookie-keeping HTTP client for REST tests. */
export class HttpClient {
  cookie = '';
  constructor(private readonly base: string) {}

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
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c)) this.cookie = '';
      else this.cookie = pair;
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
